import CapabilityModel

/// Writes JSON text in one pass in exactly ``JSONOutput``'s layout (what `JSONEncoder` writes
/// with sorted keys, pretty printing and unescaped slashes): two-space indent, `"key" : value`,
/// empty containers as `[\n\n]`, keys in UTF-8 byte order, integral doubles without `.0`.
///
/// Callers open containers, write keys (in sorted order) and values; the writer places the
/// commas, line breaks and indentation. Shared by the report and matrix writers, which are
/// pinned byte for byte against `JSONEncoder` by tests.
package struct JSONTextWriter {
    /// The UTF-8 bytes so far (appending bytes is several times cheaper than growing a String).
    private(set) var bytes: [UInt8] = []
    /// Per open container: whether it is an array, and how many members it has so far.
    private var open: [(isArray: Bool, members: Int)] = []
    /// The indentation depth the writer started at (for fragments inside a document).
    private let baseDepth: Int

    /// A writer for a document, or for a fragment that will sit at `depth` containers deep.
    init(depth: Int = 0, capacity: Int = 0) {
        baseDepth = depth
        bytes.reserveCapacity(capacity)
    }

    /// The text so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many containers deep the next value sits (the `depth` of a fragment writer whose
    /// text is then written here with ``raw(_:)``).
    package var depth: Int { baseDepth + open.count }

    private mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    private mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    private mutating func newMember() {
        guard let last = open.indices.last else { return }
        if open[last].members > 0 { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\n"))
        open[last].members += 1
        appendIndent(depth)
    }

    private mutating func appendIndent(_ depth: Int) {
        for _ in 0..<depth {
            append(UInt8(ascii: " "))
            append(UInt8(ascii: " "))
        }
    }

    private mutating func beforeValue() {
        if let last = open.last, last.isArray { newMember() }
    }

    /// Starts an object as the next value.
    mutating func openObject() {
        beforeValue()
        append(UInt8(ascii: "{"))
        open.append((false, 0))
    }

    /// Starts an array as the next value.
    mutating func openArray() {
        beforeValue()
        append(UInt8(ascii: "["))
        open.append((true, 0))
    }

    /// Ends the innermost container.
    package mutating func close() {
        guard let last = open.popLast() else { return }
        append(UInt8(ascii: "\n"))
        if last.members == 0 { append(UInt8(ascii: "\n")) }
        appendIndent(depth)
        append(last.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
    }

    /// Writes an object key; the next call writes its value.
    package mutating func key(_ name: String) {
        newMember()
        Self.appendQuoted(name, to: &bytes)
        append(" : ")
    }

    /// Writes a string value.
    package mutating func string(_ value: String) {
        beforeValue()
        Self.appendQuoted(value, to: &bytes)
    }

    /// Writes an integer value.
    package mutating func int(_ value: Int) {
        beforeValue()
        append(String(value))
    }

    /// Writes a Boolean value.
    package mutating func bool(_ value: Bool) {
        beforeValue()
        append(value ? "true" : "false")
    }

    /// Writes `null`.
    package mutating func null() {
        beforeValue()
        append("null")
    }

    /// Writes a finite double as `JSONEncoder` does (shortest round-trip digits, `3` not
    /// `3.0`, `1e-07`).
    /// - Throws: ``JSONTextError/nonFinite(_:)`` for NaN and infinities, which JSON cannot hold.
    package mutating func double(_ value: Double) throws(JSONTextError) {
        guard value.isFinite else { throw .nonFinite(value) }
        beforeValue()
        var digits = value.description
        if digits.hasSuffix(".0") { digits.removeLast(2) }
        append(digits)
    }

    /// Hands on the bytes written so far and starts again with none (the containers stay
    /// open): a document streams out in pieces.
    /// - Parameter output: Receives the bytes.
    package mutating func flush(to output: ([UInt8]) -> Void) {
        guard !bytes.isEmpty else { return }
        output(bytes)
        bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the document with a line break.
    package mutating func newline() {
        append(UInt8(ascii: "\n"))
    }

    /// Checks that a tree holds no number JSON cannot hold, as ``value(_:)`` would find
    /// while writing it.
    /// - Throws: ``JSONTextError/nonFinite(_:)`` for the first NaN or infinity.
    static func checkFinite(_ value: JSONValue) throws(JSONTextError) {
        switch value {
        case .double(let number):
            guard number.isFinite else { throw .nonFinite(number) }
        case .array(let items):
            for item in items { try checkFinite(item) }
        case .object(let members):
            for key in sortedKeys(members) { try checkFinite(members[key] ?? .null) }
        case .string, .int, .bool, .null:
            break
        }
    }

    /// Writes already formatted JSON (a fragment written at the same depth) as the next value.
    package mutating func raw(_ json: String) {
        beforeValue()
        append(json)
    }

    /// Writes already formatted JSON bytes as the next value (``raw(_:)`` for bytes).
    package mutating func raw(bytes json: [UInt8]) {
        beforeValue()
        bytes.append(contentsOf: json)
    }

    /// Writes the next value as formatted JSON that `write` appends to the bytes in place
    /// (``raw(bytes:)`` without a buffer of its own).
    package mutating func raw(appending write: (inout [UInt8]) -> Void) {
        beforeValue()
        write(&bytes)
    }

    /// A writer for a fragment inside an object that sits `depth` containers deep and has
    /// `members` members so far: its first ``key(_:)`` places a comma, and a ``close()``
    /// ends that object.
    package init(insideObjectAt depth: Int, members: Int) {
        baseDepth = depth
        open = [(false, members)]
    }

    /// Appends a string value's quoted, escaped bytes with no comma or line break before it
    /// (for callers that place those in bytes of their own).
    package static func quoted(_ value: String, to bytes: inout [UInt8]) {
        appendQuoted(value, to: &bytes)
    }

    /// Appends an integer's decimal digits (as ``int(_:)`` writes them) with no comma or line
    /// break before it, without making a string of them.
    package static func decimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude's digits from the last; Int.min's magnitude fits a UInt.
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Writes a ``JSONValue`` tree, object keys sorted.
    package mutating func value(_ value: JSONValue) throws(JSONTextError) {
        switch value {
        case .string(let string): self.string(string)
        case .int(let number): int(number)
        case .double(let number): try double(number)
        case .bool(let flag): bool(flag)
        case .null: null()
        case .array(let items):
            openArray()
            for item in items { try self.value(item) }
            close()
        case .object(let members):
            openObject()
            for key in Self.sortedKeys(members) {
                self.key(key)
                try self.value(members[key] ?? .null)
            }
            close()
        }
    }

    /// Writes a string dictionary as an object, keys sorted.
    package mutating func object(_ members: [String: String]) {
        openObject()
        for (key, value) in members.sorted(by: {
            $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
        }) {
            self.key(key)
            string(value)
        }
        close()
    }

    /// Writes a record's properties as an object, keys in UTF-8 byte order.
    package mutating func object(_ properties: PropertyList) {
        openObject()
        for pair in properties.pairs {
            key(pair.key)
            string(pair.value)
        }
        close()
    }

    /// Writes a string array.
    package mutating func array(_ items: [String]) {
        openArray()
        for item in items { string(item) }
        close()
    }

    /// A dictionary's keys in `JSONEncoder`'s `.sortedKeys` order: UTF-8 byte order.
    static func sortedKeys<Value>(_ members: [String: Value]) -> [String] {
        members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\uXXXX` (or `\n`,
    /// `\t`, `\r`, `\b`, `\f`) and ``TerminalText/isDeceptive(_:)`` characters as `\uXXXX`
    /// (as ``JSONOutput`` does after `JSONEncoder`), `/` and everything else kept.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        // Most strings need no escape: one scan of the bytes, then one copy.
        let plain = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5c || byte >= 0x7f {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if plain {
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".utf8)
            case "\\": out.append(contentsOf: "\\\\".utf8)
            case "\n": out.append(contentsOf: "\\n".utf8)
            case "\r": out.append(contentsOf: "\\r".utf8)
            case "\t": out.append(contentsOf: "\\t".utf8)
            case "\u{8}": out.append(contentsOf: "\\b".utf8)
            case "\u{c}": out.append(contentsOf: "\\f".utf8)
            default:
                if scalar.value < 0x20 || TerminalText.isDeceptive(scalar) {
                    out.append(contentsOf: JSONOutput.unicodeEscape(scalar).utf8)
                } else {
                    out.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// A value JSON text cannot hold.
package enum JSONTextError: Error, Equatable, CustomStringConvertible {
    /// NaN or an infinity.
    case nonFinite(Double)

    package var description: String {
        switch self {
        case .nonFinite(let value): return "\(value) is not a JSON number"
        }
    }
}
