import CapabilityMatrix

/// Writes a ``MatrixResult`` as JSON in one pass, in the same layout as ``JSONOutput``
/// (sorted keys, two-space indent, `"key" : value`), without building an intermediate tree:
/// `JSONEncoder` needs several times the memory and time for 100 000-row results. The layout
/// itself is ``JSONTextWriter``'s, shared with ``ReportJSONWriter``.
public enum MatrixJSONWriter {
    /// The JSON document.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Pretty, sorted JSON text with a final newline; it decodes to `result`.
    public static func json(_ result: MatrixResult) -> String {
        MatrixRenderer.joined { write(result, pieceSize: Int.max, to: $0) }
    }

    /// The document of ``json(_:)``, handed on in pieces of about `pieceSize` bytes that end
    /// after whole rows, so a 100 000-row result is never in memory as text at once.
    /// - Parameters:
    ///   - result: The filtered matrix.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - output: Receives the pieces in order; together they are ``json(_:)``'s UTF-8.
    public static func write(
        _ result: MatrixResult, pieceSize: Int = 1 << 16, to output: ([UInt8]) -> Void
    ) {
        var out = JSONTextWriter(capacity: min(pieceSize, 256 + result.rows.count * 160) + 4096)
        out.openObject()
        out.key("families")
        out.openArray()
        for family in result.families { summary(family, into: &out) }
        out.close()
        if let manifest = result.manifest {
            out.key("manifest")
            out.string(manifest)
        }
        out.key("matrix")
        out.string(result.matrix)
        out.key("provenance")
        out.array(result.provenance)
        out.key("rows")
        out.openArray()
        // Rows that share an evaluation share their issue lists: write each list once.
        var issueCache = IssueListCache<String>()
        for row in result.rows {
            self.row(row, cache: &issueCache, into: &out)
            if out.bytes.count >= pieceSize { out.flush(to: output) }
        }
        out.close()
        out.key("schema")
        out.int(result.schema)
        if let catalog = result.summary { self.catalog(catalog, into: &out) }
        out.key("totals")
        summary(result.totals, into: &out)
        out.close()
        out.newline()
        out.flush(to: output)
    }

    /// A catalog's `summary` object: its groups and the keys behind exclusions.
    private static func catalog(_ catalog: CatalogSummary, into out: inout JSONTextWriter) {
        func keys(_ name: String, _ counts: [CatalogSummary.KeyCount]) {
            out.key(name)
            out.openArray()
            for count in counts {
                out.openObject()
                out.key("key")
                out.string(count.key)
                out.key("rows")
                out.int(count.rows)
                out.close()
            }
            out.close()
        }
        out.key("summary")
        out.openObject()
        keys("excludedBy", catalog.excludedBy)
        out.key("groupedBy")
        out.string(catalog.groupedBy)
        out.key("groups")
        out.openArray()
        for group in catalog.groups { summary(group, into: &out) }
        out.close()
        keys("undecidedBy", catalog.undecidedBy)
        out.close()
    }

    private static func summary(_ summary: FamilySummary, into out: inout JSONTextWriter) {
        out.openObject()
        out.key("eligible")
        out.int(summary.eligible)
        out.key("excluded")
        out.int(summary.excluded)
        out.key("family")
        out.string(summary.family)
        out.key("total")
        out.int(summary.total)
        out.key("undecided")
        out.int(summary.undecided)
        out.close()
    }

    private static func row(
        _ row: MatrixRowResult, cache: inout IssueListCache<String>,
        into out: inout JSONTextWriter
    ) {
        func issues(_ list: [RowIssue]) {
            let depth = out.depth
            let text = cache.value(for: list) {
                var fragment = JSONTextWriter(depth: depth)
                fragment.openArray()
                for issue in list { self.issue(issue, into: &fragment) }
                fragment.close()
                return fragment.text
            }
            out.raw(text)
        }
        out.openObject()
        out.key("failing")
        issues(row.failing)
        out.key("family")
        out.string(row.family)
        out.key("line")
        out.int(row.line)
        out.key("name")
        out.string(row.name)
        out.key("unknown")
        issues(row.unknown)
        out.key("verdict")
        out.string(row.verdict.rawValue)
        out.close()
    }

    private static func issue(_ issue: RowIssue, into out: inout JSONTextWriter) {
        out.openObject()
        if let capability = issue.capability {
            out.key("capability")
            out.string(capability)
        }
        out.key("key")
        out.string(issue.key)
        out.key("reason")
        out.string(issue.reason)
        out.key("required")
        out.bool(issue.required)
        out.close()
    }
}
