/// A matrix filtered through a manifest: one verdict per row, summaries per family.
public struct MatrixResult: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// The schema version.
    public var schema: Int
    /// The matrix source: a path or `builtin:NAME`.
    public var matrix: String
    /// The matrix's provenance lines (source, date).
    public var provenance: [String]
    /// The manifest path, if the caller set it.
    public var manifest: String?
    /// One result per row, in table order.
    public var rows: [MatrixRowResult]
    /// One summary per family, in order of first appearance.
    public var families: [FamilySummary]
    /// The summary over all rows (family `all`).
    public var totals: FamilySummary

    /// Creates a result; summaries are computed from the rows.
    /// - Parameters:
    ///   - matrix: The matrix source.
    ///   - provenance: The provenance lines.
    ///   - manifest: The manifest path.
    ///   - rows: The row results in table order.
    public init(matrix: String, provenance: [String], manifest: String?, rows: [MatrixRowResult]) {
        self.schema = Self.currentSchema
        self.matrix = matrix
        self.provenance = provenance
        self.manifest = manifest
        self.rows = rows
        // One hash look-up a row: the family's position in order of first appearance.
        var position: [String: Int] = [:]
        var families: [FamilySummary] = []
        var totals = FamilySummary(family: "all")
        for row in rows {
            if let index = position[row.family] {
                families[index].add(row.verdict)
            } else {
                position[row.family] = families.count
                var summary = FamilySummary(family: row.family)
                summary.add(row.verdict)
                families.append(summary)
            }
            totals.add(row.verdict)
        }
        self.families = families
        self.totals = totals
    }
}
