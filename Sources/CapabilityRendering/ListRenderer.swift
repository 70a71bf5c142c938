import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Renders a ``CapabilityReport`` as the human `capcheck list` table.
public enum ListRenderer {
    /// The widest line the details under a capability wrap to.
    static let detailsWidth = 120

    /// Renders the report.
    /// - Parameters:
    ///   - report: The classified machine.
    ///   - showDevices: Whether to append the per-device view.
    ///   - style: Plain text, or ANSI colours for the status column.
    ///   - width: The terminal's width, for a terminal only: the evidence, details, notes and
    ///     warnings wrap to it under their own column (a word longer than a line is cut);
    ///     nil (a pipe or a file) keeps each line whole and details at 120 characters.
    /// - Returns: Text; device strings are sanitised for terminals.
    public static func render(
        _ report: CapabilityReport, showDevices: Bool = false, style: TextStyle = .plain,
        width: Int? = nil
    ) -> String {
        var lines: [String] = []
        lines += TerminalWrap.hanging(
            "Machine   ", leadWidth: 10, machineLine(report), width: width)
        for note in report.source.notes {
            lines += TerminalWrap.hanging(
                "Note      ", leadWidth: 10, TerminalText.sanitize(note), width: width)
        }
        lines += warningLines(report.source, width: width)
        let idWidth = max(22, (report.capabilities.map { $0.id.rawValue.count }.max() ?? 0) + 2)
        // Each capability under its table group (``CapabilityID/Definition/group``).
        for group in CapabilityGroup.allCases {
            let members = report.capabilities.filter { $0.id.definition.group == group }
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append(group.title)
            lines.append(
                "  " + TerminalText.pad("Capability", idWidth) + TerminalText.pad("Status", 10)
                    + TerminalText.pad("#", 4) + "Evidence")
            for finding in members {
                let count = finding.status == .present ? String(finding.count) : ""
                let lead =
                    "  " + TerminalText.pad(finding.id.rawValue, idWidth)
                    + style.apply(
                        TerminalText.pad(finding.status.rawValue, 10),
                        TextStyle.role(finding.status)) + TerminalText.pad(count, 4)
                lines += TerminalWrap.hanging(
                    lead, leadWidth: idWidth + 16, summary(finding), width: width)
                var details = finding.details
                if !finding.evidence.isEmpty, let reason = details.removeValue(forKey: "reason") {
                    details["note"] = reason
                }
                let indent = "  " + TerminalText.pad("", idWidth + 14)
                let limit = min(detailsWidth, width ?? detailsWidth)
                let room = max(
                    width == nil ? 40 : TerminalWrap.minimumRoom, limit - indent.count)
                for line in DetailsText.lines(details) {
                    for part in DetailsText.wrap(line, width: room) {
                        let pieces = width == nil ? [part] : TerminalWrap.wrap(part, width: room)
                        lines += pieces.map { indent + $0 }
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
                lines += TerminalWrap.hanging(
                    "  ", leadWidth: 2, TerminalText.sanitize(device.id), width: width)
                lines += TerminalWrap.hanging(
                    "      ", leadWidth: 6, TerminalText.sanitize(parts.joined(separator: " · ")),
                    width: width)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many warnings the source has, then the first ``shownWarnings`` of them (wrapped
    /// to `width` under their column, when given).
    static func warningLines(_ source: SourceInfo, width: Int? = nil) -> [String] {
        let total = source.warningCount
        guard total > 0 else { return [] }
        var lines = TerminalWrap.hanging(
            "Warnings  ", leadWidth: 10,
            "\(total) about the input: tolerated, the rest of the machine was read", width: width)
        for warning in source.warnings.prefix(shownWarnings) {
            lines += TerminalWrap.hanging(
                "          ", leadWidth: 10, TerminalText.sanitize(warning.description),
                width: width)
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
        let name = machine.vendorAndModel ?? ""
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
    package static func summary(_ finding: CapabilityFinding) -> String {
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
        guard let subsystem = device.subsystemKind else { return false }
        return Subsystem.listed.contains(subsystem)
            && (device.devnode != nil || device.driver != nil || subsystem != .input)
    }

    static func displayName(_ device: Device) -> String? {
        device.property("ID_V4L_PRODUCT") ?? device.property("NAME").map {
            $0.trimming(.characters(in: "\""))
        }
            ?? device.attribute("name") ?? device.property("ID_MODEL_FROM_DATABASE")
            ?? device.property("ID_MODEL")
    }
}

/// Shows a finding's `details` in the human `capcheck list`: the numeric facts of the shared
/// contract first, then every other fact, then one line per listed device, radio or
/// controller. Device strings are sanitised; the device id paths are left to the device view.
package enum DetailsText {
    /// Detail keys shown first, in this order (the numeric facts of the shared contract, then
    /// states).
    static let leadingKeys = [
        "megapixels", "modes", "points", "scale", "dpi", "level", "state", "near", "bytes", "gib",
        "arch", "access",
    ]

    /// Keys never shown as facts: `reason` is the evidence column when there is no evidence
    /// (the list renders it as `note` otherwise), `device` is the record id (shown by
    /// the device view).
    static let hiddenKeys: Set<String> = ["reason", "device"]

    /// Keys that name an entry of a device list, best first.
    package static let nameKeys = ["name", "card", "connector", "phy", "model"]

    /// The lines under one finding: a facts line (if any), then one line per entry of every
    /// list of objects (`devices` first).
    /// - Parameter details: The finding's details.
    /// - Returns: Unindented, sanitised lines.
    package static func lines(_ details: [String: JSONValue]) -> [String] {
        var lines: [String] = []
        let scalarKeys = details.keys.filter {
            !hiddenKeys.contains($0) && !isObjectList(details[$0])
        }
        let ordered =
            leadingKeys.filter(scalarKeys.contains)
            + scalarKeys.filter { !leadingKeys.contains($0) }.sorted()
        let facts = ordered.compactMap { key in details[key].flatMap { fact(key, $0) } }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        let listKeys = details.keys.filter { isObjectList(details[$0]) }.sorted {
            ($0 == "devices" ? 0 : 1, $0) < ($1 == "devices" ? 0 : 1, $1)
        }
        for key in listKeys {
            for entry in details[key]?.arrayValue ?? [] {
                guard let object = entry.objectValue else { continue }
                let label = key == "devices" ? "" : key + ": "
                lines.append("- " + label + entryText(object))
            }
        }
        return lines.map(TerminalText.sanitize)
    }

    /// Splits a line at its ` · ` separators into lines of at most `width` terminal columns
    /// (a single longer part stays whole); continuation lines are indented by two spaces.
    /// - Parameters:
    ///   - line: One line from ``lines(_:)``.
    ///   - width: The widest line wanted.
    /// - Returns: One or more lines.
    package static func wrap(_ line: String, width: Int) -> [String] {
        var wrapped: [String] = []
        var current = ""
        for part in line.components(separatedBy: " · ") {
            if current.isEmpty {
                current = part
            } else if TerminalText.columns(current) + 3 + TerminalText.columns(part) <= width {
                current += " · " + part
            } else {
                wrapped.append(current)
                current = "  " + part
            }
        }
        wrapped.append(current)
        return wrapped
    }

    /// Whether a value is a non-empty array of objects (a device list).
    static func isObjectList(_ value: JSONValue?) -> Bool {
        guard let items = value?.arrayValue, !items.isEmpty else { return false }
        return items.allSatisfy { $0.objectValue != nil }
    }

    /// One device-list entry: its name (or the last component of its device id), then its
    /// other facts (`key value`, a `reason` included) in key order.
    static func entryText(_ object: [String: JSONValue]) -> String {
        let nameKey = nameKeys.first { object[$0]?.stringValue != nil }
        var parts: [String] = []
        if let nameKey, let name = object[nameKey]?.stringValue { parts.append(name) }
        if nameKey == nil, let device = object["device"]?.stringValue {
            parts.append(shortName(device))
        }
        for key in object.keys.sorted() where key != nameKey && key != "device" {
            if let value = object[key], let text = fact(key, value) { parts.append(text) }
        }
        return parts.joined(separator: " · ")
    }

    /// `key value`, with device paths in lists shortened to their last component; `nil` for
    /// an empty list or a null.
    package static func fact(_ key: String, _ value: JSONValue) -> String? {
        guard let text = valueText(value) else { return nil }
        return key + " " + text
    }

    /// A value in words: numbers rounded to two decimals, booleans `yes`/`no`, lists joined
    /// by commas, objects as `(key value, …)`.
    static func valueText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text):
            return text.hasPrefix("/devices/") ? shortName(text) : text
        case .int(let number):
            return String(number)
        case .double(let number):
            let rounded = (number * 100).rounded() / 100
            guard rounded.isFinite, rounded == rounded.rounded(), abs(rounded) < 1e15 else {
                return String(rounded)
            }
            return String(Int(rounded))
        case .bool(let flag):
            return flag ? "yes" : "no"
        case .array(let items):
            let texts = items.compactMap { item in
                item.objectValue.map { "(" + entryText($0) + ")" } ?? valueText(item)
            }
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        case .object(let object):
            let texts = object.keys.sorted().compactMap { key in
                object[key].flatMap { fact(key, $0) }
            }
            return texts.isEmpty ? nil : "(" + texts.joined(separator: ", ") + ")"
        case .null:
            return nil
        }
    }

    /// The last path component of a device id (`video0`, `card0-eDP-1`).
    static func shortName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
