import FoundationEssentials

/// The one streaming JSON writer, for the two documents with one long array: a snapshot's
/// devices (``SnapshotJSONWriter``) and a matrix's rows (``MatrixJSONWriter``).
///
/// `JSONEncoder` (``JSONOutput``) writes the document with that array empty; the elements
/// are written here in the encoder's layout (two-space indentation, keys sorted by their
/// UTF-8 bytes, an empty container as `[`, an empty line, `]`) and handed on a piece at a
/// time. `JSONEncoder` builds a tree of the whole document first: for a live `list --json`
/// that is seven times the instructions of writing the bytes, for 100 000 matrix rows about
/// a second. Tests pin both documents to ``JSONOutput/string(_:)`` byte for byte.
package enum JSONStream {
    /// Writes a document whose top-level array `member` is streamed.
    /// - Parameters:
    ///   - frame: The document with `member` empty.
    ///   - member: The top-level key of the array.
    ///   - elements: The array's elements.
    ///   - pieceSize: About how many bytes a piece holds; pieces end after whole elements.
    ///   - element: Appends one element's object, two containers deep, from its `{`.
    ///   - output: Receives the pieces in order, deceptive characters escaped.
    /// - Throws: `EncodingError` from the encoder, before any piece is handed on.
    package static func write<Element>(
        _ frame: some Encodable, streaming member: String, elements: some Collection<Element>,
        pieceSize: Int, element: (Element, inout [UInt8]) -> Void,
        to output: ([UInt8]) -> Void
    ) throws {
        let document = Array(try JSONOutput.string(frame).utf8)
        // No line of the encoder's text but the member's own reads `  "member" : [`: a line
        // break inside a string is escaped.
        let empty = Array("\n  \"\(member)\" : [\n\n  ]".utf8)
        guard let array = document.lastRange(of: empty) else {
            throw EncodingError.invalidValue(
                member, .init(codingPath: [], debugDescription: "no empty top-level array"))
        }
        guard !elements.isEmpty else { return output(document) }
        var bytes = Array(document[..<array.lowerBound])
        bytes.reserveCapacity(pieceSize + 4096)
        bytes.append(contentsOf: empty[..<(empty.count - 5)])
        var first = true
        for item in elements {
            add(first ? "\n    " : ",\n    ", to: &bytes)
            first = false
            element(item, &bytes)
            if bytes.count >= pieceSize {
                output(JSONOutput.escapingDeceptive(bytes))
                bytes.removeAll(keepingCapacity: true)
            }
        }
        add("\n  ]", to: &bytes)
        bytes.append(contentsOf: document[array.upperBound...])
        output(JSONOutput.escapingDeceptive(bytes))
    }

    /// Appends a literal's bytes.
    package static func add(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends an integer's digits.
    package static func add(_ number: Int, to bytes: inout [UInt8]) {
        var digits = String(number)
        digits.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `, "key" : string` for a value that is there, nothing for nil (as the
    /// encoder leaves out an absent optional).
    package static func add(_ key: StaticString, _ value: String?, to bytes: inout [UInt8]) {
        guard let value else { return }
        add(key, to: &bytes)
        quote(value, to: &bytes)
    }

    /// A string object three containers deep (a member of an element): its pairs in the
    /// order given, which must be the keys' UTF-8 byte order.
    package static func object(
        _ pairs: some Sequence<(key: String, value: String)>, to bytes: inout [UInt8]
    ) {
        var empty = true
        for (key, value) in pairs {
            add(empty ? "{\n        " : ",\n        ", to: &bytes)
            empty = false
            quote(key, to: &bytes)
            add(" : ", to: &bytes)
            quote(value, to: &bytes)
        }
        add(empty ? "{\n\n      }" : "\n      }", to: &bytes)
    }

    /// A string array three containers deep.
    package static func array(_ items: [String], to bytes: inout [UInt8]) {
        guard !items.isEmpty else { return add("[\n\n      ]", to: &bytes) }
        for (index, item) in items.enumerated() {
            add(index == 0 ? "[\n        " : ",\n        ", to: &bytes)
            quote(item, to: &bytes)
        }
        add("\n      ]", to: &bytes)
    }

    /// The encoder's text of a value, placed three containers deep: every line after the
    /// first indented by six spaces, the empty line of an empty container left empty.
    package static func fragment(_ json: [UInt8], to bytes: inout [UInt8]) {
        var start = 0
        for index in json.indices where json[index] == 0x0a {
            bytes.append(contentsOf: json[start...index])
            start = index + 1
            if start < json.count, json[start] != 0x0a { add("      ", to: &bytes) }
        }
        bytes.append(contentsOf: json[start...])
    }

    /// Appends a JSON string as `JSONEncoder` writes it: `"` and `\` escaped, control
    /// characters as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, everything else as it is
    /// (deceptive characters are escaped after, over the whole piece).
    package static func quote(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most strings need no escape: one scan, then one copy.
            guard utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case 0x22: add("\\\"", to: &bytes)
                case 0x5c: add("\\\\", to: &bytes)
                case 0x0a: add("\\n", to: &bytes)
                case 0x0d: add("\\r", to: &bytes)
                case 0x09: add("\\t", to: &bytes)
                case 0x08: add("\\b", to: &bytes)
                case 0x0c: add("\\f", to: &bytes)
                case ..<0x20:
                    bytes.append(contentsOf: JSONOutput.unicodeEscape(Unicode.Scalar(byte)).utf8)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
