import CapabilitySupport
import FoundationEssentials

/// The one bounded check every JSON input passes before `JSONDecoder` reads it: the grammar of
/// RFC 8259 (with UTF-8), object keys given twice and nesting deeper than any capcheck
/// document needs, in one pass over the bytes, each problem with its line and column.
///
/// `JSONDecoder` reports a syntax error as "The given data was not valid JSON" with no place,
/// keeps one of two equal keys without a word, and decodes open-ended values (``JSONValue``)
/// in more than linear time in the depth. The pass allocates nothing but the keys of the open
/// objects and stops at the first problem.
package enum JSONCheck {
    /// The deepest nesting of arrays and objects accepted (snapshots need about ten).
    package static let maximumDepth = 64

    /// A place in the text, 1-based, as the pass counts it.
    package struct Place: Equatable, Sendable, CustomStringConvertible {
        /// The line.
        package var line: Int
        /// The column, counted in bytes.
        package var column: Int
        /// `line L, column C`.
        package var description: String { "line \(line), column \(column)" }
    }

    /// ``InputProblem/code`` of text that is not JSON at all (the other problems are in
    /// valid JSON).
    package static let syntaxCode = -1

    /// Checks a document held in `Data`, over its bytes in place (`Data`'s own iterator costs
    /// several times the check itself).
    /// - Parameter data: The JSON text (UTF-8).
    /// - Returns: The first problem, or `nil` when the text is JSON within the bounds.
    package static func problem(in data: Data) -> InputProblem? {
        data.withUnsafeBytes { problem(inBuffer: $0) }
    }

    /// Checks a document (one value; whitespace around it).
    /// - Parameter bytes: The JSON text (UTF-8).
    /// - Returns: The first problem, or `nil` when the text is JSON within the bounds.
    package static func problem<Bytes: Collection>(in bytes: Bytes) -> InputProblem?
    where Bytes.Element == UInt8 {
        if let found = bytes.withContiguousStorageIfAvailable({
            problem(inBuffer: UnsafeRawBufferPointer($0))
        }) {
            return found
        }
        return Array(bytes).withUnsafeBytes { problem(inBuffer: $0) }
    }

    private static func problem(inBuffer bytes: UnsafeRawBufferPointer) -> InputProblem? {
        var scanner = Scanner(bytes: bytes)
        return scanner.run()
    }

    /// One open array or object; an object's keys are the scanner's ``Scanner/keys`` from
    /// `firstKey` on (a nested object's keys sit above them while it is open, and go when it
    /// closes).
    private struct Container {
        var isObject: Bool
        var firstKey: Int
        /// The positions of the keys by hash, made once the object has many keys.
        var index: [UInt64: [Int]] = [:]
    }

    /// A key of an open object: where its text is in the document and the place it was read.
    private struct Key {
        var hash: UInt64
        /// The key's body, between the quotes, as written.
        var start: Int
        var count: Int
        var hasEscape: Bool
        var place: Place
    }

    /// What the grammar allows at the next byte that is not white space.
    private enum Expecting {
        case value, objectKeyOrEnd, objectKey, colon, objectCommaOrEnd, arrayValueOrEnd
        case arrayCommaOrEnd, end
    }

    /// The pass: an index into the bytes, the line it is on and the open containers.
    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var line = 1
        /// The offset of the current line's first byte.
        var lineStart = 0
        var stack: [Container] = []
        /// The keys of the open objects, innermost last.
        var keys: [Key] = []
        /// How many keys an object is searched linearly for before it gets an index.
        static let linearLimit = 24

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The place of the byte at `offset` (on the current line).
        func place(_ offset: Int) -> Place {
            Place(line: line, column: offset - lineStart + 1)
        }

        func fail(_ reason: String = "invalid value", at offset: Int? = nil) -> InputProblem {
            .syntax(reason, at: place(offset ?? index))
        }

        /// A byte past ASCII outside a string: not JSON either way, but named for what it is.
        func nonASCII() -> InputProblem {
            utf8Width(at: index) == nil ? fail("invalid UTF-8") : fail()
        }

        func endOfFile() -> InputProblem { fail("unexpected end of file", at: bytes.count) }

        /// After a value: what the enclosing container expects next.
        func afterValue() -> Expecting {
            guard let last = stack.last else { return .end }
            return last.isObject ? .objectCommaOrEnd : .arrayCommaOrEnd
        }

        mutating func run() -> InputProblem? {
            var expecting = Expecting.value
            let count = bytes.count
            while true {
                while index < count {
                    let byte = bytes[index]
                    if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                        index += 1
                    } else if byte == 0x0A {
                        index += 1
                        line += 1
                        lineStart = index
                    } else {
                        break
                    }
                }
                guard index < count else { return expecting == .end ? nil : endOfFile() }
                let byte = bytes[index]
                if byte >= 0x80 { return nonASCII() }
                switch expecting {
                case .end:
                    return fail()
                case .colon:
                    guard byte == UInt8(ascii: ":") else { return fail() }
                    index += 1
                    expecting = .value
                    continue
                case .objectCommaOrEnd, .arrayCommaOrEnd:
                    let isObject = expecting == .objectCommaOrEnd
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        expecting = isObject ? .objectKey : .value
                    } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        close()
                        expecting = afterValue()
                    } else {
                        return fail()
                    }
                    continue
                case .objectKeyOrEnd, .objectKey:
                    if byte == UInt8(ascii: "}"), expecting == .objectKeyOrEnd {
                        index += 1
                        close()
                        expecting = afterValue()
                        continue
                    }
                    guard byte == UInt8(ascii: "\"") else { return fail() }
                    if let problem = objectKey() { return problem }
                    expecting = .colon
                    continue
                case .arrayValueOrEnd:
                    if byte == UInt8(ascii: "]") {
                        index += 1
                        close()
                        expecting = afterValue()
                        continue
                    }
                case .value:
                    break
                }
                // A value.
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if stack.count >= JSONCheck.maximumDepth {
                        return .tooDeep(at: place(index), limit: JSONCheck.maximumDepth)
                    }
                    let isObject = byte == UInt8(ascii: "{")
                    stack.append(Container(isObject: isObject, firstKey: keys.count))
                    index += 1
                    expecting = isObject ? .objectKeyOrEnd : .arrayValueOrEnd
                case UInt8(ascii: "\""):
                    if let problem = string() { return problem }
                    expecting = afterValue()
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    let word =
                        byte == UInt8(ascii: "t")
                        ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                    for expected in word.utf8 {
                        guard index < count else { return endOfFile() }
                        guard bytes[index] == expected else { return fail() }
                        index += 1
                    }
                    expecting = afterValue()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if let problem = number() { return problem }
                    expecting = afterValue()
                default:
                    return fail()
                }
            }
        }

        /// Ends the innermost array or object, forgetting its keys.
        mutating func close() {
            let closed = stack.removeLast()
            keys.removeSubrange(closed.firstKey...)
        }

        /// Reads a key at the opening quote and adds it to the innermost object's keys; the key
        /// is read where it is, only a key with an escape is decoded (`"\u0061"` is `"a"`).
        mutating func objectKey() -> InputProblem? {
            let at = place(index)
            let start = index + 1
            if let problem = string() { return problem }
            guard let object = stack.indices.last else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)])
            let hasEscape = body.contains(UInt8(ascii: "\\"))
            let hash =
                hasEscape
                ? JSONCheck.hash(JSONCheck.unescape(Array(body)).utf8) : JSONCheck.hash(body)
            let key = Key(
                hash: hash, start: start, count: body.count, hasEscape: hasEscape, place: at)
            let first = stack[object].firstKey
            if keys.count - first < Self.linearLimit {
                for earlier in keys[first...] where earlier.hash == hash && equal(earlier, key) {
                    return duplicate(earlier, key)
                }
            } else {
                if stack[object].index.isEmpty {
                    for position in first..<keys.count {
                        stack[object].index[keys[position].hash, default: []].append(position)
                    }
                }
                for position in stack[object].index[hash] ?? [] where equal(keys[position], key) {
                    return duplicate(keys[position], key)
                }
                stack[object].index[hash, default: []].append(keys.count)
            }
            keys.append(key)
            return nil
        }

        /// The body of a key as written.
        func body(_ key: Key) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[key.start..<(key.start + key.count)])
        }

        /// The string a key stands for.
        func text(_ key: Key) -> String {
            key.hasEscape
                ? JSONCheck.unescape(Array(body(key))) : String(decoding: body(key), as: UTF8.self)
        }

        /// Whether two keys name the same member (their bytes once escapes are decoded).
        func equal(_ one: Key, _ other: Key) -> Bool {
            if !one.hasEscape && !other.hasEscape {
                return one.count == other.count && body(one).elementsEqual(body(other))
            }
            return text(one).utf8.elementsEqual(text(other).utf8)
        }

        func duplicate(_ first: Key, _ second: Key) -> InputProblem {
            .duplicateKey(text(second), first: first.place, second: second.place)
        }

        /// Moves past a string literal that starts at `index`.
        mutating func string() -> InputProblem? {
            index += 1
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    index += 1
                    guard index < count else { return endOfFile() }
                    let kind = bytes[index]
                    if kind == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            index += 1
                            guard index < count else { return endOfFile() }
                            guard isHexDigit(bytes[index]) else {
                                return fail("invalid escape sequence")
                            }
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(kind) {
                        return fail("invalid escape sequence")
                    }
                    index += 1
                case 0..<0x20:
                    return fail("unescaped control character")
                case 0x80...:
                    guard let width = utf8Width(at: index) else { return fail("invalid UTF-8") }
                    index += width
                default:
                    index += 1
                }
            }
            return endOfFile()
        }

        /// Moves past a number that starts at `index`.
        mutating func number() -> InputProblem? {
            let count = bytes.count
            func isDigit(_ at: Int) -> Bool {
                at < count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
            }
            func digits() -> InputProblem? {
                guard index < count else { return endOfFile() }
                guard isDigit(index) else { return fail() }
                while isDigit(index) { index += 1 }
                return nil
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            if index < count, bytes[index] == UInt8(ascii: "0") {
                index += 1
                if isDigit(index) { return fail("number with leading zero", at: index - 1) }
            } else if let problem = digits() {
                return problem
            }
            if index < count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                if let problem = digits() { return problem }
            }
            if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
            {
                index += 1
                if index < count,
                    bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
                {
                    index += 1
                }
                if let problem = digits() { return problem }
            }
            return nil
        }

        /// The length of the UTF-8 sequence at `offset`, or nil when it is not valid UTF-8.
        func utf8Width(at offset: Int) -> Int? {
            var iterator = bytes[offset..<min(offset + 4, bytes.count)].makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
            return UTF8.width(scalar)
        }

        func isHexDigit(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                return true
            default:
                return false
            }
        }
    }

    /// The FNV-1a hash of a key's bytes.
    private static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The string a JSON string literal's body stands for (escapes decoded; bad escapes kept).
    package static func unescape(_ body: [UInt8]) -> String {
        guard body.contains(UInt8(ascii: "\\")) else {
            return String(decoding: body, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        var index = 0
        var highSurrogate: UInt32? = nil
        while index < body.count {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < body.count else {
                raw.append(byte)
                index += 1
                continue
            }
            flush()
            let kind = body[index + 1]
            index += 2
            let simple: [UInt8: Unicode.Scalar] = [
                UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
                UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n",
                UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
            ]
            if let scalar = simple[kind] {
                scalars.append(scalar)
                continue
            }
            guard kind == UInt8(ascii: "u"), index + 4 <= body.count,
                let code = UInt32(
                    String(decoding: body[index..<index + 4], as: UTF8.self), radix: 16)
            else { continue }
            index += 4
            if (0xD800...0xDBFF).contains(code) {
                highSurrogate = code
                continue
            }
            if (0xDC00...0xDFFF).contains(code), let high = highSurrogate {
                highSurrogate = nil
                let combined = 0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00)
                if let scalar = Unicode.Scalar(combined) { scalars.append(scalar) }
                continue
            }
            highSurrogate = nil
            if let scalar = Unicode.Scalar(code) { scalars.append(scalar) }
        }
        flush()
        return String(scalars)
    }
}

