/// The verdict on a whole manifest.
public enum OverallVerdict: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every required item is met (exit 0).
    case satisfied
    /// At least one required item is unmet (exit 1).
    case unsatisfied
    /// Nothing is unmet but a required item is unknown (exit 2).
    case undecided
}
