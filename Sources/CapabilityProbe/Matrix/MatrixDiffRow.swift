/// One row whose verdict changes between two manifests, with the keys responsible.
public struct MatrixDiffRow: Sendable, Hashable, Codable {
    /// The row name.
    public var name: String
    /// The row's family.
    public var family: String
    /// The verdict under the old manifest.
    public var old: RowVerdict
    /// The verdict under the new manifest.
    public var new: RowVerdict
    /// Gained, lost, or one of the uncertain moves.
    public var change: MatrixChange
    /// The keys responsible: for a loss, the new manifest's failing (or unknown) keys that the
    /// old one did not have; for a gain, the old failing (or unknown) keys the new one dropped.
    public var keys: [RowIssue]

    /// Creates a diff row.
    public init(
        name: String, family: String, old: RowVerdict, new: RowVerdict, change: MatrixChange,
        keys: [RowIssue]
    ) {
        self.name = name
        self.family = family
        self.old = old
        self.new = new
        self.change = change
        self.keys = keys
    }
}
