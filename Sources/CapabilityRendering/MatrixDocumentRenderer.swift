import CapabilityMatrix

/// A ``MatrixResult`` as a document to share: Markdown or one self-contained HTML page,
/// with the provenance, one line per row, the family summaries and, for a device catalog,
/// the counts by year or SDK level and by key. Every table string is escaped for the format.
public enum MatrixDocumentRenderer {
    /// The Markdown document.
    /// - Parameter result: The filtered matrix or catalog.
    /// - Returns: GitHub-flavoured Markdown.
    public static func markdown(_ result: MatrixResult) -> String {
        func cell(_ text: String) -> String { MarkdownText.cell(text) }
        var out = "# Which devices can install \(cell(result.manifest ?? "the app"))\n\n"
        out += "Table: \(MarkdownText.codeSpan(result.matrix))\n\n"
        for line in result.provenance { out += "- \(cell(line))\n" }
        let totals = result.totals
        out +=
            "\n**\(totals.eligible) of \(totals.total) eligible**, \(totals.excluded) excluded, \(totals.undecided) undecided.\n\n"
        out += "| Family | Eligible | Excluded | Undecided | Total |\n|---|---:|---:|---:|---:|\n"
        for family in result.families {
            out +=
                "| \(cell(family.family)) | \(family.eligible) | \(family.excluded) | \(family.undecided) | \(family.total) |\n"
        }
        if let summary = result.summary {
            out +=
                "\n| \(cell(summary.groupedBy.capitalizedFirst)) | Eligible | Excluded | Undecided | Total |\n"
            out += "|---|---:|---:|---:|---:|\n"
            for group in summary.groups {
                out +=
                    "| \(cell(group.family)) | \(group.eligible) | \(group.excluded) | \(group.undecided) | \(group.total) |\n"
            }
            if !summary.excludedBy.isEmpty || !summary.undecidedBy.isEmpty {
                out += "\n| Key | Excludes | Leaves undecided |\n|---|---:|---:|\n"
                for key in keyRows(summary) {
                    out += "| `\(cell(key.key))` | \(key.excluded) | \(key.undecided) |\n"
                }
            }
        }
        let unknownSubject = MatrixRenderer.subject(result)
        out += "\n| Device | Family | Verdict | Why |\n|---|---|---|---|\n"
        for row in result.rows {
            out +=
                "| \(cell(row.name)) | \(cell(row.family)) | \(row.verdict.rawValue) | \(cell(MatrixRenderer.reasons(row, unknownSubject: unknownSubject))) |\n"
        }
        return out
    }

