import FoundationEssentials

/// Where uevents come from: udevd's processed events or the kernel's raw ones.
public enum EventSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// Events udevd re-broadcasts after running its rules (with `ID_*` properties).
    case udev
    /// The kernel's uevents, which arrive even without udevd (no `ID_*` properties).
    case kernel

    /// A short explanation for the first output line.
    public var note: String {
        switch self {
        case .udev: return "udevd events (after udev rules)"
        case .kernel: return "kernel uevents (udevd not running: no udev properties)"
        }
    }
}
