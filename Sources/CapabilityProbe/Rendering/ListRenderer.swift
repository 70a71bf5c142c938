/// Renders a ``CapabilityReport`` as the human `capcheck list` table.
public enum ListRenderer {
    /// Capability groups, in display order, by id prefix.
    static let groups: [(title: String, prefixes: [String])] = [
        ("Cameras", ["camera"]),
        ("Audio", ["audio"]),
        ("Location and sensors", ["location", "sensor"]),
        ("Radios", ["net", "bluetooth", "cellular", "nfc"]),
        ("Input and output", ["input", "haptics", "display", "gpu"]),
        ("Power", ["power"]),
        ("System", ["cpu", "memory"]),
    ]

    /// The widest line the details under a capability wrap to.
    static let detailsWidth = 120

    /// Renders the report.
    /// - Parameters:
    ///   - report: The classified machine.
    ///   - showDevices: Whether to append the per-device view.
    ///   - style: Plain text, or ANSI colours for the status column.
    /// - Returns: Text; device strings are sanitised for terminals.
    public static func render(
        _ report: CapabilityReport, showDevices: Bool = false, style: TextStyle = .plain
    ) -> String {
        var lines: [String] = []
        lines.append("Machine   " + machineLine(report))
        for note in report.source.notes { lines.append("Note      " + TerminalText.sanitize(note)) }
        lines += warningLines(report.source)
        let idWidth = max(22, (report.capabilities.map { $0.id.rawValue.count }.max() ?? 0) + 2)
        var seen: Set<CapabilityID> = []
        for group in groups + [("Other", [])] {
            let members = report.capabilities.filter { finding in
                guard !seen.contains(finding.id) else { return false }
                let prefix = finding.id.rawValue.prefix { $0 != "." }
                return group.1.isEmpty || group.1.contains(String(prefix))
            }
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append(group.0)
            lines.append(
                "  " + TerminalText.pad("Capability", idWidth) + TerminalText.pad("Status", 10)
                    + TerminalText.pad("#", 4) + "Evidence")
            for finding in members {
                seen.insert(finding.id)
                let count = finding.status == .present ? String(finding.count) : ""
                lines.append(
                    "  " + TerminalText.pad(finding.id.rawValue, idWidth)
                        + style.apply(
                            TerminalText.pad(finding.status.rawValue, 10),
                            TextStyle.role(finding.status)) + TerminalText.pad(count, 4)
                        + summary(finding))
                var details = finding.details
                if !finding.evidence.isEmpty, let reason = details.removeValue(forKey: "reason") {
                    details["note"] = reason
                }
                let indent = "  " + TerminalText.pad("", idWidth + 14)
                for line in DetailsText.lines(details) {
                    for part in DetailsText.wrap(line, width: max(40, detailsWidth - indent.count))
                    {
                        lines.append(indent + part)
                    }
                }
            }
        }
        if showDevices {
            lines.append("")
            lines.append("Devices")
            for device in report.devices where isInteresting(device) {
                var parts = [device.subsystem ?? "?"]
                if let devtype = device.devtype { parts.append(devtype) }
                if let driver = device.driver { parts.append("driver " + driver) }
                if let node = device.devnode { parts.append(node) }
                if let name = displayName(device) { parts.append(name) }
                lines.append("  " + TerminalText.sanitize(device.id))
                lines.append("      " + TerminalText.sanitize(parts.joined(separator: " · ")))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many warnings the source has, then the first ``shownWarnings`` of them.
    static func warningLines(_ source: SourceInfo) -> [String] {
        let total = source.warningCount
        guard total > 0 else { return [] }
        var lines = [
            "Warnings  \(total) about the input: tolerated, the rest of the machine was read"
        ]
        for warning in source.warnings.prefix(shownWarnings) {
            lines.append("          " + TerminalText.sanitize(warning.description))
        }
        if total > shownWarnings { lines.append("          … \(total - shownWarnings) more") }
        return lines
    }

    /// How many warnings the text output lists one by one.
    static let shownWarnings = 3

    /// `vendor model · OS · arch · source: …`.
    static func machineLine(_ report: CapabilityReport) -> String {
        let machine = report.machine
        var parts: [String] = []
        let name = [machine.vendor, machine.model].compactMap { $0 }.joined(separator: " ")
        if name.isEmpty {
            // No DMI or device-tree model (VMs without SMBIOS, most dumps of boards).
            parts.append(machine.hostname.map { "host \($0) (no DMI model)" } ?? "unknown machine")
        } else {
            parts.append(name)
        }
        if let os = machine.os { parts.append(os) }
        if let arch = machine.arch { parts.append(arch) }
        var source = "source: " + report.source.kind.rawValue
        if let path = report.source.path { source += " " + path }
        if report.source.kind == .live {
            source += report.source.udevDatabase ? " (udev database)" : " (no udev database)"
        }
        parts.append(source)
        return TerminalText.sanitize(parts.joined(separator: " · "))
    }

    /// The short evidence column: reasons of the first evidence items.
    static func summary(_ finding: CapabilityFinding) -> String {
        let reasons = finding.evidence.map(\.reason)
        var unique: [String] = []
        for reason in reasons where !unique.contains(reason) { unique.append(reason) }
        guard let first = unique.first else {
            return TerminalText.sanitize(finding.details["reason"]?.stringValue ?? "")
        }
        let more = unique.count > 2 ? " (+\(unique.count - 2) more)" : ""
        let text = unique.count > 1 ? first + "; " + unique[1] + more : first
        return TerminalText.sanitize(text)
    }

    static func isInteresting(_ device: Device) -> Bool {
        guard let subsystem = device.subsystem else { return false }
        return [
            "video4linux", "sound", "input", "iio", "net", "bluetooth", "ieee80211", "wwan", "gnss",
            "nfc", "power_supply", "drm", "rfkill", "usbmisc", "leds", "pci",
        ].contains(subsystem)
            && (device.devnode != nil || device.driver != nil || subsystem != "input")
    }

    static func displayName(_ device: Device) -> String? {
        device.property("ID_V4L_PRODUCT") ?? device.property("NAME").map {
            $0.trimmingCharacters(in: ["\""])
        }
            ?? device.attribute("name") ?? device.property("ID_MODEL_FROM_DATABASE")
            ?? device.property("ID_MODEL")
    }
}
