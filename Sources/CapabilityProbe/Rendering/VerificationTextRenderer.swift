/// Renders a verification report for people: unmet first, one line each with its reason,
/// then a summary line naming the exit code.
public enum VerificationTextRenderer {
    /// The display order of verdicts: unmet first.
    static let order: [RequirementVerdict] = [
        .unsatisfied, .unknown, .warning, .satisfied, .optional, .notApplicable,
    ]

    /// The mark shown before a verdict.
    /// - Parameter verdict: The verdict.
    /// - Returns: ✘, ?, ✔ or –.
    public static func mark(_ verdict: RequirementVerdict) -> String {
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
    public static func ordered(_ report: VerificationReport) -> [RequirementResult] {
        order.flatMap { verdict in report.requirements.filter { $0.verdict == verdict } }
    }

    /// Renders the report.
    /// - Parameters:
    ///   - report: The report.
    ///   - exitCode: The exit code the summary line names.
    ///   - style: Plain text, or ANSI colours for the mark and the verdict.
    ///   - hintText: How the caller phrases a ``RequirementHint`` (the CLI names its flag);
    ///     nil shows the hint's reason alone.
    /// - Returns: Text with a final newline; device strings sanitized for terminals.
    public static func render(
        _ report: VerificationReport, exitCode: Int32, style: TextStyle = .plain,
        hintText: (@Sendable (RequirementHint) -> String)? = nil
    ) -> String {
        let rows = ordered(report)
        let keyWidth = min(40, (rows.map { TerminalText.sanitize($0.key).count }.max() ?? 0) + 2)
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
            lines.append(
                style.apply(mark(row.verdict), role) + " "
                    + TerminalText.pad(TerminalText.sanitize(row.key) + " ", keyWidth)
                    + style.apply(TerminalText.pad(row.verdict.rawValue, verdictWidth), role)
                    + TerminalText.sanitize(reason))
        }
        for note in report.manifest.notes { lines.append("note: " + TerminalText.sanitize(note)) }
        for warning in report.manifest.warnings ?? [] {
            lines.append("warning: " + TerminalText.sanitize(warning))
        }
        lines.append(summary(report, exitCode: exitCode))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The closing line: `1 of 3 requirements unmet → exit 1`.
    /// - Parameters:
    ///   - report: The report.
    ///   - exitCode: The exit code.
    /// - Returns: The line without a newline.
    public static func summary(_ report: VerificationReport, exitCode: Int32) -> String {
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
                case .unsatisfied: text += " (counted as unmet: --unknown-as fail)"
                case .satisfied: text += " (counted as met: --unknown-as pass)"
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
        return text + " → exit \(exitCode)"
    }
}
