/// One column of a device matrix: its header as written and what it means.
public struct MatrixColumn: Sendable, Hashable, Codable {
    /// What a column means.
    public enum Role: Sendable, Hashable, Codable {
        /// The row name (always the first column).
        case name
        /// The optional `Family` column that groups variants.
        case family
        /// A yes/no/unknown column for a capability id.
        case capability(String)
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
    public init(header: String, role: Role) {
        self.header = header
        self.role = role
    }
}
