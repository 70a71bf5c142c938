import CapabilitySupport
import CapabilityXML

/// The input policy of every XML manifest reader, then the parse through ``XMLEventReader``
/// (libxml2).
///
/// The text is decoded (UTF-8, or UTF-16 by its byte-order mark) and must be valid; entity
/// declarations are refused on the decoded text (a byte search for `<!ENTITY` misses the
/// same declaration in UTF-16), and so is a NUL character; the parser gets UTF-8 bytes with
/// no byte-order mark, and ignores a declared `encoding`, which could re-interpret them. The
/// work is one pass over the bytes; memory is one copy of the document (two for UTF-16 input).
package enum XMLInputGuard {
    /// What an XML reader does with each event of the document.
    protocol EventCollecting: AnyObject {
        /// Takes one event.
        /// - Parameters:
        ///   - event: The event.
        ///   - position: The parser's position when it reported the event.
        func take(_ event: XMLEvent, at position: XMLPosition)
    }

    /// Checks the bytes and parses them into `collector`.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - collector: Collects what the reader needs.
    /// - Returns: The problem (the input policy's or the first parse error), or `nil`.
    static func parse(_ bytes: [UInt8], with collector: some EventCollecting) -> InputProblem? {
        let prepared: [UInt8]
        switch prepare(bytes) {
        case .success(let ready): prepared = ready
        case .failure(let problem): return problem
        }
        let reader = XMLEventReader()
        guard let error = reader.parse(prepared, handler: collector.take) else { return nil }
        // Code 0 is the reader's own (libxml2 missing, the size limit): its message says it.
        var position = XMLPosition(line: 1, column: 1)
        if case .lineColumn(let line, let column) = error.place {
            position = XMLPosition(line: line, column: column)
        }
        let reason =
            error.code == 0
            ? error.reason
            : (39...41).contains(error.code)
                ? unquotedValue(in: prepared, at: position) ?? describeXMLError(error.code)
                : describeXMLError(error.code)
        return InputProblem(place: error.place, reason: reason)
    }

    /// Why an attribute value libxml2 could not start is wrong, from the text before the
    /// reported column: the last `=` there is followed by a curly quote (`“1.3.0”`, what word
    /// processors and some web pages make of `"`) or by no quote at all.
    static func unquotedValue(in bytes: [UInt8], at position: XMLPosition) -> String? {
        var lineStart = 0
        var line = 1
        var index = 0
        while line < position.line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let end = min(bytes.count, lineStart + max(position.column, 1))
        guard lineStart < end,
            let equals = bytes[lineStart..<end].lastIndex(of: UInt8(ascii: "="))
        else { return nil }
        var value = equals + 1
        while value < bytes.count, bytes[value] == 0x20 || bytes[value] == 0x09 { value += 1 }
        guard value < bytes.count else { return nil }
        let curly: [[UInt8]] = [
            [0xE2, 0x80, 0x9C], [0xE2, 0x80, 0x9D], [0xE2, 0x80, 0x98], [0xE2, 0x80, 0x99],
        ]
        if curly.contains(where: { matches($0, bytes, at: value) }) {
            return "attribute value in curly quotes (“…”): XML needs straight quotes, \" or '"
        }
        if bytes[value] != UInt8(ascii: "\""), bytes[value] != UInt8(ascii: "'") {
            return "attribute value without quotes: XML needs \"…\" or '…'"
        }
        return nil
    }

    /// The document as UTF-8 bytes that pass the input policy.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The prepared bytes, or the problem.
    static func prepare(_ bytes: [UInt8]) -> Result<[UInt8], InputProblem> {
        let utf8: [UInt8]
        switch utf8Bytes(bytes) {
        case .success(let converted): utf8 = converted
        case .failure(let problem): return .failure(problem)
        }
        if let entity = find(Array("<!ENTITY".utf8), in: utf8, from: 0) {
            return .failure(
                InputProblem(
                    place: .line(line(at: entity, in: utf8)),
                    reason: "entity declarations are not accepted"))
        }
        if let nul = firstNUL(in: utf8) {
            return .failure(
                InputProblem(
                    place: .line(line(at: nul, in: utf8)),
                    reason: "NUL character in the document"))
        }
        return .success(utf8)
    }

    /// Decodes UTF-16 (by byte-order mark) or strict UTF-8 (a UTF-8 byte-order mark is dropped)
    /// into a `String`, for readers that scan the text themselves.
    package static func decode(_ bytes: [UInt8]) -> Result<String, InputProblem> {
        utf8Bytes(bytes).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The reason given for UTF-16 text without a byte-order mark.
    package static let utf16WithoutBOM =
        "UTF-16 text without a byte order mark (XML in UTF-16 must start with one)"

    /// Whether the bytes start like UTF-16 XML without a byte-order mark: `<` (or white
    /// space) as one byte of a pair whose other byte is NUL.
    package static func looksLikeUTF16WithoutBOM(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4))
        guard head.count == 4 else { return false }
        let ascii: (UInt8) -> Bool = { $0 == UInt8(ascii: "<") || $0 == 0x20 || $0 == 0x0A }
        return (ascii(head[0]) && head[1] == 0 && head[3] == 0)
            || (head[0] == 0 && ascii(head[1]) && head[2] == 0)
    }

    /// The document as validated UTF-8 bytes without a byte-order mark.
    private static func utf8Bytes(_ bytes: [UInt8]) -> Result<[UInt8], InputProblem> {
        if bytes.count >= 2,
            (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF)
        {
            return transcodeUTF16(bytes, littleEndian: bytes[0] == 0xFF)
        }
        if looksLikeUTF16WithoutBOM(bytes) {
            return .failure(InputProblem(place: .line(1), reason: utf16WithoutBOM))
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let bad = invalidUTF8Offset(bytes, from: start) {
            return .failure(
                InputProblem(place: .line(line(at: bad, in: bytes)), reason: "invalid UTF-8"))
        }
        return .success(start == 0 ? bytes : Array(bytes[start...]))
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, if any.
    private static func invalidUTF8Offset(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum) = (2, 0x80)
            case 0xE0...0xEF: (length, minimum) = (3, 0x800)
            case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return index }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                return index
            }
            index += length
        }
        return nil
    }

    private static func transcodeUTF16(_ bytes: [UInt8], littleEndian: Bool) -> Result<
        [UInt8], InputProblem
    > {
        guard bytes.count % 2 == 0 else {
            return .failure(
                InputProblem(place: nil, reason: "UTF-16 text with an odd number of bytes"))
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 2)
        var decoder = UTF16()
        var iterator = utf16Units(bytes, littleEndian: littleEndian).makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                UTF8.encode(scalar) { output.append($0) }
            case .emptyInput:
                return .success(output)
            case .error:
                return .failure(
                    InputProblem(place: .line(line), reason: "invalid UTF-16 (unpaired surrogate)"))
            }
        }
    }

    /// The UTF-16 code units after a byte-order mark (a last odd byte is left out).
    /// - Parameters:
    ///   - bytes: The text, starting with its two-byte byte-order mark.
    ///   - littleEndian: Whether the mark is `FF FE`.
    /// - Returns: The code units, the mark not among them.
    package static func utf16Units(_ bytes: [UInt8], littleEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let pair = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(littleEndian ? pair.0 | pair.1 << 8 : pair.0 << 8 | pair.1)
            index += 2
        }
        return units
    }

    private static func matches(_ literal: [UInt8], _ bytes: [UInt8], at index: Int) -> Bool {
        index + literal.count <= bytes.count
            && bytes[index..<index + literal.count].elementsEqual(literal)
    }

    /// The first index of `literal` in `bytes` at or after `start` (before `end`, if given).
    ///
    /// One loop over the buffer's bytes, not `ArraySlice.firstIndex(of:)`: unspecialized in a
    /// debug build, that generic call copied every byte through a value witness, and a
    /// 128 MiB catalog spent most of its time here.
    private static func find(
        _ literal: [UInt8], in bytes: [UInt8], from start: Int, before end: Int? = nil
    )
        -> Int?
    {
        guard let first = literal.first else { return nil }
        let limit = min(end ?? bytes.count, bytes.count)
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = max(start, 0)
            while index < limit {
                if buffer[index] == first, matches(literal, bytes, at: index) { return index }
                index += 1
            }
            return nil
        }
    }

    /// The first NUL byte, by the same plain loop as ``find(_:in:from:before:)``.
    private static func firstNUL(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            while index < buffer.count {
                if buffer[index] == 0 { return index }
                index += 1
            }
            return nil
        }
    }

    private static func line(at index: Int, in bytes: [UInt8]) -> Int {
        1 + bytes[..<index].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }

    /// Words for the libxml2 error numbers (`xmlParserErrors`) a broken manifest produces.
    static func describeXMLError(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends early"
        case 9: return "invalid character"
        case 26, 27: return "undeclared entity"
        case 29, 30: return "reference to an external entity (external entities are never resolved)"
        case 38: return "'<' inside an attribute value (write &lt;)"
        case 39, 40, 41: return "malformed attribute"
        case 42: return "an attribute given twice in one tag"
        case 45: return "a comment that is never closed"
        case 47: return "a processing instruction that is never closed"
        case 56: return "malformed XML declaration"
        case 57: return "the XML declaration is not closed by '?>' (nothing else may stand in it)"
        case 64, 65: return "malformed XML declaration"
        case 73: return "unclosed tag"
        case 76: return "mismatched closing tag"
        default: return "malformed XML (parser error \(code))"
        }
    }
}
