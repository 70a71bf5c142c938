import CapabilityMatrix

/// Writes a ``MatrixResult`` as ``JSONOutput`` does, its table rows streamed in pieces.
///
/// `JSONEncoder` writes everything but the rows. The rows are written here in its layout
/// (sorted keys, two-space indentation), because the encoder takes about a second for
/// 100 000 rows and holds the whole document. A catalog's rows carry what the device is;
/// they are few, so the encoder writes a catalog whole.
public enum MatrixJSONWriter {
    /// The JSON document.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Pretty, sorted JSON text with a final newline; it decodes to `result`.
    /// - Throws: `EncodingError` from the encoder.
    public static func json(_ result: MatrixResult) throws -> String {
        var all: [UInt8] = []
        try write(result) { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }

    /// The document of ``json(_:)``, handed on in pieces of about `pieceSize` bytes that end
    /// after whole rows, so a 100 000-row result is never in memory as text at once.
    /// - Parameters:
    ///   - result: The filtered matrix.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - output: Receives the pieces in order; together they are ``json(_:)``'s UTF-8.
    /// - Throws: `EncodingError` from the encoder, before any piece is handed on.
    public static func write(
        _ result: MatrixResult, pieceSize: Int = 1 << 16, to output: ([UInt8]) -> Void
    ) throws {
        var frame = result
        frame.rows = []
        let document = Array(try JSONOutput.string(frame).utf8)
        // No line of the encoder's text but the member itself reads `  "rows" : [`: a line
        // break inside a string is escaped.
        let emptyRows = Array("\n  \"rows\" : [\n\n  ]".utf8)
        guard !result.rows.isEmpty, result.rows.allSatisfy({ $0.device == nil }),
            let rows = document.lastRange(of: emptyRows)
        else {
            output(result.rows.isEmpty ? document : Array(try JSONOutput.string(result).utf8))
            return
        }
        var bytes = Array(document[..<rows.lowerBound])
        bytes.reserveCapacity(pieceSize + 4096)
        add("\n  \"rows\" : [", to: &bytes)
        for (index, row) in result.rows.enumerated() {
            add(index == 0 ? "\n    " : ",\n    ", to: &bytes)
            append(row, to: &bytes)
            if bytes.count >= pieceSize {
                output(JSONOutput.escapingDeceptive(bytes))
                bytes.removeAll(keepingCapacity: true)
            }
        }
        add("\n  ]", to: &bytes)
        bytes.append(contentsOf: document[rows.upperBound...])
        output(JSONOutput.escapingDeceptive(bytes))
    }

    /// A table row's object, two containers deep, as `JSONEncoder` writes it.
    private static func append(_ row: MatrixRowResult, to bytes: inout [UInt8]) {
        add("{\n      \"failing\" : ", to: &bytes)
        append(row.failing, to: &bytes)
        add(",\n      \"family\" : ", to: &bytes)
        quote(row.family, to: &bytes)
        if let file = row.file {
            add(",\n      \"file\" : ", to: &bytes)
            quote(file, to: &bytes)
        }
        add(",\n      \"line\" : ", to: &bytes)
        var line = String(row.line)
        line.withUTF8 { bytes.append(contentsOf: $0) }
        add(",\n      \"name\" : ", to: &bytes)
        quote(row.name, to: &bytes)
        add(",\n      \"unknown\" : ", to: &bytes)
        append(row.unknown, to: &bytes)
        add(",\n      \"verdict\" : ", to: &bytes)
        quote(row.verdict.rawValue, to: &bytes)
        add("\n    }", to: &bytes)
    }

    /// A row's issue list, three containers deep (`JSONEncoder` writes an empty one as
    /// `[`, an empty line, `]`).
    private static func append(_ issues: [RowIssue], to bytes: inout [UInt8]) {
        guard !issues.isEmpty else {
            add("[\n\n      ]", to: &bytes)
            return
        }
        bytes.append(UInt8(ascii: "["))
        for (index, issue) in issues.enumerated() {
            add(index == 0 ? "\n        {" : ",\n        {", to: &bytes)
            if let capability = issue.capability {
                add("\n          \"capability\" : ", to: &bytes)
                quote(capability, to: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            add("\n          \"key\" : ", to: &bytes)
            quote(issue.key, to: &bytes)
            add(",\n          \"reason\" : ", to: &bytes)
            quote(issue.reason, to: &bytes)
            add(",\n          \"required\" : ", to: &bytes)
            add(issue.required ? "true" : "false", to: &bytes)
            add("\n        }", to: &bytes)
        }
        add("\n      ]", to: &bytes)
    }

    /// Appends a literal's bytes.
    private static func add(_ literal: StaticString, to bytes: inout [UInt8]) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A JSON string as `JSONEncoder` writes it: `"` and `\` escaped, control characters as
    /// `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`, everything else as it is (deceptive
    /// characters are escaped after, over the whole piece).
    static func quote(_ text: String, to bytes: inout [UInt8]) {
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
