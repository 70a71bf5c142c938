import CapabilitySupport
import FoundationEssentials
import Glibc
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
    private var valueNumbers: [TextNumbers]
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
        self.valueNumbers = Array(repeating: TextNumbers(), count: layout.values.count)
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
        var values = ValueNumbers(shareable: valueKinds.count <= 4)
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
                try value(text, at: position, line: line, into: &values).get()
            case .ignored:
                break
            }
        }
        guard !name.isEmpty else {
            throw .malformed(
                path: path, line: line, reason: "the row has no name in its first column")
        }
        append(name: name, family: family, line: line, cells: cells, values: values)
    }

    /// Adds one record given as a line of comma-separated fields without quotes or line
    /// breaks (``CSVReader``'s plain records), reading its bytes in place: no field ranges,
    /// no string for a `yes`, `no` or blank cell.
    /// - Parameters:
    ///   - fields: The line's bytes.
    ///   - line: The line number.
    /// - Returns: False, having added no row, when the record is not a valid row (a field
    ///   count other than the header's, an empty name, a bad cell or value): ``add(_:line:)``
    ///   then says why.
    package mutating func add(plain fields: UnsafeBufferPointer<UInt8>, line: Int) -> Bool {
        guard let base = fields.baseAddress else { return false }
        let count = fields.count
        var cells = [MatrixCell](repeating: .unknown, count: capabilityHeaders.count)
        var values = ValueNumbers(shareable: valueKinds.count <= 4)
        var name = ""
        var family: String?
        var start = 0
        let valid = cells.withUnsafeMutableBufferPointer { cells -> Bool in
            for slot in slots {
                // Past the end: the record has fewer fields than the header.
                guard start <= count else { return false }
                var stop = start
                while stop < count, base[stop] != 0x2C { stop += 1 }
                let field = UnsafeBufferPointer(start: base + start, count: stop - start)
                start = stop + 1
                switch slot {
                case .capability(let position):
                    if field.count == 3, field[0] == 0x79, field[1] == 0x65, field[2] == 0x73 {
                        cells[position] = .yes
                    } else if field.count == 2, field[0] == 0x6E, field[1] == 0x6F {
                        cells[position] = .no
                    } else if field.isEmpty {
                        cells[position] = .unknown
                    } else if let cell = MatrixCell(parsing: Self.text(field)) {
                        cells[position] = cell
                    } else {
                        return false
                    }
                case .name:
                    name = Self.trimmedText(field)
                case .family:
                    let trimmed = Self.trimmedText(field)
                    family = trimmed.isEmpty ? nil : trimmed
                case .value(let position):
                    if let (number, text) = valueNumbers[position].known(field) {
                        take(text, number: number, at: position, into: &values)
                        continue
                    }
                    let text = Self.trimmedText(field)
                    guard case .success = value(text, at: position, line: line, into: &values)
                    else {
                        return false
                    }
                case .ignored:
                    break
                }
            }
            // Fields left over: more than the header has.
            return start == count + 1
        }
        guard valid, !name.isEmpty else { return false }
        append(name: name, family: family, line: line, cells: cells, values: values)
        return true
    }

    private static func text(_ field: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }

    /// A field's text as ``MatrixText/trimmed(_:)`` gives it; a field with no space or tab
    /// at either end (the common case) is not looked at again.
    private static func trimmedText(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard let first = field.first, let last = field.last else { return "" }
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        if !blank(first) && !blank(last) { return text(field) }
        return MatrixText.trimmed(text(field))
    }

    /// The numbers of one value column's distinct texts, in order of first appearance: a
    /// few are compared one by one (tables repeat a handful of values), more are hashed.
    private struct TextNumbers {
        private var few: [String] = []
        /// The UTF-8 bytes of each of `few`.
        private var fewBytes: [[UInt8]] = []
        private var more: [String: Int] = [:]
        /// Texts compared one by one before the rest are hashed.
        private static let fewest = 16

        /// The number of a text seen before, or nil.
        func number(of text: String) -> Int? {
            if let index = few.firstIndex(of: text) { return index }
            return few.count < Self.fewest ? nil : more[text]
        }

        /// One of the first texts seen, and its number, when `bytes` are its bytes: a
        /// plain record's value is looked up without making a string of it.
        func known(_ bytes: UnsafeBufferPointer<UInt8>) -> (number: Int, text: String)? {
            for (index, known) in fewBytes.enumerated() where known.count == bytes.count {
                let equal = known.withUnsafeBufferPointer { known in
                    guard let left = known.baseAddress, let right = bytes.baseAddress else {
                        return true
                    }
                    return memcmp(left, right, bytes.count) == 0
                }
                if equal { return (index, few[index]) }
            }
            return nil
        }

        /// Numbers a text not seen before.
        /// - Returns: Its number.
        mutating func add(_ text: String) -> Int {
            let number = few.count + more.count
            if few.count < Self.fewest {
                few.append(text)
                fewBytes.append(Array(text.utf8))
            } else {
                more[text] = number
            }
            return number
        }
    }

    /// The numbers of the value texts of the row being read, packed 16 bits a column (rows
    /// with the same numbers share one value list), and whether every number fits.
    private struct ValueNumbers {
        var packed = 0
        var shareable: Bool
    }

    /// Takes a value cell: numbers its text (checking it the first time it is seen) and keeps
    /// it in `scratchValues`.
    /// - Returns: Failure naming the column when the text is not a valid value.
    private mutating func value(
        _ text: String, at position: Int, line: Int, into numbers: inout ValueNumbers
    ) -> Result<Void, MatrixError> {
        let number: Int
        if let known = valueNumbers[position].number(of: text) {
            number = known
        } else {
            if valueKinds[position] != .notes {
                do {
                    try MatrixValueParser.validate(text, kind: valueKinds[position])
                } catch {
                    return .failure(
                        .malformed(
                            path: path, line: line,
                            reason:
                                "column '\(matrix.valueColumns[position].header)': \(error.reason)"
                        ))
                }
            }
            number = valueNumbers[position].add(text)
        }
        take(text, number: number, at: position, into: &numbers)
        return .success(())
    }

    /// Keeps a value cell's checked text and its number.
    private mutating func take(
        _ text: String, number: Int, at position: Int, into numbers: inout ValueNumbers
    ) {
        if number >= 1 << 16 {
            numbers.shareable = false
        } else {
            numbers.packed |= number << (16 * position)
        }
        scratchValues[position] = text
    }

    /// Appends a read row, its values those of `scratchValues` (shared with an earlier row
    /// that has the same ones).
    private mutating func append(
        name: String, family: String?, line: Int, cells: [MatrixCell], values numbers: ValueNumbers
    ) {
        let values: [String]
        if scratchValues.isEmpty {
            values = []
        } else if numbers.shareable, let shared = valueLists[numbers.packed] {
            values = shared
        } else {
            values = scratchValues.map { $0 }
            if numbers.shareable { valueLists[numbers.packed] = values }
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
