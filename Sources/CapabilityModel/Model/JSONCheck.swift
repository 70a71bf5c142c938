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

    /// One open array or object. The keys live in the frame itself and are changed in place
    /// (`stack[last].keys.insert`), never taken out and put back: a set copied out of the
    /// stack is shared with it, so adding a key would copy it whole, every key (quadratic).
    private struct Container {
        var isObject: Bool
        var keys = KeySet()
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
        /// The bytes of the key being read (reused).
        var key: [UInt8] = []

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
                        stack.removeLast()
                        expecting = afterValue()
                    } else {
                        return fail()
                    }
                    continue
                case .objectKeyOrEnd, .objectKey:
                    if byte == UInt8(ascii: "}"), expecting == .objectKeyOrEnd {
                        index += 1
                        stack.removeLast()
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
                        stack.removeLast()
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
                    stack.append(Container(isObject: isObject))
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

        /// Reads a key at the opening quote and adds it to the innermost object's keys.
        mutating func objectKey() -> InputProblem? {
            let at = place(index)
            key.removeAll(keepingCapacity: true)
            let start = index + 1
            if let problem = string() { return problem }
            key.append(contentsOf: bytes[start..<(index - 1)])
            let text = key.contains(UInt8(ascii: "\\")) ? Array(JSONCheck.unescape(key).utf8) : key
            guard let last = stack.indices.last else { return nil }
            if let first = stack[last].keys.insert(text, at: at) {
                return .duplicateKey(
                    String(decoding: text, as: UTF8.self), first: first, second: at)
            }
            return nil
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

    /// The keys of one object: their UTF-8 (escapes decoded) in one buffer, found by an
    /// FNV-1a hash, linearly while the object is small and through an index once it is large.
    /// No `String` is made and nothing is hashed twice unless a key repeats (hashing and
    /// creating a `String` per key was most of the cost of a 400 KB snapshot).
    private struct KeySet {
        private var bytes: [UInt8] = []
        private var entries: [(hash: UInt64, start: Int, count: Int, place: Place)] = []
        private var index: [UInt64: [Int]] = [:]
        private static let linearLimit = 24

        /// Adds a key; returns the place of an equal key added before, if any.
        mutating func insert(_ key: [UInt8], at place: Place) -> Place? {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in key {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            if entries.count < Self.linearLimit {
                for entry in entries where entry.hash == hash && equal(entry, key) {
                    return entry.place
                }
            } else {
                if index.isEmpty {
                    for (position, entry) in entries.enumerated() {
                        index[entry.hash, default: []].append(position)
                    }
                }
                for position in index[hash] ?? [] where equal(entries[position], key) {
                    return entries[position].place
                }
                index[hash, default: []].append(entries.count)
            }
            entries.append((hash, bytes.count, key.count, place))
            bytes.append(contentsOf: key)
            return nil
        }

        private func equal(
            _ entry: (hash: UInt64, start: Int, count: Int, place: Place), _ key: [UInt8]
        ) -> Bool {
            entry.count == key.count
                && bytes[entry.start..<(entry.start + entry.count)].elementsEqual(key)
        }
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
