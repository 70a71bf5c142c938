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
        guard let first = block.first else {
            throw .malformed(path: path, line: nil, reason: "empty block")
        }
        let id = RecordText.devpath(first.value)
        guard id.hasPrefix("/") else {
            throw .malformed(
                path: path, line: first.number,
                reason: "'P:' must hold a device path starting with '/'")
        }
        var device = Device(id: id)
        var links: [String] = []
        for line in block.dropFirst() {
            switch line.kind {
            case "N":
                // `N: bus/usb/001/011=<hex contents>`: the node name, then optional contents.
                let name = line.value.split(separator: "=", maxSplits: 1).first.map(String.init)
                if let name, !name.isEmpty { device.devnode = "/dev/" + name }
            case "S":
                links.append(line.value)
            case "E":
                guard let (key, value) = RecordText.keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'E:' line without KEY=value")
                }
                device.properties[key] = value
            case "A":
                guard let (key, value) = RecordText.keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'A:' line without name=value")
                }
                device.attributes[key] = Self.unescape(value)
            case "H":
                guard let (key, hex) = RecordText.keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'H:' line without name=hex")
                }
                guard let data = Self.hexData(hex) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'H: \(key)' is not hexadecimal")
                }
                device.binaryAttributes[key] = data
            case "L":
                guard let (key, target) = RecordText.keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'L:' line without name=target")
                }
                if key == "driver", let name = target.split(separator: "/").last {
                    device.driver = String(name)
                }
            case "P":
                throw .malformed(
                    path: path, line: line.number, reason: "second 'P:' line in one block")
            default:
                break
            }
        }
        device.links = links.sorted()
        device.subsystem = device.property("SUBSYSTEM")
        device.devtype = device.property("DEVTYPE")
        device.driver = device.driver ?? device.property("DRIVER")
        if device.devnode == nil, let name = device.property("DEVNAME") {
            device.devnode = name.hasPrefix("/") ? name : "/dev/" + name
        }
        if let uevent = device.attributes["uevent"] {
            // Some recordings keep the kernel uevent only as an attribute.
            for line in uevent.split(separator: "\n") {
                if let (key, value) = RecordText.keyValue(String(line)),
                    device.properties[key] == nil,
                    ["SUBSYSTEM", "DEVTYPE", "DRIVER", "DEVNAME"].contains(key)
                {
                    if key == "DEVTYPE" && device.devtype == nil { device.devtype = value }
                    if key == "DRIVER" && device.driver == nil { device.driver = value }
                }
            }
        }
        return device
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
