import CapabilitySupport
import FoundationEssentials
import CapabilityManifest

/// Renders a verification report as GitHub Actions workflow commands (`::error::`).
///
/// Unmet (unsatisfied) requirements are errors; undecided (unknown) ones and warnings are
/// warnings, whatever the overall verdict, so a reviewer sees which lines failed and which
/// could not be decided; everything else is silent.
public enum GitHubAnnotationRenderer {
    /// Escapes a message: `%`, CR and LF as GitHub requires; other control characters become `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: The escaped message.
    static func escapeData(_ text: String) -> String {
        let escaped = text.replacingLiteral("%", with: "%25")
            .replacingLiteral("\r", with: "%0D")
            .replacingLiteral("\n", with: "%0A")
        return TerminalText.sanitize(escaped)
    }

    /// Escapes a property value: as a message, plus `:` and `,`.
    /// - Parameter text: Untrusted text.
    /// - Returns: The escaped value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingLiteral(":", with: "%3A").replacingLiteral(",", with: "%2C")
    }

    /// Renders the annotations.
    /// - Parameter report: The report.
    /// - Returns: One line per unmet or unknown requirement, or an empty string.
    public static func render(_ report: VerificationReport) -> String {
        var lines: [String] = []
        let file = escapeProperty(report.manifest.path)
        for row in VerificationTextRenderer.ordered(report) {
            let command: String
            switch row.verdict {
            case .unsatisfied: command = "error"
            case .unknown, .warning: command = "warning"
            default: continue
            }
            let title = escapeProperty("capcheck: \(row.key) \(row.verdict.rawValue)")
            lines.append(
                "::\(command) file=\(file),title=\(title)::\(escapeData("\(row.key): \(row.reason)"))"
            )
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
