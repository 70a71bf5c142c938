import CapabilityInput
import CapabilityModel
import CapabilitySupport
import FoundationEssentials

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
    /// - Throws: ``MatrixError/unreadable(path:reason:)`` or a parse error (quoting nothing
    ///   of a file reached through a symbolic link another user owns).
    public static func parse(contentsOf path: String, format: MatrixFormat? = nil)
        throws(MatrixError) -> DeviceMatrix
    {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.bytes(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        do {
            return try parse(bytes, path: path, format: format)
        } catch {
            // A table reached through another user's link may be a file only the invoking
            // user can read: its columns and cells are not quoted.
            throw InputFile.mayQuoteContent(of: path) ? error : error.quotingNothing()
        }
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
    /// read (``CSVFields``). A large table without quotes is read as two halves on two threads
    /// (``CSVReader/split(minimum:)``); the rows, provenance lines and the first error are
    /// those of a read from start to end.
    private static func buildCSV(_ reader: inout CSVReader, path: String) throws(MatrixError)
        -> DeviceMatrix
    {
        var provenance: [String] = []
        var header: MatrixBuilder?
        var fields = reader.makeFields()
        while header == nil, let item = try reader.next(into: &fields) {
            switch item {
            case .comment(let text, _):
                if !text.isEmpty { provenance.append(text) }
            case .fields(let line):
                header = try MatrixBuilder(
                    header: fields.strings, line: line, path: path, provenance: [])
            }
        }
        guard var builder = header else {
            throw .malformed(path: path, line: nil, reason: "no table header found")
        }
        if let (first, second, lines) = reader.split(minimum: parallelMinimumBytes) {
            let template = builder
            var results = ParallelMap.results(count: 2) {
                index -> Result<(MatrixBuilder, [String]), MatrixError> in
                var part = index == 0 ? first : second
                var partBuilder = template
                // Room for every row in the first half's builder: the second's rows are
                // appended to it, so the rows are allocated once.
                if index == 0 { partBuilder.reserve(lines) }
                var partProvenance: [String] = []
                do throws(MatrixError) {
                    try readRecords(&part, into: &partBuilder, provenance: &partProvenance)
                    return .success((partBuilder, partProvenance))
                } catch {
                    return .failure(error)
                }
            }
            // The first half's error first: it is the earlier line.
            let (head, headProvenance) = try results[0].get()
            let (tail, tailProvenance) = try results[1].get()
            // The builders' only copies now, so the rows are appended in place.
            results.removeAll()
            builder = head
            builder.append(tail)
            provenance += headProvenance + tailProvenance
        } else {
            try readRecords(&reader, into: &builder, provenance: &provenance)
        }
        var matrix = builder.build()
        matrix.provenance = provenance
        return matrix
    }

    /// The smallest CSV rest read as two halves in parallel (about 6 500 rows of 40 columns).
    static let parallelMinimumBytes = 1 << 20

    /// Adds every record the reader has left to the builder, and its comments to `provenance`.
    private static func readRecords(
        _ reader: inout CSVReader, into builder: inout MatrixBuilder, provenance: inout [String]
    ) throws(MatrixError) {
        var fields = reader.makeFields()
        while let item = try reader.next(
            into: &fields, plain: { bytes, line in builder.add(plain: bytes, line: line) })
        {
            switch item {
            case .comment(let text, _):
                if !text.isEmpty { provenance.append(text) }
            case .fields(let line):
                try builder.add(fields, line: line)
            }
        }
    }

    /// Reads a JSON table (``JSONTable``), then feeds its rows to the builder as records:
    /// the name key first, then the declared columns (else every key, sorted).
    private static func parseJSON(_ bytes: [UInt8], path: String) throws(MatrixError)
        -> DeviceMatrix
    {
        let table = try JSONTable(bytes, path: path)
        let nameKeys = ["name", "device", "model"]
        let allKeys = Set(table.rows.flatMap(\.keys))
        guard let nameKey = allKeys.sorted().first(where: { nameKeys.contains($0.lowercased()) })
        else {
            throw .malformed(path: path, line: nil, reason: "rows: no 'name' key in any row")
        }
        let columns = (table.declaredColumns ?? allKeys.sorted()).filter { $0 != nameKey }
        var builder = try MatrixBuilder(
            header: [nameKey] + columns, line: 1, path: path, provenance: table.provenance)
        builder.reserve(table.rows.count)
        for (index, row) in table.rows.enumerated() {
            let fields = ([nameKey] + columns).map { key in text(row[key]) }
            do {
                try builder.add(fields, line: index)
            } catch .malformed(_, _, let reason) {
                throw .malformed(path: path, line: nil, reason: "rows[\(index)]: \(reason)")
            }
        }
        var matrix = builder.build()
        matrix.provenance = table.provenance
        return matrix
    }

    /// A JSON table document: an array of row objects, or an object with `rows`, and
    /// optionally `provenance` (a string, an array of strings or an object) and `columns`.
    private struct JSONTable {
        /// The row objects, in order.
        var rows: [[String: JSONValue]] = []
        var provenance: [String] = []
        /// The column order the document declares, if it does.
        var declaredColumns: [String]?

        /// Decodes and checks the document's shape.
        /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for text that is not JSON,
        ///   another top level, missing `rows` or a row that is not an object.
        init(_ bytes: [UInt8], path: String) throws(MatrixError) {
            if let problem = JSONCheck.problem(in: bytes), !problem.isSyntax {
                throw .malformed(path: path, line: problem.place?.line, reason: problem.reason)
            }
            let value: JSONValue
            do {
                value = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
            } catch {
                throw .malformed(path: path, line: nil, reason: "not valid JSON")
            }
            let rowValues: [JSONValue]
            switch value {
            case .array(let rows):
                rowValues = rows
            case .object(let object):
                guard let rows = object["rows"]?.arrayValue else {
                    throw .malformed(
                        path: path, line: nil,
                        reason: "rows: missing (expected an array of objects)"
                    )
                }
                rowValues = rows
                provenance = Self.provenance(object["provenance"])
                declaredColumns = object["columns"]?.arrayValue?.compactMap(\.stringValue)
            default:
                throw .malformed(
                    path: path, line: nil,
                    reason: "top level: expected an object with 'rows' or an array of rows")
            }
            for (index, row) in rowValues.enumerated() {
                guard let object = row.objectValue else {
                    throw .malformed(
                        path: path, line: nil, reason: "rows[\(index)]: expected an object")
                }
                rows.append(object)
            }
        }

        /// The provenance lines: a string, the strings of an array, or `key: value` per key
        /// of an object (sorted by key).
        static func provenance(_ value: JSONValue?) -> [String] {
            switch value {
            case .string(let text): return [text]
            case .array(let items): return items.compactMap(\.stringValue)
            case .object(let items):
                return items.keys.sorted().map { "\($0): \(items[$0]?.stringValue ?? "")" }
            default: return []
            }
        }
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

/// The syntax of a device matrix file.
public enum MatrixFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Comma-separated values (RFC 4180).
    case csv
    /// A Markdown pipe table.
    case markdown
    /// JSON: `{"provenance": [...], "columns": [...], "rows": [{...}]}` or an array of rows.
    case json

    /// Detects the syntax by content: JSON when the first character outside `#` lines is
    /// `{` or `[`; Markdown when the first line that is neither blank nor `#` nor prose
    /// without commas starts with `|`; CSV otherwise.
    /// - Parameter bytes: The file content.
    /// - Returns: The format.
    package static func detect(_ bytes: [UInt8]) -> MatrixFormat {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var first = true
        while index < bytes.count {
            let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[index..<end].drop {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
            }
            index = end + 1
            guard let lead = line.first, lead != UInt8(ascii: "\r"), lead != UInt8(ascii: "#")
            else {
                continue
            }
            if first && (lead == UInt8(ascii: "{") || lead == UInt8(ascii: "[")) { return .json }
            first = false
            if lead == UInt8(ascii: "|") { return .markdown }
            // A line with a comma is a CSV record; a line without one may be Markdown prose.
            if line.contains(UInt8(ascii: ",")) { return .csv }
        }
        return .csv
    }
}

/// Why a device matrix could not be read or used.
public enum MatrixError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The table file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The table was read but is not a valid matrix (bad quoting, wrong field count, bad cell).
    case malformed(path: String, line: Int?, reason: String)
    /// A column header is neither a capability id nor a known alias.
    case unknownHeader(path: String, line: Int, header: String, suggestion: String?)
    /// The table is a camera table (one row per camera, as the seed's Table 2-1), not a
    /// device table: `header` is its first column no device table has, and `joinedIn` the
    /// built-in matrix that joins the seed's camera table to its device table.
    case cameraTable(path: String, line: Int, header: String, joinedIn: String)
    /// No built-in matrix has this name.
    case unknownBuiltin(name: String, known: [String])

    /// The same error quoting nothing of the table (no column, no cell): the path, the line
    /// and a reason that says why nothing more is shown, for a table reached through a
    /// symbolic link another user owns.
    /// - Returns: The error without content; an unreadable file's error as it is.
    public func quotingNothing() -> MatrixError {
        switch self {
        case .unreadable, .unknownBuiltin: return self
        case .malformed(let path, let line, _):
            return .malformed(path: path, line: line, reason: InputMessage.unquotedReason)
        case .unknownHeader(let path, let line, _, _), .cameraTable(let path, let line, _, _):
            return .malformed(path: path, line: line, reason: InputMessage.unquotedReason)
        }
    }

    /// A one-line message naming the file, the place and the reason.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return InputMessage.unreadable(path, reason)
        case .malformed(let path, let line, let reason):
            return InputMessage.located(path, line: line, reason)
        case .unknownHeader(let path, let line, let header, let suggestion):
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            return "\(path):\(line): unknown column '\(header)'\(hint)"
        case .cameraTable(let path, let line, let header, _):
            return
                "\(path):\(line): unknown column '\(header)': this is a camera table (one row per camera: Model, Camera, Focus, Flash), not a device table"
        case .unknownBuiltin(let name, let known):
            return "no built-in matrix '\(name)' (built-in: \(known.joined(separator: ", ")))"
        }
    }
}

