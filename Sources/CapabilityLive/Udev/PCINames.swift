import CPCI

/// Owns a libpci `pci_access` for name look-ups (`pci_lookup_name`); freed in `deinit`.
package final class PCINames {
    private let access: UnsafeMutablePointer<pci_access>

    /// Wraps `pci_alloc` + `pci_init`; nil when libpci cannot be set up.
    package init?() {
        guard let access = pci_alloc() else { return nil }
        // Never reach the network for ids, and never die inside libpci.
        access.pointee.numeric_ids = 0
        pci_init(access)
        self.access = access
    }

    deinit { pci_cleanup(access) }

    /// The vendor name for a vendor id.
    package func vendor(_ vendor: UInt32) -> String? {
        lookup { capcheck_pci_vendor_name(access, $0, $1, vendor) }
    }

    /// The device name for a vendor and device id.
    package func device(_ vendor: UInt32, _ device: UInt32) -> String? {
        lookup { capcheck_pci_device_name(access, $0, $1, vendor, device) }
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