/// The problems ``JSONCheck`` finds, each at a line and column.
extension InputProblem {
    /// The text breaks the grammar: `unexpected end of file`, `invalid value`, `unescaped
    /// control character`, `invalid escape sequence`, `invalid UTF-8` or `number with leading
    /// zero`.
    package static func syntax(_ reason: String, at place: JSONCheck.Place) -> InputProblem {
        InputProblem(
            line: place.line, column: place.column, reason: reason, code: JSONCheck.syntaxCode)
    }

    /// One object names a key twice.
    package static func duplicateKey(
        _ key: String, first: JSONCheck.Place, second: JSONCheck.Place
    ) -> InputProblem {
        InputProblem(
            line: second.line, column: second.column,
            reason: "duplicate key \"\(key)\" (first at \(first))")
    }

    /// Arrays and objects nest deeper than ``JSONCheck/maximumDepth``.
    package static func tooDeep(at place: JSONCheck.Place, limit: Int) -> InputProblem {
        InputProblem(
            line: place.line, column: place.column,
            reason: "arrays and objects nest deeper than \(limit) levels")
    }

    /// Whether ``JSONCheck`` found text that is not JSON at all (the other problems are in
    /// valid JSON).
    package var isSyntax: Bool { code == JSONCheck.syntaxCode }
}
