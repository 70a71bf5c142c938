import CapabilityModel

/// What an evaluator can see of a matrix row, as a few bytes: rows with equal signatures give
/// the evaluator equal findings for every id it reads, so ``MatrixFilter`` evaluates one row
/// per signature.
///
/// With the evaluator's ids known, the signature is not the raw cells but the findings
/// ``MatrixReportBuilder`` would give those ids, in short: per id read its status and where
/// it comes from (its cell, the value columns, implied by which sub-capability, implied by its
/// absent parent), plus the value cells that feed details. It follows the builder's rules
/// step for step (cells, then details, then implications in ``MatrixReportBuilder/children``
/// order) over the ids those rules can reach, so a 40-column table whose sub-capability cells
/// vary freely still has only as many signatures as the manifest can tell apart. Without ids
/// (an evaluator that may read anything) the signature is every cell and value.
package struct RowSignature {
    /// Status codes: a cell's raw value for yes/no/unknown, then "no finding".
    private static let none: UInt8 = 3
    /// Origin codes: the cell, the value columns, implied by the parent, or (from
    /// `impliedByChild` on) implied by the sub-capability in that slot.
    private static let fromCell: UInt8 = 0
    private static let fromValues: UInt8 = 1
    private static let impliedByParent: UInt8 = 2
    private static let impliedByChild: UInt8 = 3

    /// One capability id the rules can reach: its column, and whether the evaluator reads it.
    private struct Slot {
        var id: CapabilityID
        var column: Int?
        var read: Bool
    }

    private let builder: MatrixReportBuilder
    /// Nil when the evaluator may read any id: then the signature is the raw row.
    private let slots: [Slot]?
    /// The parent/sub-capability groups over slot indices, in the builder's order: group
    /// `g` is `groupParents[g]` with children `groupChildren[groupStarts[g]..<groupStarts[g + 1]]`
    /// (flat arrays: no array to retain a group).
    private let groupParents: [Int]
    private let groupChildren: [Int]
    private let groupStarts: [Int]
    private let cellColumns: [Int]
    private let valueColumns: [Int]
    /// Whether each of `valueColumns` feeds the details of an id the evaluator reads.
    private let readValues: [Bool]
    /// Per distinct text of the value columns: its read part (the texts of the columns that
    /// feed ids the evaluator reads, each after a 0xFF), and per slot whether the values give
    /// that id details (computed once per distinct text by the builder). The read part goes
    /// into the signature as it is, so signatures from two instances over one matrix compare.
    private var valueTexts: [Key: (read: [UInt8], details: [Bool])] = [:]
    private var text = Key()
    private var status: [UInt8] = []
    private var origin: [UInt8] = []
    /// The indices of the slots the evaluator reads.
    private let readSlots: [Int]

    /// Prepares signatures for a matrix and the ids an evaluator reads.
    /// - Parameters:
    ///   - matrix: The matrix.
    ///   - ids: The ids the evaluator reads, or nil when it may read any.
    init(matrix: DeviceMatrix, ids: Set<CapabilityID>?) {
        let columnIDs = matrix.capabilityIDs
        let kinds = matrix.valueKinds
        guard let ids else {
            builder = MatrixReportBuilder(matrix: matrix)
            slots = nil
            (groupParents, groupChildren, groupStarts) = ([], [], [0])
            cellColumns = Array(columnIDs.indices)
            valueColumns = Array(kinds.indices)
            readValues = valueColumns.map { _ in true }
            readSlots = []
            return
        }
        // The ids the rules can reach from the ids read: whole groups, until nothing is added.
        var reach = ids
        var grown = true
        while grown {
            grown = false
            for (parent, children) in MatrixReportBuilder.children {
                let group = Set([parent] + children)
                if !reach.isDisjoint(with: group), !group.isSubset(of: reach) {
                    reach.formUnion(group)
                    grown = true
                }
            }
        }
        // Reports limited to the reach: the evaluator reads no other finding, and the reach
        // holds whole groups, so the implications among its ids are those of a whole report.
        builder = MatrixReportBuilder(matrix: matrix, only: reach)
        let ordered = CapabilityID.allCases.filter(reach.contains)
        var slotOf: [CapabilityID: Int] = [:]
        for (index, id) in ordered.enumerated() { slotOf[id] = index }
        var columnOf: [CapabilityID: Int] = [:]
        for (index, id) in columnIDs.enumerated() { columnOf[id] = index }
        let slots = ordered.map { Slot(id: $0, column: columnOf[$0], read: ids.contains($0)) }
        self.slots = slots
        readSlots = slots.indices.filter { slots[$0].read }
        var parents: [Int] = []
        var members: [Int] = []
        var starts = [0]
        for (parent, children) in MatrixReportBuilder.children {
            guard let slot = slotOf[parent] else { continue }
            parents.append(slot)
            members += children.compactMap { slotOf[$0] }
            starts.append(members.count)
        }
        (groupParents, groupChildren, groupStarts) = (parents, members, starts)
        cellColumns = columnIDs.indices.filter { reach.contains(columnIDs[$0]) }
        valueColumns = kinds.indices.filter { kinds[$0].capabilityID.map(reach.contains) ?? false }
        readValues = valueColumns.map { kinds[$0].capabilityID.map(ids.contains) ?? false }
        status = Array(repeating: Self.none, count: ordered.count)
        origin = Array(repeating: Self.fromCell, count: ordered.count)
    }

    /// The builder whose reports these signatures stand for.
    var reportBuilder: MatrixReportBuilder { builder }

    /// Writes a row's signature.
    /// - Parameters:
    ///   - row: The row.
    ///   - signature: Replaced by the row's signature.
    package mutating func write(_ row: MatrixRow, into signature: inout Key) {
        signature.bytes.removeAll(keepingCapacity: true)
        text.bytes.removeAll(keepingCapacity: true)
        // Each value after a 0xFF (a byte UTF-8 never holds), so equal bytes mean equal values.
        for column in valueColumns {
            text.bytes.append(0xFF)
            Self.append(row.values[column], to: &text.bytes)
        }
        guard let slots else {
            for column in cellColumns { signature.bytes.append(row.cells[column].rawValue) }
            signature.bytes += text.bytes
            return
        }
        let values = valueEntry(row)
        let cells = row.cells
        // In the buffers: no uniqueness check an element.
        status.withUnsafeMutableBufferPointer { status in
            origin.withUnsafeMutableBufferPointer { origin in
                for (index, slot) in slots.enumerated() {
                    status[index] = slot.column.map { cells[$0].rawValue } ?? Self.none
                    origin[index] = Self.fromCell
                    // Details on an id without a cell make it present (``MatrixReportBuilder``).
                    if values.details[index], status[index] == Self.none {
                        status[index] = MatrixCell.yes.rawValue
                        origin[index] = Self.fromValues
                    }
                }
                let present = MatrixCell.yes.rawValue
                let absent = MatrixCell.no.rawValue
                let unknown = MatrixCell.unknown.rawValue
                for (group, parent) in groupParents.enumerated() {
                    let children = groupChildren[groupStarts[group]..<groupStarts[group + 1]]
                    if status[parent] == Self.none || status[parent] == unknown,
                        let child = children.first(where: { status[$0] == present })
                    {
                        status[parent] = present
                        origin[parent] = Self.impliedByChild + UInt8(child)
                    }
                    guard status[parent] == absent else { continue }
                    for child in children
                    where status[child] == Self.none || status[child] == unknown {
                        status[child] = absent
                        origin[child] = Self.impliedByParent
                    }
                }
            }
        }
        // The read texts, then two bytes a read slot: the status part's length is fixed, so
        // equal signatures have equal read texts.
        signature.bytes += values.read
        for index in readSlots {
            signature.bytes.append(status[index])
            signature.bytes.append(origin[index])
        }
    }

    /// Appends a string's UTF-8 bytes, from its contiguous storage when it has one.
    private static func append(_ string: String, to bytes: inout [UInt8]) {
        if string.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: string.utf8)
        }
    }

    /// The entry for the row's value text (in `text`), made the first time it is seen.
    private mutating func valueEntry(_ row: MatrixRow) -> (read: [UInt8], details: [Bool]) {
        if let entry = valueTexts[text] { return entry }
        let given = builder.detailIDs(row, columns: valueColumns)
        var read: [UInt8] = []
        for (position, column) in valueColumns.enumerated() where readValues[position] {
            read.append(0xFF)
            Self.append(row.values[column], to: &read)
        }
        let entry = (read, (slots ?? []).map { given.contains($0.id) })
        valueTexts[text] = entry
        return entry
    }
}

extension RowSignature {
    /// A signature's bytes as a dictionary key, hashed in one call over the whole buffer
    /// (an array of bytes hashes byte by byte).
    package struct Key: Hashable {
        /// The bytes.
        package var bytes: [UInt8] = []

        package func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        package static func == (lhs: Key, rhs: Key) -> Bool { lhs.bytes == rhs.bytes }
    }
}
