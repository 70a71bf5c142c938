import Foundation

/// Reads device matrices from CSV, Markdown pipe tables or JSON.
public enum MatrixParser {
    /// Parses a table.
    /// - Parameters:
    ///   - bytes: The file content (UTF-8).
    ///   - path: The file name for messages and results.
    ///   - format: The syntax; detected by content when nil.
    /// - Returns: The matrix.
    /// - Throws: ``MatrixError`` naming the file, line and reason; an unknown column header
    ///   names the nearest known alias.
    public static func parse(
        _ bytes: [UInt8], path: String, format: MatrixFormat? = nil
    ) throws(MatrixError) -> DeviceMatrix {
        switch format ?? MatrixFormat.detect(bytes) {
        case .csv:
            var reader = CSVReader(bytes: bytes, path: path)
            return try buildCSV(&reader, path: path)
        case .markdown:
            var reader = MarkdownTableReader(text: String(decoding: bytes, as: UTF8.self))
            return try build(path: path) { () throws(MatrixError) in reader.next() }
        case .json:
            return try parseJSON(bytes, path: path)
        }
    }

    /// Parses a table given as text.
    /// - Parameters:
    ///   - text: The file content.
    ///   - path: The file name for messages.
    ///   - format: The syntax; detected when nil.
    /// - Returns: The matrix.
    /// - Throws: ``MatrixError``.
    public static func parse(
        text: String, path: String, format: MatrixFormat? = nil
    ) throws(MatrixError) -> DeviceMatrix {
        try parse(Array(text.utf8), path: path, format: format)
    }

    /// Reads a table file.
    /// - Parameters:
    ///   - path: The file path.
    ///   - format: The syntax; detected when nil.
    /// - Returns: The matrix.
    /// - Throws: ``MatrixError/unreadable(path:reason:)`` or a parse error.
    public static func parse(contentsOf path: String, format: MatrixFormat? = nil)
        throws(MatrixError) -> DeviceMatrix
    {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try parse([UInt8](data), path: path, format: format)
    }

    private static func build(
        path: String, next: () throws(MatrixError) -> TableRecord?
    ) throws(MatrixError) -> DeviceMatrix {
        var provenance: [String] = []
        var builder: MatrixBuilder?
        while let record = try next() {
            switch record {
            case .comment(let text, _):
                if !text.isEmpty { provenance.append(text) }
            case .fields(let fields, let line):
                if builder != nil {
                    try builder?.add(fields, line: line)
                } else {
                    builder = try MatrixBuilder(
                        header: fields, line: line, path: path, provenance: [])
                }
            }
        }
        guard var matrix = builder?.build() else {
            throw .malformed(path: path, line: nil, reason: "no table header found")
        }
        matrix.provenance = provenance
        return matrix
    }

    /// The CSV twin of ``build(path:next:)``: data records stay byte ranges until a field is
    /// read (``CSVFields``).
    private static func buildCSV(_ reader: inout CSVReader, path: String) throws(MatrixError)
        -> DeviceMatrix
    {
        var provenance: [String] = []
        var builder: MatrixBuilder?
        var fields = reader.makeFields()
        while let item = try reader.next(into: &fields) {
            switch item {
            case .comment(let text, _):
                if !text.isEmpty { provenance.append(text) }
            case .fields(let line):
                if builder != nil {
                    try builder?.add(fields, line: line)
                } else {
                    builder = try MatrixBuilder(
                        header: fields.strings, line: line, path: path, provenance: [])
                }
            }
        }
        guard var matrix = builder?.build() else {
            throw .malformed(path: path, line: nil, reason: "no table header found")
        }
        matrix.provenance = provenance
        return matrix
    }

    private static func parseJSON(_ bytes: [UInt8], path: String) throws(MatrixError)
        -> DeviceMatrix
    {
        if let problem = JSONStructureCheck.problem(in: bytes) {
            throw .malformed(path: path, line: problem.place.line, reason: problem.description)
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, line: nil, reason: "not valid JSON")
        }
        var provenance: [String] = []
        var declaredColumns: [String]?
        let rowValues: [JSONValue]
        switch value {
        case .array(let rows):
            rowValues = rows
        case .object(let object):
            guard let rows = object["rows"]?.arrayValue else {
                throw .malformed(
                    path: path, line: nil, reason: "rows: missing (expected an array of objects)")
            }
            rowValues = rows
            switch object["provenance"] {
            case .string(let text): provenance = [text]
            case .array(let items): provenance = items.compactMap(\.stringValue)
            case .object(let items):
                provenance = items.keys.sorted().map { "\($0): \(items[$0]?.stringValue ?? "")" }
            default: break
            }
            if let columns = object["columns"]?.arrayValue {
                declaredColumns = columns.compactMap(\.stringValue)
            }
        default:
            throw .malformed(
                path: path, line: nil,
                reason: "top level: expected an object with 'rows' or an array of rows")
        }
        var rows: [[String: JSONValue]] = []
        for (index, row) in rowValues.enumerated() {
            guard let object = row.objectValue else {
                throw .malformed(
                    path: path, line: nil, reason: "rows[\(index)]: expected an object")
            }
            rows.append(object)
        }
        let nameKeys = ["name", "device", "model"]
        let allKeys = Set(rows.flatMap(\.keys))
        guard let nameKey = allKeys.sorted().first(where: { nameKeys.contains($0.lowercased()) })
        else {
            throw .malformed(path: path, line: nil, reason: "rows: no 'name' key in any row")
        }
        let columns = (declaredColumns ?? allKeys.sorted()).filter { $0 != nameKey }
        var builder = try MatrixBuilder(
            header: [nameKey] + columns, line: 1, path: path, provenance: provenance)
        builder.reserve(rows.count)
        for (index, row) in rows.enumerated() {
            let fields = ([nameKey] + columns).map { key in text(row[key]) }
            do {
                try builder.add(fields, line: index)
            } catch .malformed(_, _, let reason) {
                throw .malformed(path: path, line: nil, reason: "rows[\(index)]: \(reason)")
            }
        }
        var matrix = builder.build()
        matrix.provenance = provenance
        return matrix
    }

    private static func text(_ value: JSONValue?) -> String {
        switch value {
        case .none, .null: return ""
        case .bool(let flag): return flag ? "yes" : "no"
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .array(let items): return items.map { text($0) }.joined(separator: " ")
        case .object: return "{…}"
        }
    }
}
