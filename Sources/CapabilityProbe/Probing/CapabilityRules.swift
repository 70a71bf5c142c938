/// The detection rule of each capability id, in words, for findings that have no device
/// evidence (absent, or unknown because the source is partial).
public enum CapabilityRules {
    /// Rule text by capability id.
    public static let text: [String: String] = [
        "audio.input": "a capture PCM (pcmC*D*c) on a sound card that is not a modem",
        "audio.output": "a playback PCM that is not HDMI/DisplayPort-only",
        "bluetooth": "a Bluetooth host (hciN), or a Bluetooth USB/PCI function",
        "bluetooth.le": "an HCI controller reporting the LE feature bit",
        "camera.any": "a video4linux capture node that is not metadata, m2m codec/ISP or IPU ISYS",
        "camera.autofocus": "a camera with FOCUS_AUTO or AUTO_FOCUS_START",
        "camera.back": "a camera whose CAMERA_ORIENTATION is back",
        "camera.external": "a removable (USB) camera or CAMERA_ORIENTATION external",
        "camera.flash": "a flash control or a *:flash / *:torch LED",
        "camera.front": "a fixed UVC camera or CAMERA_ORIENTATION front",
        "camera.video": "a camera that streams video",
        "cellular": "a WWAN modem (wwan class, DEVTYPE=wwan, cdc-wdm on qmi_wwan/cdc_mbim)",
        "cellular.sms": "a modem with SMS (needs ModemManager)",
        "display": "a connected DRM connector",
        "gpu": "a DRM render node or a GPU with a 3D driver",
        "gpu.gles": "a GPU whose driver and generation give a known OpenGL ES level",
        "gpu.vulkan": "a GPU whose driver and generation give a known Vulkan level",
        "haptics.vibration": "a force-feedback input device that is not a game controller",
        "input.touchscreen": "an input device flagged as a touchscreen (not a touchpad)",
        "input.gamepad": "an input device flagged as a joystick or game pad",
        "input.pointer": "a mouse or touchpad input device",
        "input.keyboard": "an input device flagged as a keyboard",
        "input.remote": "an IR receiver (rc, lirc) or an HDMI-CEC adapter",
        "input.tablet": "an input device flagged as a pen tablet",
        "location.any": "a GNSS receiver or a network-location capable radio",
        "location.gnss": "a gnss class device, a known GPS receiver, or a modem GPS port",
        "memory.total": "installed RAM from DMI or MemTotal",
        "net.wifi": "an ieee80211 phy or a wlan net device",
        "nfc": "an nfc class device",
        "power.battery": "a power_supply of type Battery with scope System",
        "sensor.accelerometer":
            "an IIO device with in_accel_* channels or a known accelerometer chip, or an accelerometer input device",
        "sensor.barometer": "an IIO device with in_pressure channels or a known pressure chip",
        "sensor.gyroscope": "an IIO device with in_anglvel_* channels or a known gyroscope chip",
        "sensor.humidity":
            "an IIO device with in_humidityrelative channels or a known humidity chip",
        "sensor.light": "an IIO device with illuminance channels or hwmon light",
        "sensor.magnetometer": "an IIO device with in_magn_* channels or a HID compass",
        "sensor.proximity": "an IIO proximity channel or an input SW_FRONT_PROXIMITY switch",
        "sensor.steps": "an IIO device with in_steps channels",
    ]

    /// Short human names of the ids, for feature tables.
    public static let names: [String: String] = [
        "audio.input": "Microphone", "audio.output": "Speaker", "bluetooth": "Bluetooth",
        "bluetooth.le": "Bluetooth LE", "camera.any": "Camera",
        "camera.autofocus": "Autofocus camera",
        "camera.back": "Back camera", "camera.external": "External camera",
        "camera.flash": "Camera flash", "camera.front": "Front camera", "camera.video": "Video",
        "cellular": "Cellular", "cellular.sms": "SMS", "cpu.arch": "CPU architecture",
        "cpu.arch.arm64": "Runs arm64", "cpu.arch.armv6": "Runs armv6",
        "cpu.arch.armv7": "Runs armv7",
        "cpu.arch.x86_64": "Runs x86_64", "display": "Display", "gpu": "GPU",
        "gpu.gles": "OpenGL ES",
        "gpu.vulkan": "Vulkan", "haptics.vibration": "Vibration", "input.gamepad": "Game pad",
        "input.pointer": "Mouse or touchpad", "input.touchscreen": "Touchscreen",
        "input.keyboard": "Keyboard", "input.remote": "TV remote receiver",
        "input.tablet": "Pen tablet",
        "location.any": "Location", "location.gnss": "GPS", "memory.total": "Memory",
        "net.wifi": "WiFi", "nfc": "NFC", "power.battery": "Battery",
        "sensor.accelerometer": "Accelerometer", "sensor.barometer": "Barometer",
        "sensor.gyroscope": "Gyroscope", "sensor.humidity": "Humidity sensor",
        "sensor.light": "Ambient light sensor", "sensor.magnetometer": "Magnetometer",
        "sensor.proximity": "Proximity Sensor", "sensor.steps": "Step counter",
    ]

    /// The reason shown for a finding without device evidence.
    /// - Parameters:
    ///   - finding: The finding.
    ///   - source: Where the records came from.
    /// - Returns: A reason in words, or `nil` for present findings.
    public static func reason(for finding: CapabilityFinding, source: SourceInfo) -> String? {
        guard finding.status != .present else { return nil }
        let rule = text[finding.id] ?? "a device providing \(finding.id)"
        switch finding.status {
        case .absent:
            return "none found; looked for \(rule)"
        case .unknown:
            return source.complete
                ? "cannot decide; looked for \(rule)"
                : "partial source, proves no absence; looked for \(rule)"
        case .present:
            return nil
        }
    }
}
