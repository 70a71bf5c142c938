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
            let rows = document.firstRange(of: emptyRows)
        else {
            output(result.rows.isEmpty ? document : Array(try JSONOutput.string(result).utf8))
            return
        }
        var bytes = Array(document[..<rows.lowerBound])
        bytes.reserveCapacity(pieceSize + 4096)
        bytes.append(contentsOf: "\n  \"rows\" : [".utf8)
        for (index, row) in result.rows.enumerated() {
            bytes.append(contentsOf: (index == 0 ? "\n    " : ",\n    ").utf8)
            append(row, to: &bytes)
            if bytes.count >= pieceSize {
                output(JSONOutput.escapingDeceptive(bytes))
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.append(contentsOf: "\n  ]".utf8)
        bytes.append(contentsOf: document[rows.upperBound...])
        output(JSONOutput.escapingDeceptive(bytes))
    }

    /// A table row's object, two containers deep, as `JSONEncoder` writes it.
    private static func append(_ row: MatrixRowResult, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: "{\n      \"failing\" : ".utf8)
        append(row.failing, to: &bytes)
        bytes.append(contentsOf: ",\n      \"family\" : ".utf8)
        quote(row.family, to: &bytes)
        if let file = row.file {
            bytes.append(contentsOf: ",\n      \"file\" : ".utf8)
            quote(file, to: &bytes)
        }
        bytes.append(contentsOf: ",\n      \"line\" : ".utf8)
        bytes.append(contentsOf: String(row.line).utf8)
        bytes.append(contentsOf: ",\n      \"name\" : ".utf8)
        quote(row.name, to: &bytes)
        bytes.append(contentsOf: ",\n      \"unknown\" : ".utf8)
        append(row.unknown, to: &bytes)
        bytes.append(contentsOf: ",\n      \"verdict\" : ".utf8)
        quote(row.verdict.rawValue, to: &bytes)
        bytes.append(contentsOf: "\n    }".utf8)
    }

    /// A row's issue list, three containers deep (`JSONEncoder` writes an empty one as
    /// `[`, an empty line, `]`).
    private static func append(_ issues: [RowIssue], to bytes: inout [UInt8]) {
        guard !issues.isEmpty else {
            bytes.append(contentsOf: "[\n\n      ]".utf8)
            return
        }
        bytes.append(UInt8(ascii: "["))
        for (index, issue) in issues.enumerated() {
            bytes.append(contentsOf: (index == 0 ? "\n        {" : ",\n        {").utf8)
            if let capability = issue.capability {
                bytes.append(contentsOf: "\n          \"capability\" : ".utf8)
                quote(capability, to: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            bytes.append(contentsOf: "\n          \"key\" : ".utf8)
            quote(issue.key, to: &bytes)
            bytes.append(contentsOf: ",\n          \"reason\" : ".utf8)
            quote(issue.reason, to: &bytes)
            bytes.append(contentsOf: ",\n          \"required\" : ".utf8)
            bytes.append(contentsOf: (issue.required ? "true" : "false").utf8)
            bytes.append(contentsOf: "\n        }".utf8)
        }
        bytes.append(contentsOf: "\n      ]".utf8)
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
                case 0x22: bytes.append(contentsOf: "\\\"".utf8)
                case 0x5c: bytes.append(contentsOf: "\\\\".utf8)
                case 0x0a: bytes.append(contentsOf: "\\n".utf8)
                case 0x0d: bytes.append(contentsOf: "\\r".utf8)
                case 0x09: bytes.append(contentsOf: "\\t".utf8)
                case 0x08: bytes.append(contentsOf: "\\b".utf8)
                case 0x0c: bytes.append(contentsOf: "\\f".utf8)
                case ..<0x20:
                    bytes.append(contentsOf: JSONOutput.unicodeEscape(Unicode.Scalar(byte)).utf8)
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
