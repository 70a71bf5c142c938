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
    /// - Returns: Text with a final newline; device strings sanitized for terminals.
    public static func render(
        _ report: VerificationReport, style: TextStyle = .plain, names: OptionNames = .swift,
        hintText: (@Sendable (RequirementHint) -> String)? = nil, outcome: String? = nil
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
        lines.append(summary(report, names: names, outcome: outcome))
        return lines.joined(separator: "\n") + "\n"
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
