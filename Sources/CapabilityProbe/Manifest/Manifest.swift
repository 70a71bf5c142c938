/// A parsed manifest: its requirements in document order, and notes that are not requirements.
public struct Manifest: Sendable, Hashable {
    /// The file the manifest was read from, as given.
    public var path: String
    /// The format it was read as.
    public var kind: ManifestKind
    /// The requirements, in document order (dictionary forms sorted by key).
    public var requirements: [Requirement]
    /// Facts worth showing that filter nothing (e.g. `UIBackgroundModes`).
    public var notes: [String]
    /// Tolerated defects and likely mistakes, each naming its place (`lint` shows them).
    public var warnings: [String]

    /// Creates a manifest.
    /// - Parameters:
    ///   - path: The file name.
    ///   - kind: The format.
    ///   - requirements: The requirements.
    ///   - notes: Notes that are not requirements.
    ///   - warnings: Tolerated defects and likely mistakes.
    public init(
        path: String, kind: ManifestKind, requirements: [Requirement], notes: [String] = [],
        warnings: [String] = []
    ) {
        self.path = path
        self.kind = kind
        self.requirements = requirements
        self.notes = notes
        self.warnings = warnings
    }
}
