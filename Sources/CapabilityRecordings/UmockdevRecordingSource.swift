import FoundationEssentials
import CapabilityModel

/// Device records from a `umockdev-record` file: `P:` blocks with `N: S: E: A: H: L:` lines.
///
/// Recordings carry sysfs attributes (`A:` text, `H:` hex binary), so deep facts such as
/// battery levels and EDIDs work offline. A recording describes the whole emulated machine,
/// so it counts as complete, unless it lacks a whole bus the recorded machine must have
/// (``MachineCoverage``: ACPI or SMBIOS firmware without a PCI tree), which makes it partial.
package struct UmockdevRecordingSource: RecordTextSource {
    /// The recording bytes, in memory or read from a file in pieces.
    package let bytes: RecordBytes
    /// The file name used in messages and in ``SourceInfo/path``.
    package let path: String

    /// A reader of the recording in `bytes`.
    /// - Parameters:
    ///   - bytes: The recording bytes.
    ///   - path: The file name used in messages.
    package init(bytes: RecordBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Parses the recording; an odd line or record is skipped with a warning.
    /// - Returns: The inventory, with what was tolerated in its source's warnings.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` when no device record can be read.
    package func inventory() throws(SourceError) -> DeviceInventory {
        var warnings = WarningLog()
        let devices = try linkedDevices(warnings: &warnings)
        let hasProperties = devices.contains { !$0.properties.isEmpty }
        // The dumps' rule: a recording without a whole bus its machine must have proves
        // nothing absent.
        let gaps = MachineCoverage.gaps(devices, listsEveryDevice: false)
        var notes = ["umockdev recording: sysfs attributes as recorded, no ioctls"]
        if !gaps.isEmpty {
            notes.append(
                "partial recording (\(devices.count) records, \(gaps.joined(separator: "; "))): "
                    + "proves no absence")
        }
        let source = SourceInfo(
            kind: .umockdev, path: path, udevDatabase: hasProperties, attributes: true,
            complete: gaps.isEmpty, notes: notes,
            warnings: warnings.inLineOrder, warningsOmitted: warnings.omitted)
        return DeviceInventory(
            source: source, machine: MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    /// The line kinds of the format.
    package static let kinds = RecordKinds.umockdev

    package func device(from block: [RecordLine], warnings: inout WarningLog) -> Device? {
        guard
            var device = RecordText.device(
                from: block, warnings: &warnings,
                other: { device, line, warnings in Self.read(line, into: &device, &warnings) })
        else { return nil }
        if let uevent = device.attributes["uevent"] {
            // Some recordings keep the kernel uevent only as an attribute.
            for line in uevent.split(separator: "\n") {
                guard let (key, value) = RecordText.keyValue(String(line)) else { continue }
                if key == "DEVTYPE" && device.devtype == nil { device.devtype = value }
                if key == "DRIVER" && device.driver == nil { device.driver = value }
            }
        }
        return device
    }

    /// The recording's own line kinds: `A:` text and `H:` hex attributes, `L:` links; a line
    /// that does not hold what its kind needs is skipped with a warning.
    private static func read(
        _ line: RecordLine, into device: inout Device, _ warnings: inout WarningLog
    ) {
        func split(_ what: String) -> (String, String)? {
            guard let pair = line.pair else {
                warnings.add(line: line.number, "'\(line.kindText)' line without \(what): skipped")
                return nil
            }
            return pair
        }
        switch line.kind {
        case UInt8(ascii: "A"):
            guard let (key, value) = split("name=value") else { return }
            device.attributes[key] = unescape(value)
        case UInt8(ascii: "H"):
            guard let (key, hex) = split("name=hex") else { return }
            guard let data = hexData(hex) else {
                warnings.add(line: line.number, "'H: \(key)' is not hexadecimal: skipped")
                return
            }
            device.binaryAttributes[key] = data
        case UInt8(ascii: "L"):
            guard let (key, target) = split("name=target") else { return }
            let name = target.split(separator: "/").last.map(String.init)
            if key == "driver" { device.driver = name }
            if key == "subsystem", device.subsystem == nil { device.subsystem = name }
        default:
            break
        }
    }

    /// Undoes umockdev's escaping of attribute values (`\n`, `\\`, `\t`).
    package static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var out = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\\": out.append("\\")
                default: out.append("\\"); out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Decodes hex text (white space ignored); nil when it is not hex.
    static func hexData(_ hex: String) -> Data? {
        var bytes: [UInt8] = []
        var high: UInt8?
        for scalar in hex.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" { continue }
            guard let nibble = UInt8(String(scalar), radix: 16) else { return nil }
            if let value = high {
                bytes.append(value << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard high == nil else { return nil }
        return Data(bytes)
    }
}
