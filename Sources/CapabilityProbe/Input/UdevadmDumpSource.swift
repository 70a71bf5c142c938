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
        try RecordText.device(from: block, path: path) { device, line throws(SourceError) in
            // L (link priority), M (sysname), R (sysnum), D (node type and numbers),
            // I (network ifindex), Q (diskseq), and kinds newer udev may add are skipped;
            // U, T and V hold what the properties may lack.
            guard !line.value.isEmpty else { return }
            switch line.kind {
            case "U": device.subsystem = line.value
            case "T": device.devtype = line.value
            case "V": device.driver = line.value
            default: break
            }
        }
    }
}
