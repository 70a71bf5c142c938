/// Flash and torch LEDs of cameras: LED class devices named `*:flash` or `*:torch`
/// (the names feedbackd's rules key on).
public enum CameraFlashLEDs {
    /// The flash/torch LED names in the records, sorted.
    /// - Parameter devices: All records.
    /// - Returns: e.g. `["white:flash"]`.
    public static func names(in devices: [Device]) -> [String] {
        devices.filter { device in
            device.subsystem == "leds"
                && (device.sysname.hasSuffix(":flash") || device.sysname.hasSuffix(":torch"))
        }.map(\.sysname).sorted()
    }
}
