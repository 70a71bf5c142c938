import CUdev
import CapabilityModel
import CapabilitySupport
import Glibc

/// Owns a `udev_monitor` (udev_monitor_new_from_netlink(3)); freed in `deinit`.
///
/// Thread-bound like every libudev object: create, poll, receive and release it on one
/// thread. The file descriptor belongs to the monitor and is closed by `udev_monitor_unref`.
package final class UdevMonitor {
    private let pointer: OpaquePointer
    private let context: UdevContext

    /// Wraps `udev_monitor_new_from_netlink(3)`.
    /// - Parameters:
    ///   - context: The udev context (kept alive by the monitor).
    ///   - source: `udev` (events after udevd processed them) or `kernel` (raw uevents).
    package init(context: UdevContext, source: EventSource) throws(SourceError) {
        guard let pointer = udev_monitor_new_from_netlink(context.pointer, source.rawValue) else {
            throw .udev(function: "udev_monitor_new_from_netlink", errno: Errno.current.code)
        }
        self.pointer = pointer
        self.context = context
    }

    deinit { udev_monitor_unref(pointer) }

    /// Receives only these subsystems (`udev_monitor_filter_add_match_subsystem_devtype`).
    package func filter(subsystems: [Subsystem]) throws(SourceError) {
        for subsystem in subsystems {
            let rc = udev_monitor_filter_add_match_subsystem_devtype(
                pointer, subsystem.rawValue, nil)
            if rc < 0 {
                throw .udev(
                    function: "udev_monitor_filter_add_match_subsystem_devtype",
                    errno: Errno(negated: rc).code)
            }
        }
    }

    /// Binds the socket (`udev_monitor_enable_receiving`); events are queued from now on.
    package func enableReceiving() throws(SourceError) {
        let rc = udev_monitor_enable_receiving(pointer)
        if rc < 0 {
            throw .udev(function: "udev_monitor_enable_receiving", errno: Errno(negated: rc).code)
        }
    }

    /// The non-blocking socket to poll (`udev_monitor_get_fd`); owned by the monitor.
    package var fileDescriptor: Int32 { udev_monitor_get_fd(pointer) }

    /// One queued device (`udev_monitor_receive_device`, a +1 result that the wrapper owns);
    /// nil when nothing is queued or the message was filtered out.
    package func receive() -> UdevDevice? {
        udev_monitor_receive_device(pointer).map { UdevDevice(owning: $0, context: context) }
    }
}
