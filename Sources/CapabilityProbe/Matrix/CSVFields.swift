/// The fields of one CSV record without a `String` per field: unquoted fields are byte ranges
/// of the file, quoted ones (rare) decoded text. Reused from record to record by
/// ``CSVReader/next(into:)``.
struct CSVFields: TableFields {
    private let bytes: [UInt8]
    /// Per field its byte range, or for a quoted field `-(k + 1)..<-(k + 1)`: `texts[k]`.
    private var ranges: [Range<Int>] = []
    /// Decoded text of the quoted fields (usually none), so a reset frees no strings.
    private var texts: [String] = []

    /// Fields over a file's bytes (shared, not copied).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The number of fields.
    var count: Int { ranges.count }

    /// Starts a new record.
    mutating func reset() {
        ranges.removeAll(keepingCapacity: true)
        if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
    }

    mutating func append(range: Range<Int>) {
        ranges.append(range)
    }

    mutating func append(text: String) {
        texts.append(text)
        ranges.append(-texts.count..<(-texts.count))
    }

    /// A field's text.
    func text(at index: Int) -> String {
        let range = ranges[index]
        if range.lowerBound < 0 { return texts[-range.lowerBound - 1] }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// A field as a cell; the common spellings (`yes`, `no`, blank) are read from the bytes.
    func cell(at index: Int) -> MatrixCell? {
        let range = ranges[index]
        if range.lowerBound >= 0 {
            let start = range.lowerBound
            if range.isEmpty { return .unknown }
            if range.count == 3, bytes[start] == 0x79, bytes[start + 1] == 0x65,
                bytes[start + 2] == 0x73
            {
                return .yes
            }
            if range.count == 2, bytes[start] == 0x6e, bytes[start + 1] == 0x6f { return .no }
        }
        return MatrixCell(parsing: text(at: index))
    }

    /// Every field's text.
    var strings: [String] { (0..<count).map(text(at:)) }
}

/// The fields of one table record, as ``MatrixBuilder`` reads them.
protocol TableFields {
    /// The number of fields.
    var count: Int { get }
    /// A field's text.
    func text(at index: Int) -> String
    /// A field read as a cell, nil when it is no cell spelling.
    func cell(at index: Int) -> MatrixCell?
}

extension Array: TableFields where Element == String {
    func text(at index: Int) -> String { self[index] }
    func cell(at index: Int) -> MatrixCell? { MatrixCell(parsing: self[index]) }
}
