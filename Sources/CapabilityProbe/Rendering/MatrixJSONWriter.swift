/// Writes a ``MatrixResult`` as JSON in one pass, in the same layout as ``JSONOutput``
/// (sorted keys, two-space indent, `"key" : value`), without building an intermediate tree:
/// `JSONEncoder` needs several times the memory and time for 100 000-row results.
public enum MatrixJSONWriter {
    /// The JSON document.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Pretty, sorted JSON text with a final newline; it decodes to `result`.
    public static func json(_ result: MatrixResult) -> String {
        var out = ""
        out.reserveCapacity(256 + result.rows.count * 160)
        out += "{\n"
        out += "  \"families\" : "
        array(result.families, indent: 2, into: &out) { family, indent, out in
            summary(family, indent: indent, into: &out)
        }
        out += ",\n"
        if let manifest = result.manifest { out += "  \"manifest\" : " + quoted(manifest) + ",\n" }
        out += "  \"matrix\" : " + quoted(result.matrix) + ",\n"
        out += "  \"provenance\" : "
        array(result.provenance, indent: 2, into: &out) { line, _, out in out += quoted(line) }
        out += ",\n  \"rows\" : "
        // Rows that share an evaluation share their issue lists: write each list once.
        var issueCache: [[RowIssue]: String] = [:]
        array(result.rows, indent: 2, into: &out) { row, indent, out in
            self.row(row, indent: indent, cache: &issueCache, into: &out)
        }
        out += ",\n  \"schema\" : \(result.schema),\n  \"totals\" : "
        summary(result.totals, indent: 2, into: &out)
        out += "\n}\n"
        return out
    }

    private static func array<T>(
        _ items: [T], indent: Int, into out: inout String, _ element: (T, Int, inout String) -> Void
    ) {
        let pad = String(repeating: " ", count: indent)
        guard !items.isEmpty else {
            out += "[\n\n" + pad + "]"
            return
        }
        out += "[\n"
        for (index, item) in items.enumerated() {
            out += pad + "  "
            element(item, indent + 2, &out)
            out += index + 1 < items.count ? ",\n" : "\n"
        }
        out += pad + "]"
    }

    private static func object(_ fields: [(String, String)], indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        out += "{\n"
        for (index, field) in fields.enumerated() {
            out += pad + "  \"" + field.0 + "\" : " + field.1
            out += index + 1 < fields.count ? ",\n" : "\n"
        }
        out += pad + "}"
    }

    private static func summary(_ summary: FamilySummary, indent: Int, into out: inout String) {
        object(
            [
                ("eligible", String(summary.eligible)), ("excluded", String(summary.excluded)),
                ("family", quoted(summary.family)), ("total", String(summary.total)),
                ("undecided", String(summary.undecided)),
            ], indent: indent, into: &out)
    }

    private static func row(
        _ row: MatrixRowResult, indent: Int, cache: inout [[RowIssue]: String],
        into out: inout String
    ) {
        func issues(_ list: [RowIssue]) -> String {
            if let text = cache[list] { return text }
            var text = ""
            array(list, indent: indent + 2, into: &text) { issue, indent, out in
                self.issue(issue, indent: indent, into: &out)
            }
            cache[list] = text
            return text
        }
        let pad = String(repeating: " ", count: indent)
        out += "{\n" + pad + "  \"failing\" : " + issues(row.failing)
        out += ",\n" + pad + "  \"family\" : " + quoted(row.family)
        out += ",\n" + pad + "  \"line\" : " + String(row.line)
        out += ",\n" + pad + "  \"name\" : " + quoted(row.name)
        out += ",\n" + pad + "  \"unknown\" : " + issues(row.unknown)
        out += ",\n" + pad + "  \"verdict\" : " + quoted(row.verdict.rawValue) + "\n" + pad + "}"
    }

    private static func issue(_ issue: RowIssue, indent: Int, into out: inout String) {
        var fields: [(String, String)] = []
        if let capability = issue.capability { fields.append(("capability", quoted(capability))) }
        fields += [
            ("key", quoted(issue.key)), ("reason", quoted(issue.reason)),
            ("required", issue.required ? "true" : "false"),
        ]
        object(fields, indent: indent, into: &out)
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\uXXXX` (or `\n`,
    /// `\t`, `\r`, `\b`, `\f`) and ``TerminalText/isDeceptive(_:)`` characters as `\uXXXX`,
    /// `/` kept.
    static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 >= 0x7f }) {
            return "\"" + text + "\""
        }
        var out = "\""
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
        return out + "\""
    }
}
