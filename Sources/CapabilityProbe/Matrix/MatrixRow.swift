/// One row of a device matrix: a device variant and its cells.
public struct MatrixRow: Sendable, Hashable, Codable {
    /// The row name (first column), e.g. `iPad 2 3G`.
    public var name: String
    /// The family from the `Family` column, if the table has one.
    public var family: String?
    /// The 1-based line (or JSON row index) the row came from.
    public var line: Int
    /// One cell per capability column, in ``DeviceMatrix/capabilityColumns`` order.
    public var cells: [MatrixCell]
    /// One raw text per value column, in ``DeviceMatrix/valueColumns`` order (empty = none).
    public var values: [String]

    /// Creates a row.
    /// - Parameters:
    ///   - name: The row name.
    ///   - family: The family, if any.
    ///   - line: The source line.
    ///   - cells: The capability cells.
    ///   - values: The value cells.
    public init(name: String, family: String?, line: Int, cells: [MatrixCell], values: [String]) {
        self.name = name
        self.family = family
        self.line = line
        self.cells = cells
        self.values = values
    }

    /// The family used for summaries: the `Family` cell, else the row name.
    public var group: String { family.flatMap { $0.isEmpty ? nil : $0 } ?? name }
}
