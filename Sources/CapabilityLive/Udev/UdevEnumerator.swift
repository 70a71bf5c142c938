import CUdev
import CapabilityModel
import CapabilitySupport

/// Owns a `udev_enumerate` (udev_enumerate_new(3)); scans every device in sysfs.
///
/// It deliberately does not call `udev_enumerate_add_match_is_initialized`: without udevd
/// that drops every device with a node or an interface.
package final class UdevEnumerator {
    private let pointer: OpaquePointer
    private let context: UdevContext

    /// Wraps `udev_enumerate_new(3)`.
    package init(context: UdevContext) throws(SourceError) {
        guard let pointer = udev_enumerate_new(context.pointer) else {
            throw .udev(function: "udev_enumerate_new", errno: Errno.outOfMemory.code)
        }
        self.pointer = pointer
        self.context = context
    }

    deinit { udev_enumerate_unref(pointer) }

    /// Restricts the scan to a subsystem (`udev_enumerate_add_match_subsystem`).
    func matchSubsystem(_ subsystem: Subsystem) throws(SourceError) {
        let rc = udev_enumerate_add_match_subsystem(pointer, subsystem.rawValue)
        if rc < 0 {
            throw .udev(
                function: "udev_enumerate_add_match_subsystem", errno: Errno(negated: rc).code)
        }
    }

    /// Scans and returns the syspaths, sorted (`udev_enumerate_scan_devices`).
    package func scan() throws(SourceError) -> [String] {
        let rc = udev_enumerate_scan_devices(pointer)
        if rc < 0 {
            throw .udev(function: "udev_enumerate_scan_devices", errno: Errno(negated: rc).code)
        }
        return UdevContext.pairs(udev_enumerate_get_list_entry(pointer)).map(\.0).sorted()
    }
}
