import CapabilityManifest

/// Renders a verification report for people: unmet first, one line each with its reason,
/// then a summary line, ended by what the caller does with the verdict (the CLI: its exit).
public enum VerificationTextRenderer {
    /// The display order of verdicts: unmet first.
    package static let order: [RequirementVerdict] = [
        .unsatisfied, .unknown, .warning, .satisfied, .optional, .notApplicable,
    ]

    /// The mark shown before a verdict.
    /// - Parameter verdict: The verdict.
    /// - Returns: ✘, ?, ✔ or –.
    static func mark(_ verdict: RequirementVerdict) -> String {
        switch verdict {
        case .unsatisfied: return "✘"
        case .unknown: return "?"
        case .warning: return "!"
        case .satisfied: return "✔"
        case .optional, .notApplicable: return "–"
        }
    }

    /// The results in display order (unmet first, then by key within a verdict).
    /// - Parameter report: The report.
    /// - Returns: The ordered results.
    package static func ordered(_ report: VerificationReport) -> [RequirementResult] {
        order.flatMap { verdict in report.requirements.filter { $0.verdict == verdict } }
    }

    /// Renders the report.
    /// - Parameters:
    ///   - report: The report.
    ///   - style: Plain text, or ANSI colours for the mark and the verdict.
    ///   - names: How the summary names the unknown policy (the CLI passes its flags).
    ///   - hintText: How the caller phrases a ``RequirementHint`` (the CLI names its flag);
    ///     nil shows the hint's reason alone.
    ///   - outcome: What the verdict leads to, shown after an arrow at the end of the summary
    ///     (the CLI names its exit status); nil ends the summary without one.
    ///   - width: The terminal's width, for a terminal only: reasons, notes and warnings wrap
    ///     to it under their own column; nil (a pipe or a file) keeps each line whole.
    /// - Returns: Text with a final newline; device strings sanitized for terminals. The key
    ///   column is as wide as the longest key up to ``keyColumnLimit``; a longer key has a line
    ///   of its own, so the verdict and reason columns stay aligned.
    public static func render(
        _ report: VerificationReport, style: TextStyle = .plain, names: OptionNames = .swift,
        hintText: (@Sendable (RequirementHint) -> String)? = nil, outcome: String? = nil,
        width: Int? = nil
    ) -> String {
        let rows = ordered(report)
        let keyWidth = keyColumn(rows.map { TerminalText.sanitize($0.key) }, width: width)
        let verdictWidth = (rows.map { $0.verdict.rawValue.count }.max() ?? 0) + 2
        var lines: [String] = []
        for row in rows {
            var reason = row.reason
            if let note = row.note { reason += " [\(note)]" }
            if let hint = row.hint {
                reason += "; " + hint.reason
                if let hintText { reason += " with " + hintText(hint) }
            }
            let role = TextStyle.role(row.verdict)
            let key = TerminalText.sanitize(row.key)
            let mark = style.apply(mark(row.verdict), role) + " "
            let lead: String
            if TerminalText.columns(key) + 1 > keyWidth {
                lines += TerminalWrap.hanging(mark, leadWidth: 2, key, width: width)
                lead = String(repeating: " ", count: 2 + keyWidth)
            } else {
                lead = mark + TerminalText.pad(key + " ", keyWidth)
            }
            lines += TerminalWrap.hanging(
                lead + style.apply(TerminalText.pad(row.verdict.rawValue, verdictWidth), role),
                leadWidth: 2 + keyWidth + verdictWidth, TerminalText.sanitize(reason),
                width: width)
        }
        for note in report.manifest.notes {
            lines += TerminalWrap.hanging(
                "note: ", leadWidth: 6, TerminalText.sanitize(note), width: width)
        }
        for warning in report.manifest.warnings ?? [] {
            lines += TerminalWrap.hanging(
                "warning: ", leadWidth: 9, TerminalText.sanitize(warning), width: width)
        }
        lines.append(summary(report, names: names, outcome: outcome))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The widest key column: longer keys get a line of their own.
    package static let keyColumnLimit = 40

    /// The key column's width: the longest key and 2 spaces, at most ``keyColumnLimit`` (on
    /// a terminal, at most a third of its width, and at least 12).
    /// - Parameters:
    ///   - keys: The keys as shown (sanitised).
    ///   - width: The terminal's width, if the text goes to one.
    /// - Returns: The width in characters.
    package static func keyColumn(_ keys: [String], width: Int? = nil) -> Int {
        let limit = width.map { max(12, min(keyColumnLimit, $0 / 3)) } ?? keyColumnLimit
        return min(limit, (keys.map { TerminalText.columns($0) }.max() ?? 0) + 2)
    }

    /// The closing line: `1 of 3 requirements unmet`, then ` → ` and the outcome if given.
    /// - Parameters:
    ///   - report: The report.
    ///   - names: How the line names the unknown policy.
    ///   - outcome: What the verdict leads to (the CLI names its exit status), if any.
    /// - Returns: The line without a newline.
    public static func summary(
        _ report: VerificationReport, names: OptionNames = .swift, outcome: String? = nil
    ) -> String {
        let total = report.requirements.count
        var text = "\(report.unmetCount) of \(total) requirement\(total == 1 ? "" : "s") unmet"
        let warnings = report.requirements.filter { $0.verdict == .warning }.count
        if warnings > 0 {
            text += ", \(warnings) recommended not met (warning\(warnings == 1 ? "" : "s"))"
        }
        if report.unknownCount > 0 {
            text += ", \(report.unknownCount) unknown"
            if report.unmetCount == 0 {
                switch report.verdict {
                case .unsatisfied: text += " (counted as unmet: \(names.unknownAs) fail)"
                case .satisfied: text += " (counted as met: \(names.unknownAs) pass)"
                case .undecided: break
                }
            }
        }
        if !report.assumptions.isEmpty {
            let facts = report.assumptions.keys.sorted().map {
                "\($0)=\(report.assumptions[$0]?.rawValue ?? "")"
            }
            text += " (assumed: \(TerminalText.sanitize(facts.joined(separator: ", "))))"
        }
        return text + (outcome.map { " → " + $0 } ?? "")
    }
}
