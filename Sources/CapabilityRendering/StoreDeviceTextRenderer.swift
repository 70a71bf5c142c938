import CapabilityMatrix

/// Renders a store's verdict on one real device (a phone on the desk checked as Google Play
/// or the App Store does): a line naming the device, one line per unmet or undecided item
/// with its reason, the result's notes, and a closing line ended by what the caller does with
/// it (the CLI: its exit). Device strings are sanitised for terminals.
public enum StoreDeviceTextRenderer {
    /// Renders the verdict.
    /// - Parameters:
    ///   - result: A store filter's result with one row: the device.
    ///   - store: The store's name (`Google Play`, `the App Store`).
    ///   - facts: What the device line adds after the name (`SDK 34 · phone · arm64-v8a`).
    ///   - source: Where the device was read (`pixel7.capture`, `adb`).
    ///   - outcome: What the verdict leads to, after an arrow at the end (`exit 1`), if any.
    /// - Returns: Text with a final newline.
    public static func render(
        _ result: MatrixResult, store: String, facts: [String], source: String,
        outcome: String? = nil
    ) -> String {
        guard let row = result.rows.first else { return "no device\n" }
        var lines = [
            "Device   "
                + ([row.name] + facts + ["from " + source]).map(TerminalText.sanitize).joined(
                    separator: " · ")
        ]
        let issues =
            row.failing.map { ("✘", $0) } + row.unknown.map { ("?", $0) }
        let width = min(48, (issues.map { TerminalText.sanitize($0.1.key).count }.max() ?? 0) + 2)
        for (mark, issue) in issues {
            lines.append(
                mark + " " + TerminalText.pad(TerminalText.sanitize(issue.key) + " ", width)
                    + TerminalText.sanitize(issue.reason))
        }
        for note in result.notes ?? [] {
            lines.append("note: " + TerminalText.sanitize(note))
        }
        let app = TerminalText.sanitize(result.manifest ?? "the app")
        let closing: String
        switch row.verdict {
        case .eligible:
            closing = "✔ \(store) offers \(app) to this device"
        case .excluded:
            let count = row.failing.count
            closing =
                "\(store) does not offer \(app) to this device: \(count) unmet"
                + (row.unknown.isEmpty ? "" : ", \(row.unknown.count) undecided")
        case .undecided:
            closing =
                "\(store) may or may not offer \(app) to this device: "
                + "\(row.unknown.count) undecided"
        }
        lines.append(closing + (outcome.map { " → " + $0 } ?? ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
