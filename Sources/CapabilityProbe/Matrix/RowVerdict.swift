/// The verdict on one matrix row against a manifest.
public enum RowVerdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every requirement is satisfied: the store would offer the app.
    case eligible
    /// At least one requirement is unsatisfied: the store would hide the app.
    case excluded
    /// Nothing fails, but at least one requirement is unknown for this row.
    case undecided
}
