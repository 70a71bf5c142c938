import CUdev
import CapabilityModel

/// Owns a `udev_hwdb` (udev_hwdb_new(3)): names for modaliases without udevd.
package final class UdevHwdb {
    private let pointer: OpaquePointer
    private let context: UdevContext

    /// Wraps `udev_hwdb_new(3)`; fails when `/usr/lib/udev/hwdb.bin` is missing.
    package init(context: UdevContext) throws(UdevError) {
        guard let pointer = udev_hwdb_new(context.pointer) else {
            throw .call("udev_hwdb_new", .noSuchFile)
        }
        self.pointer = pointer
        self.context = context
    }

    deinit { udev_hwdb_unref(pointer) }

    /// `udev_hwdb_get_properties_list_entry` for a modalias.
    package func properties(modalias: String) -> [String: String] {
        var result: [String: String] = [:]
        let first = udev_hwdb_get_properties_list_entry(pointer, modalias, 0)
        for (name, value) in UdevContext.pairs(first) { result[name] = value ?? "" }
        return result
    }
}
