import CapabilityManifest

/// How a `<uses-configuration>` is decided against a catalog row. Play maps a required
/// finger touchscreen to `android.hardware.touchscreen`; a D-pad or five-way navigation is
/// what Android's Compatibility Definition Document requires of every TV; keyboards,
/// trackballs, wheels and styluses are recorded by no catalog, so they leave a row undecided
/// with the hardware named.
enum ConfigurationRule {
    /// Why a row does not meet a configuration.
    struct Outcome: Equatable {
        /// In words.
        var reason: String
        /// True when the catalog cannot tell; false when the row fails.
        var undecided: Bool
    }

    /// Decides one configuration.
    /// - Parameters:
    ///   - configuration: The declaration.
    ///   - device: The row.
    /// - Returns: Nil when the row meets it, else why not.
    static func decide(_ configuration: StoreDeclarations.Configuration, _ device: PlayDevice)
        -> Outcome?
    {
        var open: [String] = []
        let line = configuration.line > 0 ? " (line \(configuration.line))" : ""
        if configuration.touchScreen == 3 {
            let touch = device.features.map { $0["android.hardware.touchscreen"] != nil }
            switch touch {
            case false?:
                return Outcome(
                    reason:
                        "reqTouchScreen=finger\(line) needs android.hardware.touchscreen, which the device does not declare",
                    undecided: false)
            case nil where device.formFactor == .tv:
                return Outcome(
                    reason: "reqTouchScreen=finger\(line): TV devices have no touchscreen",
                    undecided: false)
            case nil: open.append("a touchscreen")
            case true?: break
            }
        } else if configuration.touchScreen == 2 {
            open.append("stylus input")
        }
        if configuration.hardKeyboard || [2, 3].contains(configuration.keyboardType ?? 0) {
            open.append("a hardware keyboard")
        }
        let wantsDpad = configuration.fiveWayNav || configuration.navigation == 2
        if wantsDpad, device.formFactor != .tv { open.append("a D-pad or five-way navigation") }
        if [3, 4].contains(configuration.navigation ?? 0) { open.append("a trackball or wheel") }
        guard !open.isEmpty else { return nil }
        return Outcome(
            reason:
                "<uses-configuration>\(line) needs \(open.joined(separator: ", ")), which the catalog does not record",
            undecided: true)
    }
}
