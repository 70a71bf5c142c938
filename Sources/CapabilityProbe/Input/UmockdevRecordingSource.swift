import Foundation

/// Device records from a `umockdev-record` file: `P:` blocks with `N: S: E: A: H: L:` lines.
///
/// Recordings carry sysfs attributes (`A:` text, `H:` hex binary), so deep facts such as
/// battery levels and EDIDs work offline. A recording describes the whole emulated machine,
/// so it counts as complete.
public struct UmockdevRecordingSource: DeviceSource {
    /// The recording text.
    public let text: String
    /// The file name used in messages and in ``SourceInfo/path``.
    public let path: String

    /// Creates a source over recording text.
    /// - Parameters:
    ///   - text: The recording.
    ///   - path: The file name for messages.
    public init(text: String, path: String) {
        self.text = text
        self.path = path
    }

    /// Parses the recording.
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` naming the line.
    public func inventory() throws(SourceError) -> DeviceInventory {
        let blocks = try RecordText.blocks(text, path: path)
        guard !blocks.isEmpty else {
            throw .malformed(path: path, line: nil, reason: "no device records")
        }
        var devices: [Device] = []
        for block in blocks { devices.append(try device(from: block)) }
        devices = DeviceTree.linkParents(devices)
        let hasProperties = devices.contains { !$0.properties.isEmpty }
        let source = SourceInfo(
            kind: .umockdev, path: path, udevDatabase: hasProperties, attributes: true,
            complete: true, notes: ["umockdev recording: sysfs attributes as recorded, no ioctls"])
        return DeviceInventory(
            source: source, machine: MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    private func device(from block: [RecordLine]) throws(SourceError) -> Device {
        var device = try RecordText.device(from: block, path: path) {
            device, line throws(SourceError) in
            try read(line, into: &device)
        }
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

    /// The recording's own line kinds: `A:` text and `H:` hex attributes, `L:` links.
    private func read(_ line: RecordLine, into device: inout Device) throws(SourceError) {
        func split(_ what: String) throws(SourceError) -> (String, String) {
            guard let pair = RecordText.keyValue(line.value) else {
                throw .malformed(
                    path: path, line: line.number, reason: "'\(line.kind):' line without \(what)")
            }
            return pair
        }
        switch line.kind {
        case "A":
            let (key, value) = try split("name=value")
            device.attributes[key] = Self.unescape(value)
        case "H":
            let (key, hex) = try split("name=hex")
            guard let data = Self.hexData(hex) else {
                throw .malformed(
                    path: path, line: line.number, reason: "'H: \(key)' is not hexadecimal")
            }
            device.binaryAttributes[key] = data
        case "L":
            let (key, target) = try split("name=target")
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
