import FoundationEssentials
import CapabilityModel

/// Builds a ``DeviceMatrix`` from a header and records, whatever the table syntax.
package struct MatrixBuilder {
    private enum Slot {
        case name, family, capability(Int), value(Int), ignored
    }

    private let path: String
    private let slots: [Slot]
    private let capabilityHeaders: [String]
    private let valueKinds: [MatrixValueKind]
    /// Per value column, a number for each distinct (and so already validated) text: tables
    /// repeat few distinct values.
    private var valueNumbers: [[String: Int]]
    /// The value lists made so far, by their texts' numbers (16 bits a column): rows with the
    /// same values share one list instead of allocating their own.
    private var valueLists: [Int: [String]] = [:]
    /// The row being read's value texts.
    private var scratchValues: [String] = []
    private var matrix: DeviceMatrix

    /// Resolves the header; the first column is always the row name.
    /// - Throws: ``MatrixError/unknownHeader(path:line:header:suggestion:)`` naming the nearest
    ///   alias, ``MatrixError/cameraTable(path:line:header:joinedIn:)`` for a camera table's
    ///   header, or ``MatrixError/malformed(path:line:reason:)`` for an empty or repeated column.
    init(header: [String], line: Int, path: String, provenance: [String]) throws(MatrixError) {
        self.path = path
        guard let first = header.first else {
            throw .malformed(path: path, line: line, reason: "the table has no header")
        }
        var layout = Layout()
        for raw in header.dropFirst() {
            let text = raw.trimming(.whitespaces)
            guard !text.isEmpty else {
                throw .malformed(
                    path: path, line: line, reason: "column \(layout.slots.count + 1) has no header"
                )
            }
            let role = try Self.role(of: text, in: header, line: line, path: path)
            if let reason = layout.place(text, role: role) {
                throw .malformed(path: path, line: line, reason: reason)
            }
        }
        self.slots = layout.slots
        self.capabilityHeaders = layout.capabilities.map(\.header)
        self.valueKinds = layout.values.map { column in
            if case .value(let kind) = column.role { return kind }
            return .notes
        }
        self.valueNumbers = Array(repeating: [:], count: layout.values.count)
        self.scratchValues = Array(repeating: "", count: layout.values.count)
        self.matrix = DeviceMatrix(
            source: path, provenance: provenance,
            nameHeader: first.trimming(.whitespaces), hasFamily: layout.hasFamily,
            capabilityColumns: layout.capabilities, valueColumns: layout.values,
            ignoredColumns: layout.ignored, rows: [])
    }

    /// What a column header means.
    /// - Throws: ``MatrixError/cameraTable(path:line:header:joinedIn:)`` when the whole header
    ///   is a camera table's, else ``MatrixError/unknownHeader(path:line:header:suggestion:)``.
    private static func role(
        of text: String, in header: [String], line: Int, path: String
    ) throws(MatrixError) -> MatrixColumn.Role {
        if let role = MatrixHeaders.role(of: text) { return role }
        if CameraTable.isCameraTableHeader(header) {
            throw .cameraTable(
                path: path, line: line, header: text, joinedIn: BuiltinMatrices.seedCameraJoin)
        }
        throw .unknownHeader(
            path: path, line: line, header: text, suggestion: MatrixHeaders.suggestion(for: text))
    }

    /// The header resolved column by column: one slot per column, and the matrix's columns.
    private struct Layout {
        var slots: [Slot] = [.name]
        var capabilities: [MatrixColumn] = []
        var values: [MatrixColumn] = []
        var ignored: [MatrixColumn] = []
        var hasFamily = false
        /// Capability id → the header that gave it (one column per id).
        var seenIDs: [CapabilityID: String] = [:]

        /// Places one column by its role.
        /// - Returns: Why it cannot be placed (a second `Family` column, a second column for
        ///   one capability id), or nil.
        mutating func place(_ text: String, role: MatrixColumn.Role) -> String? {
            switch role {
            case .name:
                slots.append(.ignored)
            case .family:
                guard !hasFamily else { return "column 'Family' appears twice" }
                hasFamily = true
                slots.append(.family)
            case .capability(let id):
                if let earlier = seenIDs[id] {
                    return "columns '\(earlier)' and '\(text)' both give \(id)"
                }
                seenIDs[id] = text
                slots.append(.capability(capabilities.count))
                capabilities.append(MatrixColumn(header: text, role: role))
            case .value:
                slots.append(.value(values.count))
                values.append(MatrixColumn(header: text, role: role))
            case .ignored:
                slots.append(.ignored)
                ignored.append(MatrixColumn(header: text, role: role))
            }
            return nil
        }
    }

    /// Adds one record.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for a wrong field count, an empty
    ///   row name or a cell that is not yes/no/unknown.
    package mutating func add<Fields: TableFields>(_ fields: Fields, line: Int) throws(MatrixError)
    {
        guard fields.count == slots.count else {
            throw .malformed(
                path: path, line: line,
                reason: "\(fields.count) fields, the header has \(slots.count)")
        }
        var cells = [MatrixCell](repeating: .unknown, count: capabilityHeaders.count)
        var numbers = 0
        var shareable = valueKinds.count <= 4
        var name = ""
        var family: String?
        for (index, slot) in slots.enumerated() {
            switch slot {
            case .name:
                name = MatrixText.trimmed(fields.text(at: index))
            case .family:
                let trimmed = MatrixText.trimmed(fields.text(at: index))
                family = trimmed.isEmpty ? nil : trimmed
            case .capability(let position):
                guard let cell = fields.cell(at: index) else {
                    throw .malformed(
                        path: path, line: line,
                        reason:
                            "column '\(capabilityHeaders[position])': '\(fields.text(at: index))' is not \(MatrixCell.spellings)"
                    )
                }
                cells[position] = cell
            case .value(let position):
                let text = MatrixText.trimmed(fields.text(at: index))
                let number: Int
                if let known = valueNumbers[position][text] {
                    number = known
                } else {
                    if valueKinds[position] != .notes {
                        do {
                            try MatrixValueParser.validate(text, kind: valueKinds[position])
                        } catch {
                            throw .malformed(
                                path: path, line: line,
                                reason:
                                    "column '\(matrix.valueColumns[position].header)': \(error.reason)"
                            )
                        }
                    }
                    number = valueNumbers[position].count
                    valueNumbers[position][text] = number
                }
                if number >= 1 << 16 {
                    shareable = false
                } else {
                    numbers |= number << (16 * position)
                }
                scratchValues[position] = text
            case .ignored:
                break
            }
        }
        guard !name.isEmpty else {
            throw .malformed(
                path: path, line: line, reason: "the row has no name in its first column")
        }
        let values: [String]
        if scratchValues.isEmpty {
            values = []
        } else if shareable, let shared = valueLists[numbers] {
            values = shared
        } else {
            values = scratchValues.map { $0 }
            if shareable { valueLists[numbers] = values }
        }
        matrix.rows.append(
            MatrixRow(name: name, family: family, line: line, cells: cells, values: values))
    }

    /// Appends the rows another builder read after this one's (the second half of a table
    /// read in parallel, from a copy of this builder).
    mutating func append(_ other: MatrixBuilder) { matrix.rows += other.matrix.rows }

    /// Reserves room for rows (large tables).
    mutating func reserve(_ count: Int) { matrix.rows.reserveCapacity(count) }

    /// The finished matrix.
    package func build() -> DeviceMatrix { matrix }
}
