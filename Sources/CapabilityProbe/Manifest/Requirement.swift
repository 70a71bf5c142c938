/// One line of a manifest, resolved to what capcheck can check.
public struct Requirement: Sendable, Hashable {
    /// The key as written (`gps`, `android.hardware.camera`, `memory.total >= 3GiB`).
    public var key: String
    /// Where the requirement came from.
    public var source: RequirementSource
    /// The capability, alternatives, predicate, or the not-applicable reason.
    public var target: RequirementTarget
    /// Present, absent or optional.
    public var wanted: Wanted
    /// Why it exists or how to read it (implied-by reasons, runtime-flag notes), if anything.
    public var note: String?

    /// Creates a requirement.
    /// - Parameters:
    ///   - key: The key as written.
    ///   - source: Where it came from.
    ///   - target: What it is checked against.
    ///   - wanted: Present, absent or optional.
    ///   - note: Why it exists, if worth saying.
    public init(
        key: String, source: RequirementSource, target: RequirementTarget, wanted: Wanted,
        note: String? = nil
    ) {
        self.key = key
        self.source = source
        self.target = target
        self.wanted = wanted
        self.note = note
    }

    /// The reason this key has no Linux meaning, if it has none.
    public var notApplicableReason: String? {
        if case .notApplicable(let reason) = target { return reason }
        return nil
    }
}
