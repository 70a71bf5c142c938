import CapabilityModel

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
    package init(
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

    /// The capability id of each capability column, in order (every capability column has
    /// the `.capability` role: the builder and the camera-table join only add such columns).
    package var capabilityIDs: [CapabilityID] {
        capabilityColumns.compactMap { column in
            if case .capability(let id) = column.role { return id }
            return nil
        }
    }

    /// The value kind of each value column, in order.
    var valueKinds: [MatrixValueKind] {
        valueColumns.map { column in
            if case .value(let kind) = column.role { return kind }
            return .notes
        }
    }
}

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
    init(name: String, family: String?, line: Int, cells: [MatrixCell], values: [String]) {
        self.name = name
        self.family = family
        self.line = line
        self.cells = cells
        self.values = values
    }

    /// The family used for summaries: the `Family` cell, else the row name.
    package var group: String { family.flatMap { $0.isEmpty ? nil : $0 } ?? name }
}

/// One column of a device matrix: its header as written and what it means.
public struct MatrixColumn: Sendable, Hashable, Codable {
    /// What a column means.
    public enum Role: Sendable, Hashable, Codable {
        /// The row name (always the first column).
        case name
        /// The optional `Family` column that groups variants.
        case family
        /// A yes/no/unknown column for a capability id.
        case capability(CapabilityID)
        /// A numeric or text column feeding a finding's details.
        case value(MatrixValueKind)
        /// A known column with no Linux meaning (e.g. Apple's `metal`), kept but not evaluated.
        case ignored(reason: String)
    }

    /// The header as written in the table.
    public var header: String
    /// What it means.
    public var role: Role

    /// Creates a column.
    /// - Parameters:
    ///   - header: The header as written.
    ///   - role: What it means.
    init(header: String, role: Role) {
        self.header = header
        self.role = role
    }
}

/// One yes/no/unknown cell of a device matrix.
public enum MatrixCell: UInt8, Sendable, Hashable, Codable, CaseIterable {
    /// The device has the capability.
    case yes
    /// The device lacks the capability.
    case no
    /// The table does not say (a blank cell is unknown, never "no").
    case unknown

    /// Reads a cell in any accepted spelling: yes/no/unknown, y/n, true/false, 1/0,
    /// ☑/☐, ✔/✘, ✓/✗, `?`, and blank for unknown (case-insensitive, trimmed).
    /// - Parameter text: The cell text.
    /// - Returns: The cell, or nil when the spelling is not recognised.
    init?(parsing text: some StringProtocol) {
        // Fast path for the spellings large tables use.
        if text == "yes" {
            self = .yes
            return
        }
        if text == "no" {
            self = .no
            return
        }
        if text.isEmpty {
            self = .unknown
            return
        }
        let trimmed = MatrixText.trimmed(String(text)).lowercased()
        switch trimmed {
        case "yes", "y", "true", "1", "☑", "✔", "✓", "✔️", "present": self = .yes
        case "no", "n", "false", "0", "☐", "✘", "✗", "absent": self = .no
        case "", "unknown", "?", "n/a", "na": self = .unknown
        default: return nil
        }
    }

    /// The status a synthetic finding gets from this cell.
    package var status: CapabilityStatus {
        switch self {
        case .yes: return .present
        case .no: return .absent
        case .unknown: return .unknown
        }
    }

    /// `yes`, `no` or `unknown`, for evidence and output.
    package var word: String {
        switch self {
        case .yes: return "yes"
        case .no: return "no"
        case .unknown: return "unknown"
        }
    }

    /// The accepted spellings, for error messages.
    package static let spellings = "yes/no/unknown, true/false, ☑/☐, ✔/✘ or blank"
}
