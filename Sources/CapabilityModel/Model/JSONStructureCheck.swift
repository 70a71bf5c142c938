import FoundationEssentials

/// Checks JSON text for what `JSONDecoder` accepts silently or slowly: object keys given twice
/// and nesting deeper than any capcheck document needs.
///
/// `JSONDecoder` keeps one of two equal keys without a word, and decoding open-ended values
/// (``JSONValue``) costs more than linear time in the depth. Every JSON reader runs this check
/// first, in one pass over the bytes with no allocation but the keys of the open objects.
/// Syntax errors are left to the decoder, whose messages name line and column.
package struct JSONStructureCheck {
    /// The deepest nesting of arrays and objects accepted (snapshots need about ten).
    package static let maximumDepth = 64

    /// A place in the text, 1-based.
    package struct Place: Equatable, Sendable, CustomStringConvertible {
        /// The line.
        package var line: Int
        /// The column, counted in bytes.
        package var column: Int
        /// `line L, column C`.
        package var description: String { "line \(line), column \(column)" }
    }

    /// What the check found.
    package enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        /// One object names a key twice.
        case duplicateKey(String, first: Place, second: Place)
        /// Arrays and objects nest deeper than ``JSONStructureCheck/maximumDepth``.
        case tooDeep(at: Place, limit: Int)

        /// The place the problem is reported at.
        package var place: Place {
            switch self {
            case .duplicateKey(_, _, let second): return second
            case .tooDeep(let place, _): return place
            }
        }

        /// The reason, without the place it is reported at (``place``).
        package var description: String {
            switch self {
            case .duplicateKey(let key, let first, _):
                return "duplicate key \"\(key)\" (first at \(first))"
            case .tooDeep(_, let limit):
                return "arrays and objects nest deeper than \(limit) levels"
            }
        }
    }

    /// One open array or object. The keys live in the frame itself and are changed in place
    /// (`stack[last].keys[key] = …`), never taken out and put back: a dictionary copied out of
    /// the stack is shared with it, so adding a key would copy it whole, every key (quadratic).
    private struct Container {
        var isObject: Bool
        var expectingKey: Bool
        var keys = KeySet()
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

    /// Checks a document held in `Data`, over its bytes in place (`Data`'s own iterator costs
    /// several times the check itself).
    /// - Parameter data: The JSON text (UTF-8).
    /// - Returns: The first problem, or `nil` when none was seen.
    package static func problem(in data: Data) -> Problem? {
        data.withUnsafeBytes { problem(in: $0) }
    }

    /// Checks a document.
    /// - Parameter bytes: The JSON text (UTF-8).
    /// - Returns: The first problem, or `nil` when none was seen.
    package static func problem<Bytes: Collection>(in bytes: Bytes) -> Problem?
    where Bytes.Element == UInt8 {
        if let found = bytes.withContiguousStorageIfAvailable({
            problem(inBuffer: UnsafeRawBufferPointer($0))
        }) {
            return found
        }
        return Array(bytes).withUnsafeBytes { problem(inBuffer: $0) }
    }

    /// The check over contiguous bytes: one pass with an index, a place made only where a
    /// key or an opening bracket needs one.
    private static func problem(inBuffer bytes: UnsafeRawBufferPointer) -> Problem? {
        var stack: [Container] = []
        var text: [UInt8] = []
        var line = 1
        var lineStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if stack.count >= maximumDepth {
                    return .tooDeep(
                        at: Place(line: line, column: index - lineStart), limit: maximumDepth)
                }
                let isObject = byte == UInt8(ascii: "{")
                stack.append(Container(isObject: isObject, expectingKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard !stack.isEmpty else { return nil }
                stack.removeLast()
            case UInt8(ascii: ","):
                if let last = stack.indices.last, stack[last].isObject {
                    stack[last].expectingKey = true
                }
            case UInt8(ascii: "\""):
                let place = Place(line: line, column: index - lineStart)
                // Only a key's bytes are kept; a value's are only walked over.
                let isKey = stack.last.map { $0.isObject && $0.expectingKey } ?? false
                let bodyStart = index
                var hasEscape = false
                var closed = false
                while index < count {
                    let inner = bytes[index]
                    index += 1
                    if inner == UInt8(ascii: "\"") {
                        closed = true
                        break
                    }
                    if inner == UInt8(ascii: "\\") {
                        hasEscape = true
                        if index < count, bytes[index] == UInt8(ascii: "\n") {
                            line += 1
                            lineStart = index + 1
                        }
                        index += 1
                    } else if inner == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = index
                    }
                }
                guard closed else { return nil }
                if isKey, let last = stack.indices.last {
                    text.removeAll(keepingCapacity: true)
                    text.append(contentsOf: bytes[bodyStart..<(index - 1)])
                    let key = hasEscape ? Array(unescape(text).utf8) : text
                    if let first = stack[last].keys.insert(key, at: place) {
                        return .duplicateKey(
                            String(decoding: key, as: UTF8.self), first: first, second: place)
                    }
                    stack[last].expectingKey = false
                }
            default:
                break
            }
        }
        return nil
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
