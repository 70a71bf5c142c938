import CPCI

/// Owns a libpci `pci_access` for name look-ups (`pci_lookup_name`); freed in `deinit`.
///
/// libpci reads pci.ids into memory for its first look-up and, for an id the list lacks,
/// asks the hwdb itself (Debian's libpci is built with libudev: `pci:v%08Xd%08X*`, the key
/// `ID_MODEL_FROM_DATABASE`), so its answer is the name `lspci` prints.
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
    /// - Parameter vendor: The vendor id.
    package func vendor(_ vendor: UInt32) -> String? {
        lookup { capcheck_pci_vendor_name(access, $0, $1, vendor) }
    }

    /// The device name for a vendor and device id.
    /// - Parameters:
    ///   - vendor: The vendor id.
    ///   - device: The device id.
    package func device(_ vendor: UInt32, _ device: UInt32) -> String? {
        lookup { capcheck_pci_device_name(access, $0, $1, vendor, device) }
    }

    /// libpci's answer, or nil when it has no name (the shims ask for no numeric stand-in).
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
        guard let result, !result.isEmpty else { return nil }
        return result
    }
}
