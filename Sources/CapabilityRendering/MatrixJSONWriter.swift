import CapabilityMatrix

/// Writes a ``MatrixResult`` as ``JSONOutput`` does, its table rows streamed by
/// ``JSONStream`` (`JSONEncoder` takes about a second for 100 000 rows). A catalog's rows
/// carry what the device is; they are few, so the encoder writes a catalog whole.
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
        guard result.rows.allSatisfy({ $0.device == nil }) else {
            return output(Array(try JSONOutput.string(result).utf8))
        }
        var frame = result
        frame.rows = []
        try JSONStream.write(
            frame, streaming: "rows", elements: result.rows, pieceSize: pieceSize,
            element: append, to: output)
    }

    /// A table row's object, two containers deep, as `JSONEncoder` writes it.
    private static func append(_ row: MatrixRowResult, to bytes: inout [UInt8]) {
        JSONStream.add("{\n      \"failing\" : ", to: &bytes)
        append(row.failing, to: &bytes)
        JSONStream.add(",\n      \"family\" : ", to: &bytes)
        JSONStream.quote(row.family, to: &bytes)
        JSONStream.add(",\n      \"file\" : ", row.file, to: &bytes)
        JSONStream.add(",\n      \"line\" : ", to: &bytes)
        JSONStream.add(row.line, to: &bytes)
        JSONStream.add(",\n      \"name\" : ", to: &bytes)
        JSONStream.quote(row.name, to: &bytes)
        JSONStream.add(",\n      \"unknown\" : ", to: &bytes)
        append(row.unknown, to: &bytes)
        JSONStream.add(",\n      \"verdict\" : ", to: &bytes)
        JSONStream.quote(row.verdict.rawValue, to: &bytes)
        JSONStream.add("\n    }", to: &bytes)
    }

    /// A row's issue list, three containers deep (`JSONEncoder` writes an empty one as
    /// `[`, an empty line, `]`).
    private static func append(_ issues: [RowIssue], to bytes: inout [UInt8]) {
        guard !issues.isEmpty else {
            JSONStream.add("[\n\n      ]", to: &bytes)
            return
        }
        bytes.append(UInt8(ascii: "["))
        for (index, issue) in issues.enumerated() {
            JSONStream.add(index == 0 ? "\n        {" : ",\n        {", to: &bytes)
            if let capability = issue.capability {
                JSONStream.add("\n          \"capability\" : ", to: &bytes)
                JSONStream.quote(capability, to: &bytes)
                bytes.append(UInt8(ascii: ","))
            }
            JSONStream.add("\n          \"key\" : ", to: &bytes)
            JSONStream.quote(issue.key, to: &bytes)
            JSONStream.add(",\n          \"reason\" : ", to: &bytes)
            JSONStream.quote(issue.reason, to: &bytes)
            JSONStream.add(",\n          \"required\" : ", to: &bytes)
            JSONStream.add(issue.required ? "true" : "false", to: &bytes)
            JSONStream.add("\n        }", to: &bytes)
        }
        JSONStream.add("\n      ]", to: &bytes)
    }
}
