import CapabilityManifest
import CapabilitySupport

/// Renders a verification report as JUnit XML: one test case per requirement.
///
/// Unsatisfied → `<failure>`, unknown → `<error>` (a failure when undecided counts as
/// failing), not-applicable → `<skipped>`, satisfied and optional pass.
public enum JUnitRenderer {
    /// Renders the report.
    /// - Parameter report: The report.
    /// - Returns: The XML document; every string is escaped.
    public static func render(_ report: VerificationReport) -> String {
        let esc = attribute
        let rows = report.requirements
        let failures = rows.filter { $0.verdict == .unsatisfied }.count
        let errors = rows.filter { $0.verdict == .unknown }.count
        let skipped = rows.filter { $0.verdict == .notApplicable }.count
        let suite = esc(report.manifest.path)
        let counts =
            "tests=\"\(rows.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"capcheck verify\" \(counts)>",
            "  <testsuite name=\"\(suite)\" \(counts)>",
            "    <properties>",
            "      <property name=\"verdict\" value=\"\(report.verdict.rawValue)\"/>",
            "      <property name=\"kind\" value=\"\(report.manifest.kind.rawValue)\"/>",
            "      <property name=\"source\" value=\"\(esc(report.source.kind.rawValue))\"/>",
        ]
        for id in report.assumptions.keys.sorted() {
            lines.append(
                "      <property name=\"assumed \(esc(id))\" value=\"\(report.assumptions[id]?.rawValue ?? "")\"/>"
            )
        }
        lines.append("    </properties>")
        for row in rows {
            let name = esc(row.key)
            let classname = "capcheck.verify.\(report.manifest.kind.rawValue)"
            let message = esc(row.reason)
            let body = TerminalText.escapeMarkup(
                ([row.reason] + (row.note.map { ["note: \($0)"] } ?? [])
                    + row.evidence.map { "evidence: \($0.device): \($0.reason)" }).joined(
                        separator: "\n"))
            let open = "    <testcase classname=\"\(classname)\" name=\"\(name)\">"
            switch row.verdict {
            case .unsatisfied:
                lines.append(open)
                lines.append(
                    "      <failure type=\"unsatisfied\" message=\"\(message)\">\(body)</failure>")
                lines.append("    </testcase>")
            case .unknown:
                lines.append(open)
                lines.append("      <error type=\"unknown\" message=\"\(message)\">\(body)</error>")
                lines.append("    </testcase>")
            case .notApplicable:
                lines.append(open)
                lines.append("      <skipped message=\"not-applicable: \(message)\"/>")
                lines.append("    </testcase>")
            case .satisfied, .optional, .warning:
                lines.append(open)
                lines.append("      <system-out>\(row.verdict.rawValue): \(body)</system-out>")
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes text for an attribute value; line breaks and tabs become character references
    /// so that an XML reader keeps them (it would turn a literal newline into a space).
    /// - Parameter text: Untrusted text.
    /// - Returns: The escaped value.
    package static func attribute(_ text: String) -> String {
        TerminalText.escapeMarkup(text).replacingLiteral("\n", with: "&#10;")
            .replacingLiteral("\t", with: "&#9;")
    }
}
