/// How a manifest is checked against a report.
public struct CheckOptions: Sendable, Hashable {
    /// Not-applicable keys fail (`--strict`).
    public var strict: Bool
    /// What an undecided result becomes (`--unknown-as`); nil keeps it undecided.
    public var unknownAs: UnknownPolicy?
    /// Declared facts overlaid on the report (`--assume ID=present|absent`), shown as assumed.
    public var assumptions: [String: CapabilityStatus]

    /// Creates options.
    /// - Parameters:
    ///   - strict: Not-applicable keys fail.
    ///   - unknownAs: What an undecided result becomes.
    ///   - assumptions: Declared facts by capability id.
    public init(
        strict: Bool = false, unknownAs: UnknownPolicy? = nil,
        assumptions: [String: CapabilityStatus] = [:]
    ) {
        self.strict = strict
        self.unknownAs = unknownAs
        self.assumptions = assumptions
    }
}
