import FoundationEssentials
import Synchronization
import CapabilityModel

/// Names recorded hardware from this machine's databases: a dump or recording that lacks
/// `ID_VENDOR_FROM_DATABASE`/`ID_MODEL_FROM_DATABASE` (old udev, umockdev, no udevd when
/// it was made) gets them from the hwdb (by `MODALIAS`, or `usb:vXXXXpYYYY` for a USB
/// device) and libpci (by `PCI_ID` or the `vendor`/`device` attributes), so the device listing
/// names its hardware as on the live machine.
///
/// Only `*_FROM_DATABASE` keys are added and never over a recorded value: other hwdb
/// properties (input, sensor and autosuspend quirks) would change what the recording says,
/// so they are left out. The source notes say how many devices were named this way.
public enum RecordedDeviceNames {
    /// Adds the missing database names.
    /// - Parameter inventory: A recorded inventory.
    /// - Returns: The inventory with names added (unchanged when no database is available).
    public static func enrich(_ inventory: consuming DeviceInventory) -> DeviceInventory {
        enrich(inventory, using: Databases())
    }

    /// Adds the missing database names from databases opened once for many recordings.
    /// - Parameters:
    ///   - inventory: A recorded inventory.
    ///   - databases: This machine's databases, kept open between calls.
    /// - Returns: The inventory with names added (unchanged when no database is available).
    public static func enrich(
        _ inventory: consuming DeviceInventory, using databases: Databases
    ) -> DeviceInventory {
        var inventory = inventory
        var named = 0
        databases.withOpened { hwdb, pci in
            guard hwdb != nil || pci != nil else { return }
            // In place: a record nothing else holds gains its names without being copied.
            inventory.updateDevices { device in
                let added = names(for: device, hwdb: hwdb, pci: pci)
                guard !added.isEmpty else { return }
                named += 1
                for (key, value) in added where device.propertyList[key] == nil {
                    device.propertyList[key] = value
                }
            }
        }
        guard named > 0 else { return inventory }
        inventory.source.notes.append(
            "names of \(named) devices from this machine's hwdb/libpci (the recording lacks them)")
        return inventory
    }

    /// This machine's hwdb and pci.ids, opened on first use and kept with the answers given
    /// so far: a `report` over 38 dumps reads pci.ids once, not once a dump (libpci loads the
    /// whole 1.3 MB list for its first name). Safe to share between threads (one lock).
    public final class Databases: @unchecked Sendable {
        private struct State {
            var opened = false
            var context: UdevContext?
            var hwdb: UdevHwdb?
            var pci: PCINames?
        }
        private let state = Mutex(State())

        /// Creates the holder; nothing is opened until the first recording needs names.
        public init() {}

        /// Runs `body` with the databases (opened the first time).
        func withOpened(_ body: (UdevHwdb?, PCINames?) -> Void) {
            state.withLock { state in
                if !state.opened {
                    state.opened = true
                    state.context = try? UdevContext()
                    state.hwdb = state.context.flatMap { try? UdevHwdb(context: $0) }
                    state.pci = PCINames()
                }
                body(state.hwdb, state.pci)
            }
        }
    }

    /// The `*_FROM_DATABASE` properties a device lacks, from the hwdb and libpci.
    package static func names(for device: Device, hwdb: UdevHwdb?, pci: PCINames?) -> [String:
        String]
    {
        var added: [String: String] = [:]
        func add(_ key: String, _ value: String?) {
            guard let value, !value.isEmpty, device.property(key) == nil, added[key] == nil else {
                return
            }
            added[key] = value
        }
        if let hwdb, let modalias = lookupKey(device) {
            for (key, value) in hwdb.properties(modalias: modalias)
            where key.hasSuffix("_FROM_DATABASE") {
                add(key, value)
            }
        }
        if let pci, device.is(.pci), let (vendor, product) = pciIDs(device) {
            add("ID_VENDOR_FROM_DATABASE", pci.vendor(vendor))
            add("ID_MODEL_FROM_DATABASE", pci.device(vendor, product))
        }
        return added
    }

    /// The hwdb key: the recorded `MODALIAS` (property or attribute), else `usb:vXXXXpYYYY`
    /// from a USB device's `PRODUCT` or `idVendor`/`idProduct`.
    static func lookupKey(_ device: Device) -> String? {
        if let modalias = device.property("MODALIAS") ?? device.attribute("modalias"),
            !modalias.isEmpty
        {
            return modalias
        }
        guard device.devtype == "usb_device" || device.is(.usb) else { return nil }
        var vendor: Int?
        var product: Int?
        if let text = device.property("PRODUCT") {
            let parts = text.split(separator: "/").compactMap { Int($0, radix: 16) }
            if parts.count >= 2 { (vendor, product) = (parts[0], parts[1]) }
        }
        if vendor == nil, let v = device.attribute("idVendor"),
            let p = device.attribute("idProduct")
        {
            (vendor, product) = (Int(v, radix: 16), Int(p, radix: 16))
        }
        guard let vendor, let product, (0...0xFFFF).contains(vendor), (0...0xFFFF).contains(product)
        else { return nil }
        return "usb:v" + hex4(vendor) + "p" + hex4(product)
    }

    /// PCI vendor and device ids from `PCI_ID` or the `vendor`/`device` attributes.
    static func pciIDs(_ device: Device) -> (UInt32, UInt32)? {
        if let ids = device.property("PCI_ID") {
            let parts = ids.split(separator: ":").compactMap { UInt32($0, radix: 16) }
            if parts.count == 2 { return (parts[0], parts[1]) }
        }
        func number(_ text: String?) -> UInt32? {
            guard var text else { return nil }
            if text.hasPrefix("0x") { text.removeFirst(2) }
            return UInt32(text, radix: 16)
        }
        guard let vendor = number(device.attribute("vendor")),
            let product = number(device.attribute("device"))
        else { return nil }
        return (vendor, product)
    }

    private static func hex4(_ value: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
