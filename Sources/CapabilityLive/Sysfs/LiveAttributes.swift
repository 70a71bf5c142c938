import CapabilityModel

/// What the live reader copies from sysfs into a record: the attributes the probers use,
/// and the names the hwdb and libpci give a device udevd did not name.
package enum LiveAttributes {
    /// Top-level sysfs attributes copied into each record when the device has them: the
    /// generic ones and the DMI identity here, and every subsystem's
    /// ``Subsystem/sysfsAttributes`` (from a device of any subsystem, as a USB interface's
    /// `interface` names a device whose function another subsystem has).
    package static let names: Set<String> = Set(
        [
            "name", "type", "label", "location", "modalias", "removable", "index", "product",
            "manufacturer", "number", "id",
            // dmi (`/sys/class/dmi/id`)
            "sys_vendor", "product_name", "product_version", "product_family", "board_vendor",
            "board_name", "chassis_type", "bios_version", "bios_vendor", "bios_release",
            "product_sku",
        ] + Subsystem.allCases.flatMap { $0.sysfsAttributes.filter { !$0.contains("/") } })

    /// Attributes in subdirectories, read when the subsystem matches: each subsystem's
    /// ``Subsystem/sysfsAttributes`` with a slash.
    package static let nested: [Subsystem: [String]] = Dictionary(
        uniqueKeysWithValues: Subsystem.allCases.compactMap { subsystem in
            let paths = subsystem.sysfsAttributes.filter { $0.contains("/") }
            return paths.isEmpty ? nil : (subsystem, paths)
        })

    /// Without udevd there are no `*_FROM_DATABASE` names: asks the hwdb for the modalias,
    /// then libpci for a PCI function's vendor and device (`pci` is called only then, so
    /// libpci loads pci.ids only when the hwdb lacks a name).
    package static func addNames(
        to properties: inout [String: String], attributes: [String: String], subsystem: Subsystem?,
        hwdb: UdevHwdb?, pci: () -> PCINames?
    ) {
        if let modalias = properties["MODALIAS"] ?? attributes["modalias"], let hwdb {
            for (key, value) in hwdb.properties(modalias: modalias) where properties[key] == nil {
                properties[key] = value
            }
        }
        guard subsystem == .pci, let ids = properties["PCI_ID"] else { return }
        let parts = ids.split(separator: ":").compactMap { UInt32($0, radix: 16) }
        guard parts.count == 2 else { return }
        if properties["ID_VENDOR_FROM_DATABASE"] == nil,
            let name = pci()?.vendor(parts[0])
        {
            properties["ID_VENDOR_FROM_DATABASE"] = name
        }
        if properties["ID_MODEL_FROM_DATABASE"] == nil,
            let name = pci()?.device(parts[0], parts[1])
        {
            properties["ID_MODEL_FROM_DATABASE"] = name
        }
    }

    /// IIO channel attributes (`in_accel_x_raw`, …) and sensor-ish names probers use.
    package static func isSensorAttribute(_ name: String, _ subsystem: Subsystem?) -> Bool {
        subsystem == .iio && (name.hasPrefix("in_") || name == "sampling_frequency")
    }
}
