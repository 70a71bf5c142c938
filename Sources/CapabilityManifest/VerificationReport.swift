import CapabilityModel

/// The verification of one manifest (`capcheck verify`'s JSON document): one verdict per
/// requirement and one overall.
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
    /// Declared facts overlaid on the machine (``CheckOptions/assumptions``), by capability id.
    public var assumptions: [String: CapabilityStatus]
    /// The overall verdict (after ``CheckOptions/unknownAs``).
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

/// Which manifest a verification report is about.
public struct ManifestSummary: Codable, Sendable, Hashable {
    /// The file, as given.
    public var path: String
    /// The format it was read as.
    public var kind: ManifestKind
    /// The manifest's notes (e.g. `UIBackgroundModes`), which filter nothing.
    public var notes: [String]
    /// Tolerated defects and likely mistakes, each naming its place; nil when there are none
    /// (and then absent from the JSON).
    public var warnings: [String]?

    /// Creates a summary.
    /// - Parameters:
    ///   - path: The file.
    ///   - kind: The format.
    ///   - notes: Notes.
    ///   - warnings: Tolerated defects, if any.
    public init(
        path: String, kind: ManifestKind, notes: [String] = [], warnings: [String]? = nil
    ) {
        self.path = path
        self.kind = kind
        self.notes = notes
        self.warnings = warnings
    }
}

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
    /// Whether an assumed fact decided it.
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

/// The verdict on one requirement.
public enum RequirementVerdict: String, Codable, Sendable, Hashable, CaseIterable {
    /// The machine meets it.
    case satisfied
    /// The machine does not meet it.
    case unsatisfied
    /// It cannot be decided from what the source shows.
    case unknown
    /// The key has no Linux meaning (fails only when ``CheckOptions/strict``).
    case notApplicable = "not-applicable"
    /// Reported, never failing.
    case optional
    /// A recommended item that is not met or cannot be decided (fails only when
    /// ``CheckOptions/strict``).
    case warning
}

/// How a user can settle an unmet requirement the machine cannot meet by nature (an x86 CI
/// runner checking an ARM-only app): declare the fact. The CLI phrases it as its flag.
public struct RequirementHint: Codable, Sendable, Hashable {
    /// The capability id to declare (`cpu.arch.arm64`).
    public var capability: String
    /// The status to declare it with.
    public var status: CapabilityStatus
    /// Why the hint applies, in words.
    public var reason: String

    /// Creates a hint.
    /// - Parameters:
    ///   - capability: The capability id to declare.
    ///   - status: The status to declare.
    ///   - reason: Why the hint applies.
    public init(capability: String, status: CapabilityStatus, reason: String) {
        self.capability = capability
        self.status = status
        self.reason = reason
    }

    /// The hint for an unmet CPU architecture: a build or CI machine of another
    /// architecture cannot run the app's code, yet the app may be fine for its devices.
    /// - Parameter id: The capability id (`cpu.arch.…`).
    /// - Returns: The hint, or nil for other ids.
    static func architecture(_ id: CapabilityID) -> RequirementHint? {
        guard let arch = CPUArchitecture.keys.first(where: { $0.id == id })?.isa else { return nil }
        return RequirementHint(
            capability: id.rawValue, status: .present,
            reason:
                "a machine of another architecture (an x86 CI runner) cannot run \(arch) code; "
                + "declare it to check the other requirements")
    }
}

/// The verdict on a whole manifest.
public enum OverallVerdict: String, Codable, Sendable, Hashable, CaseIterable {
    /// Every required item is met.
    case satisfied
    /// At least one required item is unmet.
    case unsatisfied
    /// Nothing is unmet but a required item is unknown.
    case undecided
}

/// The verdict on every component of an AppStream catalog: "which of these apps can this
/// machine run?" (`capcheck verify` on a catalog).
public struct CatalogVerification: Codable, Sendable, Hashable {
    /// The JSON schema version; changes only with a breaking change.
    public static let currentSchema = 1

    /// One component's verdict.
    public struct Component: Codable, Sendable, Hashable {
        /// The component id.
        public var id: String
        /// Its untranslated name, if any.
        public var name: String?
        /// The overall verdict.
        public var verdict: OverallVerdict
        /// Keys of unmet required items.
        public var unmet: [String]
        /// Keys of required items that could not be decided.
        public var unknown: [String]
        /// Keys of recommended items not met (warnings).
        public var warnings: [String]
        /// The full verification of the component.
        public var report: VerificationReport
    }

    /// The schema version of this document.
    public var schema: Int
    /// The catalog file.
    public var catalog: String
    /// Where the machine's records came from.
    public var source: SourceInfo
    /// The machine checked.
    public var machine: MachineIdentity
    /// One entry per component, in catalog order.
    public var components: [Component]

    /// Checks every component against one report.
    /// - Parameters:
    ///   - catalog: The catalog file name.
    ///   - components: The components read from it.
    ///   - report: The machine.
    ///   - options: Strictness, the unknown policy, assumed facts and option names.
    public init(
        catalog: String, components: [AppStreamComponentManifest], report: CapabilityReport,
        options: CheckOptions
    ) {
        self.schema = Self.currentSchema
        self.catalog = catalog
        self.source = report.source
        self.machine = report.machine
        let checker = ManifestChecker()
        self.components = components.map { component in
            let verification = checker.check(component.manifest, against: report, options: options)
            func keys(_ verdict: RequirementVerdict) -> [String] {
                verification.requirements.filter { $0.verdict == verdict }.map(\.key)
            }
            return Component(
                id: component.id, name: component.name, verdict: verification.verdict,
                unmet: keys(.unsatisfied), unknown: keys(.unknown), warnings: keys(.warning),
                report: verification)
        }
    }

    /// How many components have a verdict.
    /// - Parameter verdict: The verdict.
    /// - Returns: The count.
    public func count(_ verdict: OverallVerdict) -> Int {
        components.filter { $0.verdict == verdict }.count
    }
}
