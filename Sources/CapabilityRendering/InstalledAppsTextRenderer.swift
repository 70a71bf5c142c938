import CapabilityManifest

/// Renders the installed catalogs' summary for people: the catalogs read, optionally one
/// line per component, the counts (can run / cannot / undecided) and why, by relation kind;
/// catalog and component strings sanitized for terminals.
public enum InstalledAppsTextRenderer {
    /// Renders the summary.
    /// - Parameters:
    ///   - summary: The summary.
    ///   - listApps: Whether to list every component before the counts.
    ///   - outcome: What the result leads to, shown after an arrow at the end of the counts
    ///     line (the CLI names its exit status); nil ends the line without one.
    /// - Returns: Text with a final newline.
    public static func render(
        _ summary: InstalledAppsSummary, listApps: Bool = false, outcome: String? = nil
    ) -> String {
        var lines = ["Catalogs under \(TerminalText.sanitize(summary.root)):"]
        for catalog in summary.catalogs {
            let what =
                catalog.problem.map { "not read: " + TerminalText.sanitize($0) }
                ?? "\(catalog.components) component\(catalog.components == 1 ? "" : "s")"
            lines.append("  \(TerminalText.sanitize(catalog.path))  \(what)")
        }
        if listApps {
            let width = min(
                48, (summary.apps.map { TerminalText.sanitize($0.id).count }.max() ?? 0) + 2)
            for app in summary.apps {
                let (mark, why): (String, String)
                switch app.verdict {
                case .satisfied:
                    mark = "✔"
                    why =
                        app.warnings.isEmpty
                        ? "can run"
                        : "can run; recommended not met: " + app.warnings.joined(separator: ", ")
                case .unsatisfied:
                    mark = "✘"
                    why = "doesn't support required: " + app.unmet.joined(separator: ", ")
                case .undecided:
                    mark = "?"
                    why = "cannot tell: " + app.unknown.joined(separator: ", ")
                }
                lines.append(
                    mark + " " + TerminalText.pad(TerminalText.sanitize(app.id) + " ", width)
                        + TerminalText.pad(app.verdict.rawValue, 13) + TerminalText.sanitize(why))
            }
        }
        let total = summary.apps.count
        let duplicates =
            summary.duplicates == 0
            ? "" : " (\(summary.duplicates) duplicate\(summary.duplicates == 1 ? "" : "s") skipped)"
        lines.append(
            "\(total) app\(total == 1 ? "" : "s")\(duplicates): \(summary.canRun) can run, "
                + "\(summary.cannot) cannot, \(summary.undecided) undecided"
                + (outcome.map { " → " + $0 } ?? ""))
        section("Cannot run, by relation kind unmet:", summary.cannotByKind, into: &lines)
        section("Undecided, by relation kind unknown:", summary.undecidedByKind, into: &lines)
        section(
            "Can run, recommended not met, by relation kind:", summary.warningsByKind, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A heading and one indented line per kind, or nothing for no kinds.
    private static func section(
        _ heading: String, _ counts: [InstalledAppsSummary.KindCount], into lines: inout [String]
    ) {
        guard !counts.isEmpty else { return }
        lines.append(heading)
        let width = (counts.map { TerminalText.sanitize($0.kind).count }.max() ?? 0) + 2
        for count in counts {
            lines.append(
                "  " + TerminalText.pad(TerminalText.sanitize(count.kind), width)
                    + "\(count.components)")
        }
    }
}
