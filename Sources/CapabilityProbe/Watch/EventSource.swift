import Foundation

/// Where uevents come from: udevd's processed events or the kernel's raw ones.
public enum EventSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// Events udevd re-broadcasts after running its rules (with `ID_*` properties).
    case udev
    /// The kernel's uevents, which arrive even without udevd (no `ID_*` properties).
    case kernel

    /// The source that will actually deliver events here: `udev` when udevd is running
    /// (its control socket `/run/udev/control` exists), else `kernel` — without udevd the
    /// udev source is silent, while kernel uevents still arrive.
    /// - Parameter controlSocket: udevd's control socket path.
    /// - Returns: The source to listen to.
    public static func detect(controlSocket: String = "/run/udev/control") -> EventSource {
        FileManager.default.fileExists(atPath: controlSocket) ? .udev : .kernel
    }

    /// A short explanation for the first output line.
    public var note: String {
        switch self {
        case .udev: return "udevd events (after udev rules)"
        case .kernel: return "kernel uevents (udevd not running: no udev properties)"
        }
    }
}
