import CPCI

/// Owns a libpci `pci_access` for name look-ups (`pci_lookup_name`); freed in `deinit`.
///
/// libpci reads all of pci.ids into memory for its first look-up; until it has, an id is
/// first looked for in the file line by line (``PCIIDsListing``), and libpci is asked only
/// when the file lists it. For an id the file lacks, libpci would answer from the hwdb
/// (`pci:v%08Xd%08X*`, the key `ID_MODEL_FROM_DATABASE`; `pci:v%08X*` and
/// `ID_VENDOR_FROM_DATABASE` for a vendor): that look-up is made here instead, so the name is
/// the one libpci gives (the hwdb is often newer than pci.ids).
package final class PCINames {
    private let access: UnsafeMutablePointer<pci_access>
    /// libpci's list, read line by line while libpci has not loaded it (nil: compressed).
    private let listing: PCIIDsListing?
    /// Whether libpci has been asked for an id, and so has loaded its list.
    private var loaded = false

    /// Wraps `pci_alloc` + `pci_init`; nil when libpci cannot be set up.
    package init?() {
        guard let access = pci_alloc() else { return nil }
        // Never reach the network for ids, and never die inside libpci.
        access.pointee.numeric_ids = 0
        pci_init(access)
        self.access = access
        self.listing = access.pointee.id_file_name.flatMap {
            PCIIDsListing.read(byLibpci: String(cString: $0))
        }
    }

    deinit { pci_cleanup(access) }

    /// The vendor name for a vendor id.
    /// - Parameters:
    ///   - vendor: The vendor id.
    ///   - hwdb: The hwdb libpci would fall back to, for an id pci.ids lacks.
    package func vendor(_ vendor: UInt32, hwdb: UdevHwdb?) -> String? {
        guard mayName(vendor: vendor, device: nil) else {
            return Self.hwdbName(
                hwdb, modalias: "pci:v\(Self.hex(vendor))*", key: "ID_VENDOR_FROM_DATABASE")
        }
        return lookup { capcheck_pci_vendor_name(access, $0, $1, vendor) }
    }

    /// The device name for a vendor and device id.
    /// - Parameters:
    ///   - vendor: The vendor id.
    ///   - device: The device id.
    ///   - hwdb: The hwdb libpci would fall back to, for an id pci.ids lacks.
    package func device(_ vendor: UInt32, _ device: UInt32, hwdb: UdevHwdb?) -> String? {
        guard mayName(vendor: vendor, device: device) else {
            return Self.hwdbName(
                hwdb, modalias: "pci:v\(Self.hex(vendor))d\(Self.hex(device))*",
                key: "ID_MODEL_FROM_DATABASE")
        }
        return lookup { capcheck_pci_device_name(access, $0, $1, vendor, device) }
    }

    /// libpci's hwdb answer: the key's value for the modalias, if not empty.
    private static func hwdbName(_ hwdb: UdevHwdb?, modalias: String, key: String) -> String? {
        guard let value = hwdb?.properties(modalias: modalias)[key], !value.isEmpty else {
            return nil
        }
        return value
    }

    /// Eight upper-case hex digits, as libpci writes an id into a modalias (`%08X`).
    private static func hex(_ id: UInt32) -> String {
        let digits = String(id, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// Whether libpci may have a name for the id: always once it has loaded its list, else
    /// when the file lists the id (or cannot be read here, when libpci says what it can).
    private func mayName(vendor: UInt32, device: UInt32?) -> Bool {
        guard !loaded else { return true }
        if let listing, listing.lists(vendor: vendor, device: device) == false { return false }
        loaded = true
        return true
    }

    private func lookup(_ call: (UnsafeMutablePointer<CChar>, Int) -> UnsafePointer<CChar>?)
        -> String?
    {
        var buffer = [CChar](repeating: 0, count: 256)
        let result = buffer.withUnsafeMutableBufferPointer { pointer -> String? in
            guard let base = pointer.baseAddress, let name = call(base, pointer.count) else {
                return nil
            }
            return String(cString: name)
        }
        guard let result, !result.isEmpty, !result.hasPrefix("Unknown"),
            !result.hasPrefix("Device ")
        else {
            return nil
        }
        return result
    }
}
