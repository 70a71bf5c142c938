/// The verdict on one requirement.
public enum RequirementVerdict: String, Codable, Sendable, Hashable, CaseIterable {
    /// The machine meets it.
    case satisfied
    /// The machine does not meet it.
    case unsatisfied
    /// It cannot be decided from what the source shows.
    case unknown
    /// The key has no Linux meaning (fails only with `--strict`).
    case notApplicable = "not-applicable"
    /// Reported, never failing.
    case optional
    /// A recommended item that is not met or cannot be decided (fails only with `--strict`).
    case warning
}