/// One logical record of a table file: a `#` provenance line or a row of fields.
package enum TableRecord: Equatable {
    /// A `#` line, text after the `#` trimmed.
    case comment(String, line: Int)
    /// A row of fields, with the line it starts on.
    case fields([String], line: Int)
}

/// The fields of one table record, as ``MatrixBuilder`` reads them.
package protocol TableFields {
    /// The number of fields.
    var count: Int { get }
    /// A field's text.
    func text(at index: Int) -> String
    /// A field read as a cell, nil when it is no cell spelling.
    func cell(at index: Int) -> MatrixCell?
}

extension Array: TableFields where Element == String {
    package func text(at index: Int) -> String { self[index] }
    package func cell(at index: Int) -> MatrixCell? { MatrixCell(parsing: self[index]) }
}

/// Small, allocation-free text helpers for reading large tables.
package enum MatrixText {
    /// The text without leading and trailing spaces and tabs (the same string when there
    /// are none, which is the common case).
    package static func trimmed(_ text: String) -> String {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        // Bytes first: no grapheme breaking for the common field without blanks.
        guard let first = text.utf8.first, let last = text.utf8.last,
            isBlank(first) || isBlank(last)
        else {
            return text
        }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        guard start < text.endIndex, let end = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[start...end])
    }
}
