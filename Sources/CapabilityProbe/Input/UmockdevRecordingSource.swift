import Foundation

/// Device records from a `umockdev-record` file: `P:` blocks with `N: S: E: A: H: L:` lines.
///
/// Recordings carry sysfs attributes (`A:` text, `H:` hex binary), so deep facts such as
/// battery levels and EDIDs work offline. A recording describes the whole emulated machine,
/// so it counts as complete.
struct UmockdevRecordingSource: DeviceSource {
    /// The recording bytes, in memory or read from a file in pieces.
    let bytes: RecordBytes
    /// The file name used in messages and in ``SourceInfo/path``.
    let path: String

    /// Creates a source over recording bytes.
    /// - Parameters:
    ///   - data: The recording.
    ///   - path: The file name for messages.
    init(data: Data, path: String) {
        self.init(bytes: .data(data), path: path)
    }

    /// Creates a source over recording bytes in memory or in a file.
    /// - Parameters:
    ///   - bytes: The recording.
    ///   - path: The file name for messages.
    init(bytes: RecordBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Creates a source over recording text.
    /// - Parameters:
    ///   - text: The recording.
    ///   - path: The file name for messages.
    init(text: String, path: String) {
        self.init(data: Data(text.utf8), path: path)
    }

    /// Parses the recording; an odd line or record is skipped with a warning.
    /// - Returns: The inventory, with what was tolerated in its source's warnings.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` when no device record can be read.
    func inventory() throws(SourceError) -> DeviceInventory {
        var warnings = WarningLog()
        // The records' own warnings come after every line's, as when all lines were read
        // first: which ones are kept past the limit stays the same.
        var recordWarnings = WarningLog()
        var devices: [Device] = []
        let records = try RecordText.forEachRecord(
            bytes, path: path, kinds: .umockdev, warnings: &warnings
        ) {
            block in
            if let device = device(from: block, warnings: &recordWarnings) {
                devices.append(device)
            }
        }
        warnings.append(recordWarnings)
        guard !devices.isEmpty else {
            let first = warnings.kept.first { $0.reason.hasSuffix("record skipped") }
            throw .malformed(
                path: path, line: records == 0 ? nil : first?.line,
                reason: records == 0
                    ? "no 'P:' device record" : "no readable device record: \(first?.reason ?? "")")
        }
        DeviceTree.linkParents(in: &devices)
        let hasProperties = devices.contains { !$0.properties.isEmpty }
        let source = SourceInfo(
            kind: .umockdev, path: path, udevDatabase: hasProperties, attributes: true,
            complete: true, notes: ["umockdev recording: sysfs attributes as recorded, no ioctls"],
            warnings: warnings.inLineOrder, warningsOmitted: warnings.omitted)
        return DeviceInventory(
            source: source, machine: MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    private func device(from block: [RecordLine], warnings: inout WarningLog) -> Device? {
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
            guard let pair = RecordText.keyValue(line.value) else {
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
    static func unescape(_ value: String) -> String {
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
