import FoundationEssentials
import CapabilityModel

extension EventSource {
    /// The source that will actually deliver events here: `udev` when udevd is running
    /// (its control socket `/run/udev/control` exists), else `kernel` — without udevd the
    /// udev source is silent, while kernel uevents still arrive.
    /// - Parameter controlSocket: udevd's control socket path.
    /// - Returns: The source to listen to.
    public static func detect(controlSocket: String = "/run/udev/control") -> EventSource {
        FileManager.default.fileExists(atPath: controlSocket) ? .udev : .kernel
    }
}
