/// A device × capability table: rows are device variants, columns capabilities.
///
/// Read by ``MatrixParser`` from CSV, a Markdown pipe table or JSON, or taken from
/// ``BuiltinMatrices``. Unknown cells stay unknown; they never count as "no".
public struct DeviceMatrix: Sendable, Hashable, Codable {
    /// Where the table came from: a path or `builtin:NAME`.
    public var source: String
    /// The `#` provenance lines (source, date), without the `#`, shown with every result.
    public var provenance: [String]
    /// The header of the first column (the row-name column), e.g. `Device`.
    public var nameHeader: String
    /// Whether the table has a `Family` column.
    public var hasFamily: Bool
    /// The yes/no/unknown columns, in table order.
    public var capabilityColumns: [MatrixColumn]
    /// The numeric and text columns, in table order.
    public var valueColumns: [MatrixColumn]
    /// Known columns with no Linux meaning, kept for display.
    public var ignoredColumns: [MatrixColumn]
    /// The rows, in table order.
    public var rows: [MatrixRow]

    /// Creates a matrix.
    /// - Parameters:
    ///   - source: A path or `builtin:NAME`.
    ///   - provenance: The provenance lines.
    ///   - nameHeader: The first column's header.
    ///   - hasFamily: Whether a `Family` column exists.
    ///   - capabilityColumns: The capability columns.
    ///   - valueColumns: The value columns.
    ///   - ignoredColumns: Columns kept but not evaluated.
    ///   - rows: The rows.
    public init(
        source: String, provenance: [String], nameHeader: String, hasFamily: Bool,
        capabilityColumns: [MatrixColumn], valueColumns: [MatrixColumn],
        ignoredColumns: [MatrixColumn] = [], rows: [MatrixRow]
    ) {
        self.source = source
        self.provenance = provenance
        self.nameHeader = nameHeader
        self.hasFamily = hasFamily
        self.capabilityColumns = capabilityColumns
        self.valueColumns = valueColumns
        self.ignoredColumns = ignoredColumns
        self.rows = rows
    }

    /// The capability id of each capability column, in order.
    public var capabilityIDs: [String] {
        capabilityColumns.map { column in
            if case .capability(let id) = column.role { return id }
            return column.header
        }
    }

    /// The value kind of each value column, in order.
    public var valueKinds: [MatrixValueKind] {
        valueColumns.map { column in
            if case .value(let kind) = column.role { return kind }
            return .notes
        }
    }
}
