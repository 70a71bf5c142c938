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
    public static func detect(_ bytes: [UInt8]) -> MatrixFormat {
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
