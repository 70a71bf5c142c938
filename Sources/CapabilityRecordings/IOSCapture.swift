import CapabilitySupport
import CapabilityModel

/// What an iPhone or iPad said about itself through libimobiledevice: the outputs of
/// `ideviceinfo` and `ideviceinfo -q com.apple.mobile.battery` (`Key: Value` lines), in one
/// text file of sections after the line `## capcheck ios capture v1`.
///
/// `ProductType` (`iPhone15,2`) names the model, `ProductVersion` the installed OS; the
/// battery domain gives the level and state. Indented lines (the items of an array value)
/// are skipped; other odd lines are warnings with their line numbers. Only a file that does
/// not open with the header line is rejected.
public struct IOSCapture: Sendable, Hashable {
    /// The header line a capture opens with.
    public static let header = "## capcheck ios capture v1"

    /// The sections, in the order a capture writes them, with the `ideviceinfo` arguments of
    /// each (before `-u UDID`).
    public static let sections: [(name: String, arguments: [String])] = [
        ("ideviceinfo", []),
        ("ideviceinfo -q com.apple.mobile.battery", ["-q", "com.apple.mobile.battery"]),
    ]

    /// The device's values (`ideviceinfo`), nil without that section.
    public var values: [String: String]?
    /// The battery domain's values, nil without that section.
    public var battery: [String: String]?
    /// The odd lines that were tolerated, with their line numbers.
    public var warnings: [SourceWarning] = []

    /// `ProductType` (`iPhone15,2`).
    public var productType: String? { values?["ProductType"] }
    /// `ProductVersion` (`17.1.2`).
    public var productVersion: String? { values?["ProductVersion"] }
    /// `DeviceClass` (`iPhone`, `iPad`).
    public var deviceClass: String? { values?["DeviceClass"] }

    /// The battery level in percent (`BatteryCurrentCapacity`), if given.
    public var batteryPercent: Int? { battery?["BatteryCurrentCapacity"].flatMap { Int($0) } }

    /// The battery state as iOS's `UIDevice` reports it: full (`FullyCharged`), charging
    /// (`BatteryIsCharging`), unplugged (no `ExternalConnected`), else unknown.
    public var batteryState: BatteryState {
        guard let battery else { return .unknown }
        if battery["FullyCharged"] == "true" { return .full }
        if battery["BatteryIsCharging"] == "true" { return .charging }
        if battery["ExternalConnected"] == "false" { return .unplugged }
        return .unknown
    }

    /// Whether a text opens with the capture header (after blank lines).
    /// - Parameter text: The first bytes of a file.
    /// - Returns: True for an iOS capture.
    public static func looksLikeCapture(_ text: Substring) -> Bool {
        let first = text.split(whereSeparator: \.isNewline).first {
            !AndroidCapture.trimmed($0).isEmpty
        }
        return first.map { AndroidCapture.trimmed($0).hasPrefix("## capcheck ios capture") }
            ?? false
    }

    /// Reads a capture.
    /// - Parameter text: The whole file.
    /// - Throws: ``InputProblem`` when the file does not open with the header,
    ///   or names another version.
    public init(parsing text: String) throws(InputProblem) {
        var log = WarningLog()
        var section: String?
        var sawHeader = false
        var lineNumber = 0
        var values: [String: String] = [:]
        var battery: [String: String] = [:]
        var seen: Set<String> = []
        let known = Set(Self.sections.map(\.name))
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = AndroidCapture.trimmed(raw)
            if line.isEmpty { continue }
            if !sawHeader {
                try AndroidCapture.checkHeader(
                    line, kind: "ios", header: Self.header, number: lineNumber)
                sawHeader = true
                continue
            }
            if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4))
                section = known.contains(name) ? name : nil
                if section == nil {
                    log.add(line: lineNumber, "unknown section '\(name)': skipped")
                } else {
                    seen.insert(name)
                }
                continue
            }
            // The items of an array or dictionary value are indented: not the device's own.
            if raw.first?.isWhitespace == true { continue }
            guard let section else {
                log.add(line: lineNumber, "a line outside any known section: skipped")
                continue
            }
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
                log.add(line: lineNumber, "not a 'Key: Value' line: skipped")
                continue
            }
            let key = String(line[..<colon])
            let value = String(AndroidCapture.trimmed(line[line.index(after: colon)...]))
            if section == "ideviceinfo" {
                values[key] = value
            } else {
                battery[key] = value
            }
        }
        guard sawHeader else {
            throw AndroidCapture.notACapture(
                line: nil, "empty: not a capcheck ios capture ('\(Self.header)')")
        }
        self.values = seen.contains("ideviceinfo") ? values : nil
        self.battery = seen.contains(Self.sections[1].name) ? battery : nil
        self.warnings = log.inLineOrder
    }

    /// Writes a capture from the outputs, by section name, in ``sections`` order.
    /// - Parameter outputs: Each section's output; a section without one is left out.
    /// - Returns: The capture text.
    public static func text(outputs: [String: String]) -> String {
        var text = header + "\n"
        for (name, _) in sections {
            guard let output = outputs[name] else { continue }
            text += "### \(name)\n" + output
            if !output.isEmpty, !output.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    /// Whether an `ideviceinfo` key can identify the device or its owner: serial numbers,
    /// UDID and chip ids, IMEI and MEID, SIM and phone numbers, network and Bluetooth
    /// addresses, and the device's name (often its owner's).
    /// - Parameter key: The key (`SerialNumber`).
    /// - Returns: True when ``redacted(_:)`` removes its value.
    public static func identifies(key: String) -> Bool {
        let words = [
            "Serial", "UniqueDeviceID", "UniqueChipID", "ChipID", "DieID", "InternationalMobile",
            "MobileEquipmentIdentifier", "PhoneNumber", "Address", "DeviceName",
            "IntegratedCircuitCardIdentity", "MLB", "EthernetMacAddress",
        ]
        return words.contains { key.contains($0) }
    }

    /// A capture text with the values of identifying keys (``identifies(key:)``) replaced by
    /// `redacted`, indented values under them too.
    /// - Parameter text: A capture.
    /// - Returns: The redacted capture.
    public static func redacted(_ text: String) -> String {
        var lines: [Substring] = []
        var hiding = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.first?.isWhitespace == true {
                if !hiding { lines.append(line) }
                continue
            }
            hiding = false
            if !line.hasPrefix("#"), let colon = line.firstIndex(of: ":"),
                identifies(key: String(line[..<colon]))
            {
                lines.append(line[...colon] + " redacted")
                hiding = true
                continue
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
