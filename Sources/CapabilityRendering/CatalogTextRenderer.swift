import CapabilityManifest

/// Renders a catalog verification for people: one line per component (like matrix rows),
/// then a summary ended by what the caller does with it (the CLI: its exit); device and
/// catalog strings sanitized for terminals.
public enum CatalogTextRenderer {
    /// Renders the catalog result.
    /// - Parameters:
    ///   - result: The verification of every component.
    ///   - outcome: What the result leads to, shown after an arrow at the end of the summary
    ///     (the CLI names its exit status); nil ends the summary without one.
    /// - Returns: Text with a final newline.
    public static func render(_ result: CatalogVerification, outcome: String? = nil) -> String {
        let width = min(
            48, (result.components.map { TerminalText.sanitize($0.id).count }.max() ?? 0) + 2)
        var lines: [String] = []
        for component in result.components {
            let mark: String
            let why: String
            switch component.verdict {
            case .satisfied:
                mark = "✔"
                why =
                    component.warnings.isEmpty
                    ? "can run"
                    : "can run; recommended not met: " + component.warnings.joined(separator: ", ")
            case .unsatisfied:
                mark = "✘"
                why = "doesn't support required: " + component.unmet.joined(separator: ", ")
            case .undecided:
                mark = "?"
                why = "cannot tell: " + component.unknown.joined(separator: ", ")
            }
            lines.append(
                mark + " " + TerminalText.pad(TerminalText.sanitize(component.id) + " ", width)
                    + TerminalText.pad(component.verdict.rawValue, 13) + TerminalText.sanitize(why))
        }
        let total = result.components.count
        lines.append(
            "\(total) component\(total == 1 ? "" : "s"): \(result.count(.satisfied)) can run, "
                + "\(result.count(.unsatisfied)) cannot, \(result.count(.undecided)) undecided"
                + (outcome.map { " → " + $0 } ?? ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
