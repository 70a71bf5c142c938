import CapabilitySupport
import FoundationEssentials
import Glibc

/// An RFC 4180 CSV reader over UTF-8 bytes, yielding one record at a time.
///
/// Quoted fields may hold commas, line breaks and doubled quotes; CRLF and LF both end
/// records; a record starting with `#` is a provenance comment; blank lines are skipped.
package struct CSVReader {
    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    /// Where this reader stops: the end of the bytes, or of the part it was given.
    private let end: Int
    private var line = 1

    /// Creates a reader.
    /// - Parameters:
    ///   - bytes: The file content.
    ///   - path: The file name for messages.
    init(bytes: [UInt8], path: String) {
        // Skip a UTF-8 byte order mark.
        self.index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.end = bytes.count
        self.bytes = bytes
        self.path = path
    }

    /// A reader of whole records `bytes[range]`, the first on line `line`, from a file whose
    /// first part another reader reads (``MatrixParser``'s parallel read of a large table).
    private init(bytes: [UInt8], path: String, range: Range<Int>, line: Int) {
        self.bytes = bytes
        self.path = path
        self.index = range.lowerBound
        self.end = range.upperBound
        self.line = line
    }

    /// Splits what is left to read in two readers at a line break near the middle, when the
    /// rest is at least `minimum` bytes and holds no quote (so every line break ends a
    /// record, and line numbers are line breaks counted).
    /// - Parameter minimum: The least size worth splitting.
    /// - Returns: The readers of the first and second part, and how many line breaks the
    ///   whole rest holds (a bound on its records), or nil.
    func split(minimum: Int) -> (first: CSVReader, second: CSVReader, lines: Int)? {
        guard end - index >= minimum else { return nil }
        let middle = index + (end - index) / 2
        return bytes.withUnsafeBufferPointer { buffer -> (CSVReader, CSVReader, Int)? in
            guard let base = buffer.baseAddress else { return nil }
            var cut = middle
            while cut < end, buffer[cut] != Self.newline { cut += 1 }
            guard cut < end else { return nil }
            cut += 1
            // A quote anywhere could hold the cut's line break inside a field; memchr finds
            // one fastest, and counts the line breaks.
            guard memchr(base + index, Int32(Self.quote), end - index) == nil else { return nil }
            let breaks = Self.lineBreaks(base, index..<cut)
            let first = CSVReader(bytes: bytes, path: path, range: index..<cut, line: line)
            let second = CSVReader(
                bytes: bytes, path: path, range: cut..<end, line: line + breaks)
            return (first, second, breaks + Self.lineBreaks(base, cut..<end))
        }
    }

    /// The line feeds in `base[range]`.
    private static func lineBreaks(_ base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int {
        var count = 0
        var position = range.lowerBound
        while position < range.upperBound,
            let found = memchr(base + position, Int32(newline), range.upperBound - position)
        {
            count += 1
            position = UnsafeRawPointer(base).distance(to: found) + 1
        }
        return count
    }

    private static let comma = UInt8(ascii: ",")
    private static let quote = UInt8(ascii: "\"")
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let hash = UInt8(ascii: "#")

    /// What ``next(into:)`` found.
    package enum Item: Equatable {
        /// A `#` line, text after the `#` trimmed.
        case comment(String, line: Int)
        /// A record, now in the fields passed in, with the line it starts on.
        case fields(line: Int)
    }

    /// The next record as strings, or nil at the end.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for an unterminated quote or
    ///   text after a closing quote.
    package mutating func next() throws(MatrixError) -> TableRecord? {
        var fields = makeFields()
        switch try next(into: &fields) {
        case .comment(let text, let line): return .comment(text, line: line)
        case .fields(let line): return .fields(fields.strings, line: line)
        case nil: return nil
        }
    }

    /// Fields to pass to ``next(into:)``, over this reader's bytes.
    func makeFields() -> CSVFields { CSVFields(bytes: bytes) }

    /// The next record, its fields left as byte ranges in `fields` (reused from record to
    /// record, so large tables allocate no strings for cells), or nil at the end.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for an unterminated quote or
    ///   text after a closing quote.
    package mutating func next(into fields: inout CSVFields) throws(MatrixError) -> Item? {
        if let comment = skipToRecord() { return comment }
        guard index < end else { return nil }
        let start = line
        try record(into: &fields)
        return .fields(line: start)
    }

    /// Hands plain records to `plain` until it finds one `plain` does not take, a comment or
    /// the end. A plain record is one line without a quote, given as its bytes without the
    /// line break (and a CR before it), so its fields are the bytes between commas. A record
    /// `plain` declines (it returns false), and any other record, is read into `fields` as
    /// by ``next(into:)``.
    /// - Parameters:
    ///   - fields: Receives a record that was not taken.
    ///   - plain: Takes a plain record's bytes and line number, or declines it.
    /// - Returns: The comment or record found, or nil at the end.
    /// - Throws: What ``next(into:)`` throws.
    package mutating func next(
        into fields: inout CSVFields, plain: (UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) throws(MatrixError) -> Item? {
        while true {
            if let comment = skipToRecord() { return comment }
            guard index < end else { return nil }
            let start = line
            let (index, end) = (index, end)
            let taken = bytes.withUnsafeBufferPointer { buffer -> Int? in
                guard let base = buffer.baseAddress else { return nil }
                let lineEnd =
                    memchr(base + index, Int32(Self.newline), end - index).map {
                        UnsafeRawPointer(base).distance(to: $0)
                    } ?? end
                guard memchr(base + index, Int32(Self.quote), lineEnd - index) == nil else {
                    return nil
                }
                // A CR ends the last field only before a line feed (``fieldEnd(from:)``).
                let contentEnd =
                    lineEnd < end && buffer[lineEnd - 1] == Self.carriageReturn
                    ? lineEnd - 1 : lineEnd
                let line = UnsafeBufferPointer(rebasing: buffer[index..<contentEnd])
                return plain(line, start) ? lineEnd : nil
            }
            guard let stop = taken else { break }
            self.index = stop
        }
        let start = line
        try record(into: &fields)
        return .fields(line: start)
    }

    /// Skips line breaks up to the next record's first byte (or the end), and reads a `#`
    /// line found on the way.
    /// - Returns: The comment, or nil at a record or the end.
    private mutating func skipToRecord() -> Item? {
        while index < end {
            let byte = bytes[index]
            if byte == Self.newline {
                index += 1
                line += 1
                continue
            }
            if byte == Self.carriageReturn {
                index += 1
                continue
            }
            if byte == Self.hash {
                let start = line
                let stop = bytes[index..<end].firstIndex(of: Self.newline) ?? end
                var text = String(decoding: bytes[(index + 1)..<stop], as: UTF8.self)
                if text.hasSuffix("\r") { text.removeLast() }
                index = stop
                return .comment(text.trimming(.whitespaces), line: start)
            }
            return nil
        }
        return nil
    }

    /// One record's fields: an unquoted field is kept as its byte range; only a quoted field
    /// (doubled quotes, embedded line breaks) is copied and decoded. A field ends at a comma,
    /// a line feed or a CR before a line feed; a quote inside an unquoted field, a lone CR and
    /// text after a quoted field's closing quote and a lone CR are kept as they are.
    private mutating func record(into fields: inout CSVFields) throws(MatrixError) {
        let start = line
        fields.reset()
        while true {
            let stop: Int
            if index < end, bytes[index] == Self.quote {
                var field: [UInt8] = []
                try quoted(into: &field, number: fields.count + 1, recordLine: start)
                stop = fieldEnd(from: index)
                field += bytes[index..<stop]
                fields.append(text: String(decoding: field, as: UTF8.self))
            } else {
                stop = fieldEnd(from: index)
                fields.append(range: index..<stop)
            }
            index = stop
            guard stop < end else { return }
            switch bytes[stop] {
            case Self.comma:
                index += 1
            case Self.newline:
                return
            default:  // a CR before a line feed: leave the line feed to `next(into:)`
                index += 1
                return
            }
        }
    }

    /// Where the field from `start` ends: the first comma, line feed or CR before a line
    /// feed, else the end of the bytes.
    private func fieldEnd(from start: Int) -> Int {
        let end = end
        return bytes.withUnsafeBufferPointer { bytes in
            var index = start
            while index < end {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.newline { return index }
                if byte == Self.carriageReturn, index + 1 < end,
                    bytes[index + 1] == Self.newline
                {
                    return index
                }
                index += 1
            }
            return end
        }
    }

    /// Reads a quoted field from its opening quote past its closing one into `field`: a
    /// doubled quote is one quote, line breaks are kept (and counted).
    /// - Parameters:
    ///   - field: The field's bytes so far.
    ///   - number: The field's 1-based position, for messages.
    ///   - recordLine: The line the record starts on, for an unclosed quote.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for text after the closing quote
    ///   (other than a comma or a line break) or a quote that is never closed.
    private mutating func quoted(
        into field: inout [UInt8], number: Int, recordLine: Int
    ) throws(MatrixError) {
        index += 1
        while index < end {
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 < end, bytes[index + 1] == Self.quote {
                    field.append(Self.quote)
                    index += 2
                    continue
                }
                index += 1
                if index < end,
                    ![Self.comma, Self.newline, Self.carriageReturn].contains(bytes[index])
                {
                    throw .malformed(
                        path: path, line: line,
                        reason: "text after a closing quote in field \(number)")
                }
                return
            }
            if byte == Self.newline { line += 1 }
            field.append(byte)
            index += 1
        }
        throw .malformed(path: path, line: recordLine, reason: "a quoted field is never closed")
    }
}

/// The fields of one CSV record without a `String` per field: unquoted fields are byte ranges
/// of the file, quoted ones (rare) decoded text. Reused from record to record by
/// ``CSVReader/next(into:)``.
package struct CSVFields: TableFields {
    private let bytes: [UInt8]
    /// Per field its byte range, or for a quoted field `-(k + 1)..<-(k + 1)`: `texts[k]`.
    private var ranges: [Range<Int>] = []
    /// Decoded text of the quoted fields (usually none), so a reset frees no strings.
    private var texts: [String] = []

    /// Fields over a file's bytes (shared, not copied).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The number of fields.
    package var count: Int { ranges.count }

    /// Starts a new record.
    mutating func reset() {
        ranges.removeAll(keepingCapacity: true)
        if !texts.isEmpty { texts.removeAll(keepingCapacity: true) }
    }

    package mutating func append(range: Range<Int>) {
        ranges.append(range)
    }

    package mutating func append(text: String) {
        texts.append(text)
        ranges.append(-texts.count..<(-texts.count))
    }

    /// A field's text.
    package func text(at index: Int) -> String {
        let range = ranges[index]
        if range.lowerBound < 0 { return texts[-range.lowerBound - 1] }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// A field as a cell; the common spellings (`yes`, `no`, blank) are read from the bytes.
    package func cell(at index: Int) -> MatrixCell? {
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
    package var strings: [String] { (0..<count).map(text(at:)) }
}
