import Foundation

/// The real machine the tests run on, for the few tests that read it on purpose (they are
/// gated on this with `.enabled(if:)` and say why); every other test runs on recordings or
/// an empty testbed.
public enum TestHost {
    /// Whether this machine's `/sys/devices` can be listed (a container may hide it).
    public static var hasSysfs: Bool {
        FileManager.default.isReadableFile(atPath: "/sys/devices")
    }
}
