/// The verdict on every component of an AppStream catalog: "which of these apps can this
/// machine run?" (`capcheck verify CATALOG --json`).
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
    ///   - options: Strictness, `--unknown-as`, `--assume`.
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
