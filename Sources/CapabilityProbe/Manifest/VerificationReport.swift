/// The `capcheck verify --json` document: one verdict per requirement and one overall.
public struct VerificationReport: Codable, Sendable, Hashable {
    /// The JSON schema version; changes only with a breaking change.
    public static let currentSchema = 1

    /// The schema version of this document.
    public var schema: Int
    /// The manifest checked.
    public var manifest: ManifestSummary
    /// Where the machine's records came from.
    public var source: SourceInfo
    /// The machine checked.
    public var machine: MachineIdentity
    /// Declared facts overlaid with `--assume`, by capability id.
    public var assumptions: [String: CapabilityStatus]
    /// The overall verdict (after `--unknown-as`).
    public var verdict: OverallVerdict
    /// One result per requirement, sorted by key (then capability).
    public var requirements: [RequirementResult]

    /// Creates a report; requirements are sorted by key, then capability.
    public init(
        manifest: ManifestSummary, source: SourceInfo, machine: MachineIdentity,
        assumptions: [String: CapabilityStatus], verdict: OverallVerdict,
        requirements: [RequirementResult]
    ) {
        self.schema = Self.currentSchema
        self.manifest = manifest
        self.source = source
        self.machine = machine
        self.assumptions = assumptions
        self.verdict = verdict
        self.requirements = requirements.sorted {
            ($0.key, $0.capability ?? "", $0.source.rawValue) < (
                $1.key, $1.capability ?? "", $1.source.rawValue
            )
        }
    }

    /// How many requirements are unsatisfied.
    public var unmetCount: Int { requirements.filter { $0.verdict == .unsatisfied }.count }
    /// How many requirements are unknown.
    public var unknownCount: Int { requirements.filter { $0.verdict == .unknown }.count }
}
