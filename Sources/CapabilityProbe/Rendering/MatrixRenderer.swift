/// Renders a ``MatrixResult`` as text, CSV or JSON.
public enum MatrixRenderer {
    /// The human table: provenance, one line per row with Play-style reasons, family summaries
    /// (when some family groups more than one row), totals.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Plain text; row names and table text are sanitised for terminals.
    public static func text(_ result: MatrixResult) -> String {
        var out = header(matrix: result.matrix, provenance: result.provenance)
        if let manifest = result.manifest {
            out += "Manifest   " + TerminalText.sanitize(manifest) + "\n"
        }
        out += "\n"
        let width = min(
            40, max(12, (result.rows.map { TerminalText.characterCount($0.name) }.max() ?? 0) + 2))
        // One allocation for the whole table rather than a doubling series (page faults).
        out.reserveCapacity(out.utf8.count + result.rows.count * (width + 96))
        out += TerminalText.pad("Row", width) + TerminalText.pad("Verdict", 11) + "Why\n"
        // Rows that share an evaluation share their reasons: build each text once, keyed by
        // what the text is made of (the keys, and for exclusions whether each was required),
        // which hashes far less than whole issues with their reasons.
        // Per verdict (by its position in `allCases`): the reason cache and the padded column.
        let verdicts = RowVerdict.allCases
        var cache = [[[String]: String]](repeating: [:], count: verdicts.count)
        let verdictColumn = verdicts.map { TerminalText.pad($0.rawValue, 11) }
        let pads = (0...width).map { String(repeating: " ", count: $0) }
        var key: [String] = []
        let unknownSubject = subject(result)
        for row in result.rows {
            // Printable ASCII (the common case) is shown as is and is one column a byte.
            let plain = row.name.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
            let name = plain ? row.name : TerminalText.sanitize(row.name)
            out += name
            let count = plain ? name.utf8.count : TerminalText.characterCount(name)
            if count < width { out += pads[width - count] }
            key.removeAll(keepingCapacity: true)
            if row.verdict == .excluded {
                for issue in row.failing {
                    key.append(issue.key)
                    if !issue.required { key.append("") }
                }
            } else {
                for issue in row.unknown { key.append(issue.key) }
            }
            let verdict = verdicts.firstIndex(of: row.verdict) ?? 0
            let why: String
            if let cached = cache[verdict][key] {
                why = cached
            } else {
                why = clean(reasons(row, unknownSubject: unknownSubject))
                cache[verdict][key] = why
            }
            if why.isEmpty {
                out += row.verdict.rawValue
            } else {
                out += verdictColumn[verdict]
                out += why
            }
            out += "\n"
        }
        // A table without families makes every row its own family: no section then.
        if result.families.count < result.rows.count {
            out += "\nFamilies\n"
            for family in result.families {
                out += "  " + TerminalText.sanitize(family.sentence) + "\n"
            }
        }
        let totals = result.totals
        out +=
            "\n\(totals.eligible) of \(totals.total) rows eligible, \(totals.excluded) excluded, \(totals.undecided) undecided\n"
        return out
    }

    /// `doesn't support required feature: X; …` for excluded rows, `the table does not say:
    /// X` for undecided ones.
    /// - Parameters:
    ///   - row: The row result.
    ///   - unknownSubject: What cannot say (`the table`; `the recording` for a fleet's rows).
    /// - Returns: The reasons in words, empty for an eligible row.
    static func reasons(_ row: MatrixRowResult, unknownSubject: String = "the table")
        -> String
    {
        switch row.verdict {
        case .eligible: return ""
        case .excluded: return row.failing.map(\.playWording).joined(separator: "; ")
        case .undecided:
            return "\(unknownSubject) does not say: "
                + row.unknown.map(\.key).joined(separator: ", ")
        }
    }

    /// Who cannot decide an undecided row: the table, or a fleet machine's recording.
    static func subject(_ result: MatrixResult) -> String {
        result.matrix.hasPrefix(Fleet.sourcePrefix) ? "the recording" : "the table"
    }

    /// CSV: `#` provenance lines, then `row,family,verdict,failing,unknown,reasons`.
    /// - Parameter result: The filtered matrix.
    /// - Returns: RFC 4180 text.
    public static func csv(_ result: MatrixResult) -> String {
        var out = "# matrix: " + CSVText.field(result.matrix) + "\n"
        for line in result.provenance { out += "# " + TerminalText.sanitize(line) + "\n" }
        if let manifest = result.manifest {
            out += "# manifest: " + TerminalText.sanitize(manifest) + "\n"
        }
        out += "row,family,verdict,failing,unknown,reasons\n"
        for row in result.rows {
            out += CSVText.line([
                row.name, row.family, row.verdict.rawValue,
                row.failing.map(\.key).joined(separator: ";"),
                row.unknown.map(\.key).joined(separator: ";"),
                reasons(row, unknownSubject: subject(result)),
            ])
        }
        return out
    }

    /// Sanitised text; printable ASCII (the common case) is returned as is.
    static func clean(_ text: String) -> String {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7f } ? text : TerminalText.sanitize(text)
    }

    /// The matrix and provenance lines shown with every result.
    static func header(matrix: String, provenance: [String]) -> String {
        var out = "Matrix     " + TerminalText.sanitize(matrix) + "\n"
        for line in provenance { out += "Provenance " + TerminalText.sanitize(line) + "\n" }
        return out
    }
}
