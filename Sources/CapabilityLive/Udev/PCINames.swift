import CPCI

/// Owns a libpci `pci_access` for name look-ups (`pci_lookup_name`); freed in `deinit`.
///
/// libpci reads all of pci.ids into memory for its first look-up; until it has, an id is
/// first looked for in the file line by line (``PCIIDsListing``), and libpci is asked only
/// when the file lists it. An id the file lacks has no name from libpci either (the hwdb,
/// which libpci also asks, was asked before this).
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
    package func vendor(_ vendor: UInt32) -> String? {
        guard mayName(vendor: vendor, device: nil) else { return nil }
        return lookup { capcheck_pci_vendor_name(access, $0, $1, vendor) }
    }

    /// The device name for a vendor and device id.
    package func device(_ vendor: UInt32, _ device: UInt32) -> String? {
        guard mayName(vendor: vendor, device: device) else { return nil }
        return lookup { capcheck_pci_device_name(access, $0, $1, vendor, device) }
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
