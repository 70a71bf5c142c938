/// The verdict on one requirement, with its reason and evidence.
public struct RequirementResult: Codable, Sendable, Hashable {
    /// The key as written in the manifest.
    public var key: String
    /// Where the requirement came from (`plist`, `android`, `json`, `implied`, `default`).
    public var source: RequirementSource
    /// The capability id, `a|b` alternatives or predicate checked; nil when not applicable.
    public var capability: String?
    /// Present, absent or optional.
    public var wanted: Wanted
    /// The verdict.
    public var verdict: RequirementVerdict
    /// Why, in words: the evidence or what is missing, and the rule.
    public var reason: String
    /// Why the requirement exists or how to read it (implied-by, runtime flag), if anything.
    public var note: String?
    /// The devices and rules behind the verdict.
    public var evidence: [Evidence]
    /// Whether a `--assume` fact decided it.
    public var assumed: Bool
    /// How to settle it when the machine cannot meet it by nature, if that is the case.
    public var hint: RequirementHint?

    /// Creates a result.
    public init(
        key: String, source: RequirementSource, capability: String?, wanted: Wanted,
        verdict: RequirementVerdict, reason: String, note: String? = nil, evidence: [Evidence] = [],
        assumed: Bool = false, hint: RequirementHint? = nil
    ) {
        self.key = key
        self.source = source
        self.capability = capability
        self.wanted = wanted
        self.verdict = verdict
        self.reason = reason
        self.note = note
        self.evidence = evidence
        self.assumed = assumed
        self.hint = hint
    }
}
