import FoundationEssentials
import Glibc

/// Splits the bytes of a udevadm dump or umockdev recording into records of `X: value` lines,
/// in one pass over the UTF-8 bytes (no `Character` splitting).
///
/// Real files are messy, so nothing here is fatal; each oddity is a warning with its line:
/// a byte order mark; CR LF line ends (reported once); a line without an `X: ` prefix right
/// after an `E:` line, which continues that value (udevadm prints a property value with an
/// embedded newline as it is), while any other such line is skipped; a blank line inside a
/// record; a `P:` line without a blank line before it (a new record); lines before the first
/// `P:`; unknown line kinds; lines with NUL bytes; invalid UTF-8 (replaced by U+FFFD); a
/// missing newline at the end (the file may have been cut short).
package struct RecordScanner {
    /// The piece being read.
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    private let kinds: RecordKinds
    /// The number of the last line read.
    private var number = 0
    /// Whether a piece was read (a byte order mark counts only at the start).
    private var started = false

    /// How many records were handed on.
    private(set) var recordCount = 0
    private var current: [RecordLine] = []
    /// Whether the previous line was added to `current`, so a bare line may continue it.
    private var continuable = false
    private var blankInRecord = false
    private var sawCarriageReturn = false
    /// Long keys already read, shared by every record that has them.
    private var keyNames: Set<String> = []
    private static let sharedKeyLimit = 4096

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// Creates a scanner.
    /// - Parameter kinds: The line kinds of the format.
    init(kinds: RecordKinds) {
        self.kinds = kinds
    }

    /// Reads the lines of one piece of the file and hands on each record as soon as it ends,
    /// so only one record's lines are held at a time.
    /// - Parameters:
    ///   - piece: The next bytes of the file: whole lines, ending with a line end, except in
    ///     the last piece. They need to stay valid only during the call.
    ///   - isLast: Whether the file ends after this piece (the last record is handed on).
    ///   - warnings: Receives what was tolerated.
    ///   - record: Called with each record's lines, starting with its `P:` line, in file order.
    package mutating func scan(
        _ piece: UnsafeBufferPointer<UInt8>, isLast: Bool, warnings: inout WarningLog,
        record: ([RecordLine]) -> Void
    ) {
        bytes = piece
        defer { bytes = UnsafeBufferPointer(start: nil, count: 0) }
        var position = 0
        defer { started = true }
        if !started && bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            position = 3
            warnings.add(line: 1, "UTF-8 byte order mark skipped")
        }
        // A NUL byte is nearly never there: when the piece has none, no line is searched for one.
        let mayHoldNUL = bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false
        while position < bytes.count {
            number += 1
            let end = Self.lineEnd(bytes, from: position)
            let nonASCII = Self.holdsNonASCII(bytes, position..<end)
            let nul =
                mayHoldNUL
                && bytes.baseAddress.map { memchr($0 + position, 0, end - position) != nil }
                    ?? false
            if end == bytes.count {
                warnings.add(
                    line: number, "no newline at the end of the file (it may have been cut short)")
            }
            var lineEnd = end
            if lineEnd > position && bytes[lineEnd - 1] == Self.carriageReturn {
                lineEnd -= 1
                if !sawCarriageReturn {
                    sawCarriageReturn = true
                    warnings.add(line: number, "CR LF line ends read as LF (reported once)")
                }
            }
            if nul {
                warnings.add(line: number, "NUL bytes in a text line: line skipped")
                continuable = false
            } else {
                read(position..<lineEnd, number: number, nonASCII: nonASCII, &warnings, record)
            }
            position = end + 1
        }
        if isLast && !current.isEmpty { finishRecord(record) }
    }

    /// Where the line starting at `start` ends: its newline, else the end of the piece.
    private static func lineEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(newline), bytes.count - start)
        else { return bytes.count }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    /// Whether a byte of the range is not ASCII, read eight bytes at a time.
    private static func holdsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
        -> Bool
    {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        while index < range.upperBound {
            if bytes[index] >= 0x80 { return true }
            index += 1
        }
        return false
    }

    private mutating func finishRecord(_ record: ([RecordLine]) -> Void) {
        recordCount += 1
        record(current)
        current.removeAll(keepingCapacity: true)
    }

    /// Reads one line without its line end.
    private mutating func read(
        _ range: Range<Int>, number: Int, nonASCII: Bool, _ warnings: inout WarningLog,
        _ record: ([RecordLine]) -> Void
    ) {
        if bytes[range].allSatisfy({ $0 == Self.space || $0 == Self.tab }) {
            if !current.isEmpty { blankInRecord = true }
            continuable = false
            return
        }
        let isRecordLine =
            range.count >= 2
            && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[range.lowerBound])
            && bytes[range.lowerBound + 1] == UInt8(ascii: ":")
        guard isRecordLine else {
            bareLine(decode(range, nonASCII, number, &warnings), number: number, &warnings)
            return
        }
        let kind = bytes[range.lowerBound]
        var valueStart = range.lowerBound + 2
        if valueStart < range.upperBound && bytes[valueStart] == Self.space { valueStart += 1 }
        let line = recordLine(kind, valueStart..<range.upperBound, nonASCII, number, &warnings)
        if kind == UInt8(ascii: "P") {
            if !current.isEmpty {
                if !blankInRecord {
                    warnings.add(
                        line: number, "'P:' line without a blank line before it: a new record")
                }
                finishRecord(record)
            }
            current.append(line)
            blankInRecord = false
            continuable = true
            return
        }
        continuable = false
        guard !current.isEmpty else {
            warnings.add(
                line: number, "'\(line.kindText)' line before the first 'P:' line: skipped")
            return
        }
        if blankInRecord {
            warnings.add(
                line: number,
                "blank line inside the record of line \(current[0].number): read as one record")
            blankInRecord = false
        }
        guard kinds.contains(kind) else {
            warnings.add(line: number, "unknown line kind '\(line.kindText)': skipped")
            return
        }
        current.append(line)
        continuable = true
    }

    /// The line of a kind and its text; a `KEY=value` text of a kind that holds pairs is split
    /// at its first `=` (a line with an empty key keeps its whole text as the value).
    private mutating func recordLine(
        _ kind: UInt8, _ range: Range<Int>, _ nonASCII: Bool, _ number: Int,
        _ warnings: inout WarningLog
    ) -> RecordLine {
        if nonASCII && !isValidUTF8(range) {
            warnings.add(line: number, "invalid UTF-8 replaced by U+FFFD")
        }
        guard RecordKinds.holdsPair(kind),
            let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")), equals > range.lowerBound
        else {
            return RecordLine(kind: kind, key: nil, value: text(range), number: number)
        }
        return RecordLine(
            kind: kind, key: key(range.lowerBound..<equals),
            value: text(equals + 1..<range.upperBound),
            number: number)
    }

    /// A key: keys longer than a string holds inline (15 bytes, `USEC_INITIALIZED`,
    /// `ID_MODEL_FROM_DATABASE`) are stored once for the whole file, not once a record.
    private mutating func key(_ range: Range<Int>) -> String {
        let key = text(range)
        guard range.count > 15 else { return key }
        if let known = keyNames.firstIndex(of: key) { return keyNames[known] }
        // A bound, so a file of endless distinct keys costs no more than without sharing.
        if keyNames.count < Self.sharedKeyLimit { keyNames.insert(key) }
        return key
    }

    /// A line without an `X: ` prefix: the continuation of an `E:` value right before it.
    private mutating func bareLine(_ text: String, number: Int, _ warnings: inout WarningLog) {
        if continuable, let last = current.indices.last, current[last].kind == UInt8(ascii: "E") {
            warnings.add(line: number, "continuation of \(current[last].label)")
            current[last].value += "\n" + text
            if current[last].key == nil { splitContinued(&current[last]) }
        } else {
            warnings.add(
                line: number, "not an 'X: value' line, skipped: '\(RecordText.preview(text))'")
        }
    }

    /// An `E:` line without `KEY=` whose continuation brought an `=`: split now, as if the
    /// joined text had been one line.
    private func splitContinued(_ line: inout RecordLine) {
        let utf8 = line.value.utf8
        guard let equals = utf8.firstIndex(of: UInt8(ascii: "=")), equals > utf8.startIndex else {
            return
        }
        let text = line.value
        line.key = String(text[..<equals])
        line.value = String(text[utf8.index(after: equals)...])
    }

    /// Whether the bytes are valid UTF-8.
    private func isValidUTF8(_ range: Range<Int>) -> Bool {
        String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) != nil
    }

    /// The bytes as a string; invalid UTF-8 becomes U+FFFD.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes as a string; invalid UTF-8 becomes U+FFFD, with a warning.
    private func decode(
        _ range: Range<Int>, _ nonASCII: Bool, _ number: Int, _ warnings: inout WarningLog
    ) -> String {
        if nonASCII && !isValidUTF8(range) {
            warnings.add(line: number, "invalid UTF-8 replaced by U+FFFD")
        }
        return text(range)
    }
}
