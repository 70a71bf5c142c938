import CapabilityModel

/// "Which of my distribution's apps can this machine run?": every component of the installed
/// AppStream catalogs checked against one machine, counted as can run / cannot / undecided,
/// and why, counted by relation kind (`display_length`, `control`, `kernel`, …; a relation the
/// specification implies is counted as `display_length (implied)`).
public struct InstalledAppsSummary: Codable, Sendable, Hashable {
    /// The JSON schema version; changes only with a breaking change.
    public static let currentSchema = 1

    /// One catalog file.
    public struct Catalog: Codable, Sendable, Hashable {
        /// The file.
        public var path: String
        /// How many components it holds (0 when it could not be read).
        public var components: Int
        /// Why it could not be read, or nil.
        public var problem: String?

        /// A catalog entry.
        /// - Parameters:
        ///   - path: The file.
        ///   - components: How many components it holds.
        ///   - problem: Why it could not be read, or nil.
        public init(path: String, components: Int, problem: String? = nil) {
            self.path = path
            self.components = components
            self.problem = problem
        }
    }

    /// How many components a relation kind decided.
    public struct KindCount: Codable, Sendable, Hashable {
        /// The relation kind (`display_length`, `control`, `display_length (implied)`).
        public var kind: String
        /// How many components it made unmet (or undecided, or a warning).
        public var components: Int
    }

    /// One component's verdict.
    public struct App: Codable, Sendable, Hashable {
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
        /// Keys of recommended items not met.
        public var warnings: [String]
    }

    /// The schema version of this document.
    public var schema: Int
    /// The root the catalogs were searched under.
    public var root: String
    /// The catalogs found, in the order they were read.
    public var catalogs: [Catalog]
    /// Components left out because an earlier catalog had the same id.
    public var duplicates: Int
    /// Where the machine's records came from.
    public var source: SourceInfo
    /// The machine checked.
    public var machine: MachineIdentity
    /// How many components can run.
    public var canRun: Int
    /// How many cannot (a required item unmet).
    public var cannot: Int
    /// How many are undecided (a required item unknown).
    public var undecided: Int
    /// The kinds of the unmet required items, most components first.
    public var cannotByKind: [KindCount]
    /// The kinds of the undecided required items of undecided components, most first.
    public var undecidedByKind: [KindCount]
    /// The kinds of unmet recommendations of components that can run, most first.
    public var warningsByKind: [KindCount]
    /// Every component's verdict, in catalog order.
    public var apps: [App]

    /// Checks every component against one machine.
    /// - Parameters:
    ///   - root: The root the catalogs were searched under.
    ///   - catalogs: The catalogs read.
    ///   - duplicates: Components left out as duplicates.
    ///   - components: The components.
    ///   - report: The machine.
    ///   - options: Strictness, the unknown policy, assumed facts and option names.
    public init(
        root: String, catalogs: [Catalog], duplicates: Int,
        components: [AppStreamComponentManifest], report: CapabilityReport, options: CheckOptions
    ) {
        schema = Self.currentSchema
        self.root = root
        self.catalogs = catalogs
        self.duplicates = duplicates
        source = report.source
        machine = report.machine
        let checker = ManifestChecker()
        var cannot: [String: Int] = [:]
        var undecided: [String: Int] = [:]
        var warnings: [String: Int] = [:]
        apps = components.map { component in
            let verification = checker.check(component.manifest, against: report, options: options)
            let results = verification.requirements
            func keys(_ verdict: RequirementVerdict) -> [String] {
                results.filter { $0.verdict == verdict }.map(\.key)
            }
            func count(_ verdict: RequirementVerdict, into table: inout [String: Int]) {
                let kinds = Set(
                    results.filter { $0.verdict == verdict }.map {
                        Self.kind(key: $0.key, source: $0.source)
                    })
                for kind in kinds { table[kind, default: 0] += 1 }
            }
            switch verification.verdict {
            case .unsatisfied: count(.unsatisfied, into: &cannot)
            case .undecided: count(.unknown, into: &undecided)
            case .satisfied: count(.warning, into: &warnings)
            }
            return App(
                id: component.id, name: component.name, verdict: verification.verdict,
                unmet: keys(.unsatisfied), unknown: keys(.unknown), warnings: keys(.warning))
        }
        canRun = apps.filter { $0.verdict == .satisfied }.count
        self.cannot = apps.filter { $0.verdict == .unsatisfied }.count
        self.undecided = apps.filter { $0.verdict == .undecided }.count
        cannotByKind = Self.sorted(cannot)
        undecidedByKind = Self.sorted(undecided)
        warningsByKind = Self.sorted(warnings)
    }

    /// The relation kind of a requirement: the item name after the block in its key
    /// (`requires display_length 360` → `display_length`), marked when implied.
    static func kind(key: String, source: RequirementSource) -> String {
        let words = key.split(separator: " ")
        let blocks = AppStreamRelationKind.allCases.map(\.rawValue)
        let item =
            words.first.map { blocks.contains(String($0)) } == true ? words.dropFirst() : words[...]
        let name = item.first.map(String.init) ?? key
        return source == .implied ? "\(name) (implied)" : name
    }

    /// Counts, most first, then by name.
    private static func sorted(_ table: [String: Int]) -> [KindCount] {
        table.map { KindCount(kind: $0.key, components: $0.value) }
            .sorted { ($1.components, $0.kind) < ($0.components, $1.kind) }
    }
}
