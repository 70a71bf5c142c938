import CapabilitySupport
import CUdev
import CapabilityModel
import Glibc

/// Owns a `struct udev` (udev_new(3)); freed in `deinit`. Not thread-safe: use on one thread.
package final class UdevContext {
    let pointer: OpaquePointer

    /// Wraps `udev_new(3)`.
    package init() throws(SourceError) {
        guard let pointer = udev_new() else {
            throw .udev(function: "udev_new", errno: Errno.current.code)
        }
        self.pointer = pointer
    }

    deinit { udev_unref(pointer) }

    /// Walks a libudev list into (name, value) pairs, copying the strings at once.
    package static func pairs(_ first: OpaquePointer?) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var entry = first
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                let value = udev_list_entry_get_value(current).map { String(cString: $0) }
                result.append((String(cString: name), value))
            }
            entry = udev_list_entry_get_next(current)
        }
        return result
    }
}
