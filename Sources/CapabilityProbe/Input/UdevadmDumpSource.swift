import Foundation

/// Device records from `udevadm info --export-db` text.
///
/// Reads every line kind (`P N S E L M R U T D I Q V`); unknown one-letter kinds are
/// tolerated. Dumps carry udev properties only, never sysfs attributes.
public struct UdevadmDumpSource: DeviceSource {
    /// The dump text.
    public let text: String
    /// The file name used in messages and in ``SourceInfo/path``.
    public let path: String

    /// Creates a source over dump text.
    /// - Parameters:
    ///   - text: The dump.
    ///   - path: The file name for messages.
    public init(text: String, path: String) {
        self.text = text
        self.path = path
    }

    /// Parses the dump.
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` naming the line.
    public func inventory() throws(SourceError) -> DeviceInventory {
        let blocks = try RecordText.blocks(text, path: path)
        guard !blocks.isEmpty else {
            throw .malformed(path: path, line: nil, reason: "no device records")
        }
        var devices: [Device] = []
        for block in blocks {
            devices.append(try device(from: block))
        }
        devices = DeviceTree.linkParents(devices)
        // Every Linux machine has the `mem` character devices (/dev/null, …); a dump
        // without them was filtered, so it cannot prove that anything is absent.
        let complete = devices.contains { $0.subsystem == "mem" }
        var notes = ["udev properties only: no sysfs attributes, no ioctls"]
        if !complete {
            notes.append(
                "partial dump (\(devices.count) records, no 'mem' devices): proves no absence")
        }
        let source = SourceInfo(
            kind: .udevadm, path: path, udevDatabase: true, attributes: false,
            complete: complete, notes: notes)
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
            case "P":
                throw .malformed(
                    path: path, line: line.number, reason: "second 'P:' line in one block")
            case "N":
                device.devnode = "/dev/" + line.value
            case "S":
                links.append(line.value)
            case "E":
                guard let (key, value) = RecordText.keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'E:' line without KEY=value")
                }
                device.properties[key] = value
            default:
                // L (link priority), M (sysname), R (sysnum), U (subsystem), T (devtype),
                // D (node type and numbers), I (network ifindex), Q (diskseq),
                // V (driver), and kinds newer udev may add.
                if line.kind == "U" && !line.value.isEmpty { device.subsystem = line.value }
                if line.kind == "T" && !line.value.isEmpty { device.devtype = line.value }
                if line.kind == "V" && !line.value.isEmpty { device.driver = line.value }
            }
        }
        device.links = links.sorted()
        device.subsystem = device.property("SUBSYSTEM") ?? device.subsystem
        device.devtype = device.property("DEVTYPE") ?? device.devtype
        device.driver = device.property("DRIVER") ?? device.driver
        if device.devnode == nil, let name = device.property("DEVNAME") {
            device.devnode = name.hasPrefix("/") ? name : "/dev/" + name
        }
        return device
    }
}
