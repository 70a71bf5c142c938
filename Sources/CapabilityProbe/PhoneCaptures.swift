import CapabilityLive
import CapabilityMatrix
import CapabilityRecordings

extension AndroidCapture {
    /// The captured device as Google Play's filters see it: its features, SDK level, ABIs,
    /// OpenGL ES version, screen (size class from `wm size` and `wm density`) and shared
    /// libraries, each read from the device itself, so a list it gives is complete.
    public var playDevice: PlayDevice {
        var screens: [PlayDevice.Screen]?
        if let size = screenSize, let density,
            let sizeClass = PlayDevice.sizeClass(
                width: size.width, height: size.height, density: density)
        {
            screens = [PlayDevice.Screen(size: sizeClass, density: density)]
        }
        return PlayDevice(
            observedName: displayName, brand: brand, device: device, manufacturer: manufacturer,
            model: model, formFactor: formFactor, sdk: sdk, abis: abis, glEsVersion: glEsVersion,
            screens: screens, features: features, libraries: libraries.map(Set.init))
    }

    /// `Google Pixel 7 (panther)`: the manufacturer (unless the model already starts with
    /// it), the model and the codename, or `Android device` when the capture names none.
    public var displayName: String {
        var name = model ?? "Android device"
        if let manufacturer, model != nil,
            !name.lowercased().hasPrefix(manufacturer.lowercased())
        {
            name = manufacturer + " " + name
        }
        if let device { name += " (\(device))" }
        return name
    }

    /// The form factor the device's own features declare (as Play reads them: TV, watch, car,
    /// Chromebook), else a tablet when `ro.build.characteristics` says so, else a phone.
    public var formFactor: PlayDevice.FormFactor {
        guard let features else { return .unknown }
        if features["android.hardware.type.watch"] != nil { return .watch }
        if features["android.hardware.type.automotive"] != nil { return .car }
        if features["android.software.leanback_only"] != nil
            || features["android.hardware.type.television"] != nil
        {
            return .tv
        }
        if features["android.hardware.type.pc"] != nil { return .chromebook }
        let characteristics = property("ro.build.characteristics") ?? ""
        if characteristics.split(separator: ",").contains("tablet") { return .tablet }
        return .phone
    }
}

extension AndroidCapture {
    /// Captures the connected Android device through the `adb` on the environment's `PATH`:
    /// each of ``sections`` run as `adb -s SERIAL shell …`, with a bounded time and output.
    /// - Parameters:
    ///   - serial: The device, or nil for the only one connected.
    ///   - environment: The environment `adb` is found in and runs with.
    ///   - timeout: Seconds one `adb` command may run.
    /// - Returns: The capture text (``text(outputs:)``).
    /// - Throws: ``PhoneError`` naming what failed.
    public static func captureText(
        serial: String?, environment: [String: String], timeout: Double
    ) throws(PhoneError) -> String {
        let bridge = try AndroidDebugBridge(environment: environment, timeout: timeout)
        return text(outputs: try bridge.outputs(serial: serial, commands: sections))
    }
}

extension IOSCapture {
    /// Captures the connected iPhone or iPad through the `ideviceinfo` (and `idevice_id`) on
    /// the environment's `PATH`, with a bounded time and output.
    /// - Parameters:
    ///   - udid: The device, or nil for the only one connected.
    ///   - environment: The environment the tools are found in and run with.
    ///   - timeout: Seconds one command may run.
    /// - Returns: The capture text (``text(outputs:)``).
    /// - Throws: ``PhoneError`` naming what failed.
    public static func captureText(
        udid: String?, environment: [String: String], timeout: Double
    ) throws(PhoneError) -> String {
        let info = try IOSDeviceInfo(environment: environment, timeout: timeout)
        return text(outputs: try info.outputs(udid: udid, queries: sections))
    }
}
