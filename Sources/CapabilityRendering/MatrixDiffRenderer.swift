import CapabilityMatrix

/// Renders a ``MatrixDiffResult`` as text.
public enum MatrixDiffRenderer {
    /// The human diff: lost and gained rows with the keys responsible, and Apple's rule
    /// when rows are lost.
    /// - Parameter diff: The diff.
    /// - Returns: Plain text, sanitised for terminals.
    public static func text(_ diff: MatrixDiffResult) -> String {
        var out = MatrixRenderer.header(matrix: diff.matrix, provenance: diff.provenance)
        out +=
            "Old        " + TerminalText.sanitize(diff.old)
            + " (\(diff.oldEligible) of \(diff.total) eligible)\n"
        out +=
            "New        " + TerminalText.sanitize(diff.new)
            + " (\(diff.newEligible) of \(diff.total) eligible)\n\n"
        for loss in diff.losses ?? [] { out += TerminalText.sanitize(loss) + "\n" }
        if diff.losses != nil { out += "\n" }
        let sections: [(MatrixChange, String, String)] = [
            (.lost, "Lost", "-"), (.mayBeLost, "May be lost (new manifest undecided)", "-?"),
            (.gained, "Gained", "+"), (.mayBeGained, "May be gained", "+?"),
        ]
        for (change, title, mark) in sections {
            let rows = diff.rows(change)
            guard !rows.isEmpty else { continue }
            out += "\(title): \(rows.count)\n"
            let width = min(40, max(12, (rows.map { $0.name.count }.max() ?? 0) + 2))
            for row in rows {
                out += "  \(mark) " + TerminalText.pad(TerminalText.sanitize(row.name), width)
                out += TerminalText.sanitize(because(row)) + "\n"
            }
            out += "\n"
        }
        let lost = diff.rows(.lost).count
        let gained = diff.rows(.gained).count
        if diff.changes.isEmpty {
            out += "No row changes verdict.\n"
        } else {
            out +=
                "\(lost) lost, \(gained) gained, \(diff.changes.count - lost - gained) uncertain\n"
        }
        if let rule = diff.rule { out += "Note: \(rule).\n" }
        return out
    }

    /// The keys responsible for one change, in words.
    /// - Parameter row: The changed row.
    /// - Returns: `doesn't support required feature: gps` for a loss, `no longer requires: gps` for a gain.
    static func because(_ row: MatrixDiffRow) -> String {
        switch row.change {
        case .lost, .mayBeLost:
            if row.new == .excluded {
                return row.keys.map {
                    MatrixDiff.isPlatformKey($0.key) ? $0.reason : $0.playWording
                }.joined(separator: "; ")
            }
            return "the table does not say: " + row.keys.map(\.key).joined(separator: ", ")
        case .gained, .mayBeGained:
            return row.keys.map {
                ($0.required ? "no longer requires: " : "no longer excludes: ") + $0.key
            }
            .joined(separator: "; ")
        }
    }
}