    /// One HTML page, with no script and no outside resource.
    /// - Parameter result: The filtered matrix or catalog.
    /// - Returns: The page.
    public static func html(_ result: MatrixResult) -> String {
        func e(_ text: String) -> String { TerminalText.escapeMarkup(TerminalText.sanitize(text)) }
        var out = HTMLPage.start(
            title: "capcheck: which devices can install the app",
            style: #"""
                body { font: 14px/20px system-ui, sans-serif; margin: 2em; color: #111; background: #fff; }
                table { border-collapse: collapse; margin: 1em 0; }
                th, td { border: 1px solid #999; padding: .3em .6em; text-align: left; vertical-align: top; }
                th { background: #eee; }
                td.n { text-align: right; }
                td.eligible { background: #e6f4e6; }
                td.excluded { background: #f4eee0; }
                td.undecided { background: #f4f4f4; color: #555; }
                .provenance { color: #444; }
                .provenance li { overflow-wrap: anywhere; }
                @media (max-width: 600px) { body { margin: .5em; font-size: 13px; } th, td { padding: .2em .35em; } }
                """# + "\n")
        out += "<h1>Which devices can install \(e(result.manifest ?? "the app"))</h1>\n"
        out += "<p>Table <code>\(e(result.matrix))</code></p>\n<ul class=\"provenance\">\n"
        for line in result.provenance { out += "<li>\(e(line))</li>\n" }
        let totals = result.totals
        out +=
            "</ul>\n<p><strong>\(totals.eligible) of \(totals.total) eligible</strong>, \(totals.excluded) excluded, \(totals.undecided) undecided.</p>\n"
        func counts(_ title: String, _ rows: [FamilySummary]) {
            out +=
                "<table><thead><tr><th>\(e(title))</th><th>Eligible</th><th>Excluded</th><th>Undecided</th><th>Total</th></tr></thead><tbody>\n"
            for row in rows {
                out +=
                    "<tr><td>\(e(row.family))</td><td class=\"n\">\(row.eligible)</td><td class=\"n\">\(row.excluded)</td><td class=\"n\">\(row.undecided)</td><td class=\"n\">\(row.total)</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        counts("Family", result.families)
        if let summary = result.summary {
            counts(summary.groupedBy.capitalizedFirst, summary.groups)
            if !summary.excludedBy.isEmpty || !summary.undecidedBy.isEmpty {
                out +=
                    "<table><thead><tr><th>Key</th><th>Excludes</th><th>Leaves undecided</th></tr></thead><tbody>\n"
                for key in keyRows(summary) {
                    out +=
                        "<tr><td><code>\(e(key.key))</code></td><td class=\"n\">\(key.excluded)</td><td class=\"n\">\(key.undecided)</td></tr>\n"
                }
                out += "</tbody></table>\n"
            }
        }
        let unknownSubject = MatrixRenderer.subject(result)
        out +=
            "<table><thead><tr><th>Device</th><th>Family</th><th>Verdict</th><th>Why</th></tr></thead><tbody>\n"
        for row in result.rows {
            let verdict = row.verdict.rawValue
            out +=
                "<tr><td>\(e(row.name))</td><td>\(e(row.family))</td><td class=\"\(verdict)\">\(verdict)</td><td>\(e(MatrixRenderer.reasons(row, unknownSubject: unknownSubject)))</td></tr>\n"
        }
        out += "</tbody></table>\n</body>\n</html>\n"
        return out
    }

    /// The keys of a summary with both counts, most excluded first.
    static func keyRows(_ summary: CatalogSummary) -> [(key: String, excluded: Int, undecided: Int)]
    {
        var rows: [String: (Int, Int)] = [:]
        for count in summary.excludedBy { rows[count.key, default: (0, 0)].0 = count.rows }
        for count in summary.undecidedBy { rows[count.key, default: (0, 0)].1 = count.rows }
        return rows.map { ($0.key, $0.value.0, $0.value.1) }.sorted {
            $0.excluded != $1.excluded
                ? $0.excluded > $1.excluded
                : $0.undecided != $1.undecided ? $0.undecided > $1.undecided : $0.key < $1.key
        }
    }

    /// The summary lines the text table ends with for a catalog.
    /// - Parameter summary: The catalog's counts.
    /// - Returns: `By year` and `Excluded by key` sections.
    package static func textSummary(_ summary: CatalogSummary) -> String {
        var out = "\nBy \(summary.groupedBy)\n"
        for group in summary.groups {
            out += "  " + TerminalText.sanitize(group.sentence) + "\n"
        }
        if !summary.excludedBy.isEmpty {
            out += "\nExcluded by key\n"
            for key in summary.excludedBy {
                out +=
                    "  \(TerminalText.sanitize(key.key)): \(key.rows) device\(key.rows == 1 ? "" : "s")\n"
            }
        }
        if !summary.undecidedBy.isEmpty {
            out += "\nUndecided by key\n"
            for key in summary.undecidedBy {
                out +=
                    "  \(TerminalText.sanitize(key.key)): \(key.rows) device\(key.rows == 1 ? "" : "s")\n"
            }
        }
        return out
    }
}

extension String {
    /// The text with its first letter upper case (`year` → `Year`).
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
