/// Writes JSON text in one pass in exactly ``JSONOutput``'s layout (what `JSONEncoder` writes
/// with sorted keys, pretty printing and unescaped slashes): two-space indent, `"key" : value`,
/// empty containers as `[\n\n]`, keys in UTF-8 byte order, integral doubles without `.0`.
///
/// Callers open containers, write keys (in sorted order) and values; the writer places the
/// commas, line breaks and indentation. Shared by the report and matrix writers, which are
/// pinned byte for byte against `JSONEncoder` by tests.
struct JSONTextWriter {
    /// The text so far.
    private(set) var text = ""
    /// Per open container: whether it is an array, and how many members it has so far.
    private var open: [(isArray: Bool, members: Int)] = []
    /// The indentation depth the writer started at (for fragments inside a document).
    private let baseDepth: Int

    /// A writer for a document, or for a fragment that will sit at `depth` containers deep.
    init(depth: Int = 0, capacity: Int = 0) {
        baseDepth = depth
        text.reserveCapacity(capacity)
    }

    /// How many containers deep the next value sits (the `depth` of a fragment writer whose
    /// text is then written here with ``raw(_:)``).
    var depth: Int { baseDepth + open.count }

    private mutating func newMember() {
        guard let last = open.indices.last else { return }
        text += open[last].members > 0 ? ",\n" : "\n"
        open[last].members += 1
        text += Self.indent(depth)
    }

    /// Indentation strings made once, not for every member.
    private static let indents: [String] = (0..<32).map { String(repeating: "  ", count: $0) }

    private static func indent(_ depth: Int) -> String {
        depth < indents.count ? indents[depth] : String(repeating: "  ", count: depth)
    }

    private mutating func beforeValue() {
        if let last = open.last, last.isArray { newMember() }
    }

    /// Starts an object as the next value.
    mutating func openObject() {
        beforeValue()
        text += "{"
        open.append((false, 0))
    }

    /// Starts an array as the next value.
    mutating func openArray() {
        beforeValue()
        text += "["
        open.append((true, 0))
    }

    /// Ends the innermost container.
    mutating func close() {
        guard let last = open.popLast() else { return }
        text += last.members == 0 ? "\n\n" : "\n"
        text += Self.indent(depth)
        text += last.isArray ? "]" : "}"
    }

    /// Writes an object key; the next call writes its value.
    mutating func key(_ name: String) {
        newMember()
        Self.appendQuoted(name, to: &text)
        text += " : "
    }

    /// Writes a string value.
    mutating func string(_ value: String) {
        beforeValue()
        Self.appendQuoted(value, to: &text)
    }

    /// Writes an integer value.
    mutating func int(_ value: Int) {
        beforeValue()
        text += String(value)
    }

    /// Writes a Boolean value.
    mutating func bool(_ value: Bool) {
        beforeValue()
        text += value ? "true" : "false"
    }

    /// Writes `null`.
    mutating func null() {
        beforeValue()
        text += "null"
    }

    /// Writes a finite double as `JSONEncoder` does (shortest round-trip digits, `3` not
    /// `3.0`, `1e-07`).
    /// - Throws: ``JSONTextError/nonFinite(_:)`` for NaN and infinities, which JSON cannot hold.
    mutating func double(_ value: Double) throws(JSONTextError) {
        guard value.isFinite else { throw .nonFinite(value) }
        beforeValue()
        var digits = value.description
        if digits.hasSuffix(".0") { digits.removeLast(2) }
        text += digits
    }

    /// Writes already formatted JSON (a fragment written at the same depth) as the next value.
    mutating func raw(_ json: String) {
        beforeValue()
        text += json
    }

    /// Writes a ``JSONValue`` tree, object keys sorted.
    mutating func value(_ value: JSONValue) throws(JSONTextError) {
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
    mutating func object(_ members: [String: String]) {
        openObject()
        for key in Self.sortedKeys(members) {
            self.key(key)
            string(members[key] ?? "")
        }
        close()
    }

    /// Writes a string array.
    mutating func array(_ items: [String]) {
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
    static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    static func appendQuoted(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 >= 0x7f }) {
            out += "\""
            out += text
            out += "\""
            return
        }
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{c}": out += "\\f"
            default:
                if scalar.value < 0x20 || TerminalText.isDeceptive(scalar) {
                    out += JSONOutput.unicodeEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// A value JSON text cannot hold.
enum JSONTextError: Error, Equatable, CustomStringConvertible {
    /// NaN or an infinity.
    case nonFinite(Double)

    var description: String {
        switch self {
        case .nonFinite(let value): return "\(value) is not a JSON number"
        }
    }
}
