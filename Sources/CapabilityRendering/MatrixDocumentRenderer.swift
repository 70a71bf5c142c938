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
        let catalog = result.answer != nil
        // A catalog answers first; its sources close the document.
        if !catalog {
            out += "Table: \(MarkdownText.codeSpan(result.matrix))\n\n"
            for line in result.provenance { out += "- \(cell(line))\n" }
            out += "\n"
        }
        let totals = result.totals
        out +=
            "**\(totals.eligible) of \(totals.total) eligible**, \(totals.excluded) excluded, \(totals.undecided) undecided.\n\n"
        for note in result.notes ?? [] { out += "- \(cell(note))\n" }
        if result.notes != nil { out += "\n" }
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
            let why =
                catalog
                ? MatrixRenderer.catalogReasons(row)
                : MatrixRenderer.reasons(row, unknownSubject: unknownSubject)
            out +=
                "| \(cell(row.name)) | \(cell(row.family)) | \(row.verdict.rawValue) | \(cell(why)) |\n"
        }
        if catalog {
            out += "\n## Sources\n\nTable: \(MarkdownText.codeSpan(result.matrix))\n\n"
            for line in result.provenance { out += "- \(cell(line))\n" }
        }
        return out
    }

    /// One HTML page, with no script and no outside resource.
    /// - Parameter result: The filtered matrix or catalog.
    /// - Returns: The page.
    public static func html(_ result: MatrixResult) -> String {
        if result.answer != nil { return catalogHTML(result) }
        func e(_ text: String) -> String { TerminalText.escapeMarkup(TerminalText.sanitize(text)) }
        var out = HTMLPage.start(
            title: "capcheck: which devices can install the app",
            style: tableStyle)
        out += "<h1>Which devices can install \(e(result.manifest ?? "the app"))</h1>\n"
        out += "<p>Table <code>\(e(result.matrix))</code></p>\n<ul class=\"provenance\">\n"
        for line in result.provenance { out += "<li>\(e(line))</li>\n" }
        let totals = result.totals
        out +=
            "</ul>\n<p><strong>\(totals.eligible) of \(totals.total) eligible</strong>, \(totals.excluded) excluded, \(totals.undecided) undecided.</p>\n"
        func counts(_ title: String, _ rows: [FamilySummary]) {
            out += countsTable(title, rows)
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

    /// The style of a table's page.
    static let tableStyle =
        #"""
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
        """# + "\n"

    /// A catalog's page: the table's style and the answer, device lists, folds and search box.
    static let catalogStyle =
        tableStyle
            + #"""
            .answer { font-size: 1.3em; }
            .devices { overflow-wrap: anywhere; }
            details { margin: .4em 0; }
            summary { cursor: pointer; }
            #filter { font: inherit; padding: .3em .5em; width: min(30em, 100%); box-sizing: border-box; }
            """# + "\n"

    /// A device catalog's page, answer first: how many devices can install the app, the
    /// excluded devices grouped by the filter that excludes them, the undecided ones by what
    /// the catalog cannot tell, the eligible list; then every row with a search box that
    /// filters them as you type, the counts, and the sources folded at the end.
    /// - Parameter result: The filtered catalog.
    /// - Returns: The page.
    static func catalogHTML(_ result: MatrixResult) -> String {
        func e(_ text: String) -> String { TerminalText.escapeMarkup(TerminalText.sanitize(text)) }
        let totals = result.totals
        var out = HTMLPage.start(
            title: "capcheck: which devices can install \(e(result.manifest ?? "the app"))",
            style: catalogStyle, script: true)
        out += "<h1>Which devices can install \(e(result.manifest ?? "the app"))?</h1>\n"
        out +=
            "<p class=\"answer\"><strong>\(totals.eligible) of \(totals.total)</strong> can install it: \(totals.excluded) excluded, \(totals.undecided) undecided (<code>\(e(result.matrix))</code>).</p>\n"
        if let notes = result.notes {
            out += "<ul>\n"
            for note in notes { out += "<li>\(e(note))</li>\n" }
            out += "</ul>\n"
        }
        func grouped(
            _ title: String, _ verdict: RowVerdict, _ issues: (MatrixRowResult) -> [RowIssue]
        ) {
            var order: [String] = []
            var names: [String: [String]] = [:]
            for row in result.rows where row.verdict == verdict {
                for key in Set(issues(row).map(\.key)) {
                    if names[key] == nil { order.append(key) }
                    names[key, default: []].append(row.name)
                }
            }
            guard !order.isEmpty else { return }
            order.sort { (names[$0]?.count ?? 0, $1) > (names[$1]?.count ?? 0, $0) }
            out += "<h2>\(title)</h2>\n"
            for key in order {
                let list = names[key] ?? []
                out +=
                    "<details><summary><code>\(e(key))</code>: \(list.count) device\(list.count == 1 ? "" : "s")</summary><p class=\"devices\">\(e(list.joined(separator: ", ")))</p></details>\n"
            }
        }
        grouped("Excluded, by the filter that excludes them", .excluded, \.failing)
        grouped("Undecided, by what the catalog cannot tell", .undecided, \.unknown)
        let eligible = result.rows.filter { $0.verdict == .eligible }.map(\.name)
        out += "<h2>Eligible: \(eligible.count)</h2>\n"
        let names =
            "<p class=\"devices\">\(e(eligible.isEmpty ? "none" : eligible.joined(separator: ", ")))</p>"
        // A long list is folded, so the rows and counts stay one scroll away on a phone.
        out +=
            eligible.count > 30
            ? "<details><summary>\(eligible.count) devices</summary>\(names)</details>\n"
            : names + "\n"
        out += "<h2>Every device</h2>\n" + RowFilterScript.input
        out +=
            "<table id=\"rows\"><thead><tr><th>Device</th><th>Family</th><th>Verdict</th><th>Why</th></tr></thead><tbody>\n"
        for row in result.rows {
            let verdict = row.verdict.rawValue
            out +=
                "<tr><td>\(e(row.name))</td><td>\(e(row.family))</td><td class=\"\(verdict)\">\(verdict)</td><td>\(e(MatrixRenderer.catalogReasons(row)))</td></tr>\n"
        }
        out += "</tbody></table>\n<h2>Counts</h2>\n"
        func counts(_ title: String, _ rows: [FamilySummary]) {
            out += countsTable(title, rows)
        }
        counts("Family", result.families)
        if let summary = result.summary {
            counts(summary.groupedBy.capitalizedFirst, summary.groups)
        }
        out += "<details><summary>Sources</summary>\n<ul class=\"provenance\">\n"
        for line in result.provenance { out += "<li>\(e(line))</li>\n" }
        out += "</ul>\n</details>\n" + RowFilterScript.element + "</body>\n</html>\n"
        return out
    }

    /// One HTML table of counts: a row per family, year or SDK level.
    static func countsTable(_ title: String, _ rows: [FamilySummary]) -> String {
        func e(_ text: String) -> String { TerminalText.escapeMarkup(TerminalText.sanitize(text)) }
        var out =
            "<table><thead><tr><th>\(e(title))</th><th>Eligible</th><th>Excluded</th><th>Undecided</th><th>Total</th></tr></thead><tbody>\n"
        for row in rows {
            out +=
                "<tr><td>\(e(row.family))</td><td class=\"n\">\(row.eligible)</td><td class=\"n\">\(row.excluded)</td><td class=\"n\">\(row.undecided)</td><td class=\"n\">\(row.total)</td></tr>\n"
        }
        return out + "</tbody></table>\n"
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
