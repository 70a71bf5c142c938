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
