import CapabilityModel

/// Whether recorded devices can be a whole machine: the rule every recorded source shares
/// before it may prove a capability absent. A recording that lacks a whole bus the machine
/// must have was filtered, and what it does not hold proves nothing.
///
/// - The `mem` class (`/dev/null`, `/dev/zero`, …): the kernel creates it on every machine, and
///   `udevadm info --export-db` lists every device, so a dump without it was cut. A umockdev
///   recording holds the devices its author named and their parents by design (a testbed), so
///   it is not held to this one.
/// - The PCI tree: ACPI firmware (a device in the ACPI namespace, `/devices/LNXSYSTM:00/…`, or
///   an ACPI-enumerated platform device such as `PNP0C0A:00`) or SMBIOS (`/devices/virtual/dmi/id`)
///   is a PC-class machine's, and such a machine's GPU, sound, USB, Wi-Fi and camera hang off
///   a PCI host bridge. Recorded ACPI or SMBIOS devices without a single PCI device mean the
///   PCI tree was left out.
package enum MachineCoverage {
    /// Why the records cannot be the whole machine, one reason a missing bus; empty when they
    /// can be.
    /// - Parameters:
    ///   - devices: The records, in any order.
    ///   - listsEveryDevice: Whether the format lists every device of the machine (a udevadm
    ///     dump), so that the `mem` class must be there.
    /// - Returns: The reasons, in words (`no 'mem' devices`, …).
    package static func gaps(_ devices: [Device], listsEveryDevice: Bool) -> [String] {
        var gaps: [String] = []
        if listsEveryDevice, !devices.contains(where: { $0.is(.mem) }) {
            gaps.append("no 'mem' devices")
        }
        let hasPCI = devices.contains { $0.id.hasPrefix("/devices/pci") || $0.is(.pci) }
        if !hasPCI, let firmware = devices.lazy.compactMap(pcClassFirmware).first {
            gaps.append(
                "no PCI devices while \(firmware) is recorded, and an ACPI or SMBIOS machine has "
                    + "a PCI tree")
        }
        return gaps
    }

    /// What in a record shows ACPI or SMBIOS firmware: the DMI record, or the first device of
    /// its path in the ACPI namespace or named by an ACPI or PNP id (`PNP0C0A:00`,
    /// `ACPI0003:00`, `INT33D5:00`).
    /// - Parameter device: A record.
    /// - Returns: `SMBIOS (the DMI record)` or `ACPI device NAME`; nil for other records.
    static func pcClassFirmware(_ device: Device) -> String? {
        if device.id == "/devices/virtual/dmi/id" { return "SMBIOS (the DMI record)" }
        let parts = device.id.split(separator: "/")
        if let name = parts.first(where: { isACPIName($0) }) { return "ACPI device \(name)" }
        if parts.count > 1, parts[1].hasPrefix("LNXSYSTM:") { return "ACPI device \(parts[1])" }
        return nil
    }

    /// An ACPI or PNP device name with its instance: three or four capitals or digits, four
    /// hex digits, a colon and two hex digits (`PNP0A08:00`, `ACPI0003:00`, `WACF2200:00`).
    static func isACPIName(_ name: Substring) -> Bool {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy(\.isHexDigit),
            parts[0].count == 7 || parts[0].count == 8
        else { return false }
        let id = parts[0]
        let prefix = id.prefix(id.count - 4)
        return prefix.allSatisfy { ($0.isUppercase && $0.isASCII) || $0.isNumber }
            && prefix.first?.isLetter == true && id.suffix(4).allSatisfy(\.isHexDigit)
            && id.suffix(4).allSatisfy { !$0.isLowercase }
    }
}
