import FoundationEssentials
import CapabilityModel

/// Device records from `udevadm info --export-db` text.
///
/// Reads every line kind udevadm writes (`P M R J U T D I N L S Q B V E G`); what is odd in a
/// real dump (continuation lines, unknown kinds, CR LF, …) is tolerated and listed in
/// ``SourceInfo/warnings``. Dumps carry udev properties only, never sysfs attributes.
package struct UdevadmDumpSource: RecordTextSource {
    /// The dump bytes, in memory or read from a file in pieces.
    package let bytes: RecordBytes
    /// The file name used in messages and in ``SourceInfo/path``.
    package let path: String

    /// A reader of the dump in `bytes`.
    /// - Parameters:
    ///   - bytes: The dump bytes.
    ///   - path: The file name used in messages.
    package init(bytes: RecordBytes, path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// Parses the dump.
    /// - Returns: The inventory, with what was tolerated in its source's warnings.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` when no device record can be read.
    package func inventory() throws(SourceError) -> DeviceInventory {
        var warnings = WarningLog()
        let devices = try linkedDevices(warnings: &warnings)
        // A dump without a whole bus the machine must have (the `mem` class every kernel
        // creates, the PCI tree of an ACPI machine) was filtered: it proves nothing absent.
        let gaps = MachineCoverage.gaps(devices, listsEveryDevice: true)
        let complete = gaps.isEmpty
        var notes = ["udev properties only: no sysfs attributes, no ioctls"]
        if !complete {
            notes.append(
                "partial dump (\(devices.count) records, \(gaps.joined(separator: "; "))): "
                    + "proves no absence")
        }
        let source = SourceInfo(
            kind: .udevadm, path: path, udevDatabase: true, attributes: false,
            complete: complete, notes: notes, warnings: warnings.inLineOrder,
            warningsOmitted: warnings.omitted)
        return DeviceInventory(
            source: source, machine: MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    /// The line kinds of the format.
    package static let kinds = RecordKinds.udevadm

    package func device(from block: [RecordLine], warnings: inout WarningLog) -> Device? {
        RecordText.device(from: block, warnings: &warnings) { device, line, _ in
            // L (link priority), M (sysname), R (sysnum), J (device id), D (node type and
            // numbers), I (network ifindex), Q/B (diskseq) and G (tags) are skipped; U, T and
            // V hold what the properties may lack.
            guard !line.value.isEmpty else { return }
            switch line.kind {
            case UInt8(ascii: "U"): device.subsystem = line.value
            case UInt8(ascii: "T"): device.devtype = line.value
            case UInt8(ascii: "V"): device.driver = line.value
            default: break
            }
        }
    }
}
