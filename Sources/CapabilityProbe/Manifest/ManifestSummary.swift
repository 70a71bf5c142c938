/// Which manifest a verification report is about.
public struct ManifestSummary: Codable, Sendable, Hashable {
    /// The file, as given.
    public var path: String
    /// The format it was read as.
    public var kind: ManifestKind
    /// The manifest's notes (e.g. `UIBackgroundModes`), which filter nothing.
    public var notes: [String]

    /// Creates a summary.
    /// - Parameters:
    ///   - path: The file.
    ///   - kind: The format.
    ///   - notes: Notes.
    public init(path: String, kind: ManifestKind, notes: [String] = []) {
        self.path = path
        self.kind = kind
        self.notes = notes
    }
}
