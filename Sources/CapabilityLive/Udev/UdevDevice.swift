import CapabilitySupport
import CUdev
import CapabilityModel
import FoundationEssentials
import Glibc

/// Owns a `udev_device` (udev_device_new_from_syspath(3)); freed in `deinit`.
package final class UdevDevice {
    private let pointer: OpaquePointer
    private let context: UdevContext

    package init(owning pointer: OpaquePointer, context: UdevContext) {
        self.pointer = pointer
        self.context = context
    }

    package convenience init(borrowing pointer: OpaquePointer, context: UdevContext) {
        self.init(owning: udev_device_ref(pointer), context: context)
    }

    /// Wraps `udev_device_new_from_syspath(3)`.
    package convenience init(syspath: String, context: UdevContext) throws(SourceError) {
        guard let pointer = udev_device_new_from_syspath(context.pointer, syspath) else {
            throw .udev(function: "udev_device_new_from_syspath", errno: Errno.current.code)
        }
        self.init(owning: pointer, context: context)
    }

    deinit { udev_device_unref(pointer) }

    private static func string(_ value: UnsafePointer<CChar>?) -> String? {
        value.map { String(cString: $0) }
    }

    /// `udev_device_get_syspath`.
    package var syspath: String? { Self.string(udev_device_get_syspath(pointer)) }
    /// `udev_device_get_devpath`.
    package var devpath: String? { Self.string(udev_device_get_devpath(pointer)) }
    /// `udev_device_get_subsystem`.
    package var subsystem: String? { Self.string(udev_device_get_subsystem(pointer)) }
    /// `udev_device_get_devtype`.
    package var devtype: String? { Self.string(udev_device_get_devtype(pointer)) }
    /// `udev_device_get_driver`.
    package var driver: String? { Self.string(udev_device_get_driver(pointer)) }
    /// `udev_device_get_action`: set on devices received from a monitor.
    package var action: String? { Self.string(udev_device_get_action(pointer)) }
    /// `udev_device_get_devnode`.
    package var devnode: String? { Self.string(udev_device_get_devnode(pointer)) }
    /// `udev_device_get_is_initialized`: true only when udevd processed the device.
    package var isInitialized: Bool { udev_device_get_is_initialized(pointer) > 0 }

    /// `udev_device_get_properties_list_entry`.
    package var properties: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in UdevContext.pairs(udev_device_get_properties_list_entry(pointer)) {
            result[name] = value ?? ""
        }
        return result
    }

    /// `udev_device_get_devlinks_list_entry`, without the `/dev/` prefix.
    package var links: [String] {
        UdevContext.pairs(udev_device_get_devlinks_list_entry(pointer)).map { name, _ in
            name.hasPrefix("/dev/") ? String(name.dropFirst(5)) : name
        }
    }

    /// `udev_device_get_sysattr_list_entry`: attribute names in the device directory.
    package var attributeNames: [String] {
        UdevContext.pairs(udev_device_get_sysattr_list_entry(pointer)).map(\.0)
    }

    /// `udev_device_get_sysattr_value`; nil when unreadable.
    package func attribute(_ name: String) -> String? {
        Self.string(udev_device_get_sysattr_value(pointer, name))
    }

    /// The parent (`udev_device_get_parent`, which lends its result).
    package var parent: UdevDevice? {
        udev_device_get_parent(pointer).map { UdevDevice(borrowing: $0, context: context) }
    }
}
