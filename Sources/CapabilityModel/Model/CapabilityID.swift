/// A capability id: what a finding, a predicate, an assumed fact or a matrix column is about.
///
/// This file is the one table of the vocabulary. Each id carries its dotted string (the
/// JSON and manifest spelling, e.g. `camera.front`), words for people, the rule in words
/// ("looked for …"), its parent, the detail keys its findings carry, and the matrix header
/// aliases: plain words and the Apple and Android keys that name it as a column. The
/// catalogs of outside keys (``KeyCatalog``) map manifest keys onto these ids.
///
/// Ids the probers decide are ``isProbed``; the others come from the crosswalk of manifest
/// keys (manifests.md §4.1): a manifest may require them, and they are `unknown` here.
public enum CapabilityID: String, CaseIterable, Codable, Sendable, Hashable, Comparable,
    CustomStringConvertible
{
    case audioInput = "audio.input"
    case audioOutput = "audio.output"
    case bluetooth = "bluetooth"
    case bluetoothLE = "bluetooth.le"
    case cameraAny = "camera.any"
    // The camera's sub-capabilities in the order a matrix implication names them.
    case cameraFront = "camera.front"
    case cameraBack = "camera.back"
    case cameraExternal = "camera.external"
    case cameraAutofocus = "camera.autofocus"
    case cameraFlash = "camera.flash"
    case cameraVideo = "camera.video"
    case cellular = "cellular"
    case cellularSMS = "cellular.sms"
    case cpuArch = "cpu.arch"
    case cpuArchARM64 = "cpu.arch.arm64"
    case cpuArchARMv6 = "cpu.arch.armv6"
    case cpuArchARMv7 = "cpu.arch.armv7"
    case cpuArchX86_64 = "cpu.arch.x86_64"
    case display = "display"
    case gpu = "gpu"
    case gpuGLES = "gpu.gles"
    case gpuVulkan = "gpu.vulkan"
    case hapticsVibration = "haptics.vibration"
    case inputGamepad = "input.gamepad"
    case inputKeyboard = "input.keyboard"
    case inputPointer = "input.pointer"
    case inputRemote = "input.remote"
    case inputTablet = "input.tablet"
    case inputTouchscreen = "input.touchscreen"
    case locationAny = "location.any"
    case locationGNSS = "location.gnss"
    case memoryTotal = "memory.total"
    case netWiFi = "net.wifi"
    case nfc = "nfc"
    case powerBattery = "power.battery"
    case sensorAccelerometer = "sensor.accelerometer"
    case sensorBarometer = "sensor.barometer"
    case sensorGyroscope = "sensor.gyroscope"
    case sensorHumidity = "sensor.humidity"
    case sensorLight = "sensor.light"
    case sensorMagnetometer = "sensor.magnetometer"
    case sensorProximity = "sensor.proximity"
    case sensorSteps = "sensor.steps"
    // The crosswalk's further ids: manifests name them, capcheck does not probe them.
    case biometricFingerprint = "biometric.fingerprint"
    case cellularCDMA = "cellular.cdma"
    case cellularGSM = "cellular.gsm"
    case cpuARM64PAC = "cpu.arm64.pac"
    case irTransmit = "ir.transmit"
    case netEthernet = "net.ethernet"
    case netWiFiP2P = "net.wifi.p2p"
    case sensorHinge = "sensor.hinge"
    case sensorTemperatureAmbient = "sensor.temperature.ambient"
    case usbGadget = "usb.gadget"
    case usbHost = "usb.host"
    case uwb = "uwb"

    /// What the table says of one id.
    public struct Definition: Sendable {
        /// Short words for people (`Front camera`), for feature tables.
        public var name: String
        /// The detection rule in words, for findings without device evidence; `nil` when
        /// the id has no rule of its own (`cpu.arch`, the crosswalk's ids).
        public var rule: String?
        /// The id a present finding of this one implies, and whose absence implies this
        /// one's (`camera.front` → `camera.any`).
        public var parent: CapabilityID?
        /// The top-level `details` keys its findings may carry (besides `reason`).
        public var detailKeys: [String]
        /// Matrix column headers in plain words (`Front Camera`).
        public var aliases: [String]
        /// Apple `UIRequiredDeviceCapabilities` keys that name it as a matrix column.
        public var appleKeys: [String]
        /// Android `<uses-feature>` names that name it as a matrix column.
        public var androidFeatures: [String]

        init(
            _ name: String, rule: String? = nil, parent: CapabilityID? = nil,
            details: [String] = [], aliases: [String] = [], apple: [String] = [],
            android: [String] = []
        ) {
            self.name = name
            self.rule = rule
            self.parent = parent
            self.detailKeys = details
            self.aliases = aliases
            self.appleKeys = apple
            self.androidFeatures = android
        }
    }

    /// The id as written in JSON, manifests and matrix headers.
    public var description: String { rawValue }

    /// Whether a prober decides this id (the crosswalk's further ids are never probed).
    public var isProbed: Bool { Self.probed.contains(self) }

    /// The ids the probers decide, sorted.
    public static let probed: [CapabilityID] = allCases.filter {
        switch $0 {
        case .biometricFingerprint, .cellularCDMA, .cellularGSM, .cpuARM64PAC, .irTransmit,
            .netEthernet, .netWiFiP2P, .sensorHinge, .sensorTemperatureAmbient, .usbGadget,
            .usbHost, .uwb:
            return false
        default:
            return true
        }
    }.sorted()

    /// The ids whose parent this id is, in declaration order.
    public var children: [CapabilityID] { Self.allCases.filter { $0.definition.parent == self } }

    /// Orders by the dotted string, the order of every listing.
    public static func < (lhs: CapabilityID, rhs: CapabilityID) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The table.
    public var definition: Definition {
        switch self {
        case .audioInput:
            return Definition(
                "Microphone", rule: "a capture PCM (pcmC*D*c) on a sound card that is not a modem",
                details: ["cardless", "devices", "ignored"], aliases: ["Audio In"],
                apple: ["microphone"], android: ["android.hardware.microphone"])
        case .audioOutput:
            return Definition(
                "Speaker", rule: "a playback PCM that is not HDMI/DisplayPort-only",
                details: ["cardless", "devices", "hdmi", "ignored"], aliases: ["Speaker"],
                android: ["android.hardware.audio.output"])
        case .bluetooth:
            return Definition(
                "Bluetooth", rule: "a Bluetooth host (hciN), or a Bluetooth USB/PCI function",
                details: ["devices"], aliases: ["Bluetooth"], apple: ["peer-peer"],
                android: ["android.hardware.bluetooth"])
        case .bluetoothLE:
            return Definition(
                "Bluetooth LE", rule: "an HCI controller reporting the LE feature bit",
                parent: .bluetooth, details: ["controllers"], aliases: ["Bluetooth LE"],
                apple: ["bluetooth-le"], android: ["android.hardware.bluetooth_le"])
        case .cameraAny:
            return Definition(
                "Camera",
                rule:
                    "a video4linux capture node that is not metadata, m2m codec/ISP or IPU ISYS",
                details: ["access", "devices", "ignored", "megapixels"], aliases: ["Camera"],
                apple: ["still-camera"], android: ["android.hardware.camera.any"])
        case .cameraAutofocus:
            return Definition(
                "Autofocus camera", rule: "a camera with FOCUS_AUTO or AUTO_FOCUS_START",
                parent: .cameraAny, details: ["access"], aliases: ["Autofocus"],
                apple: ["auto-focus-camera"], android: ["android.hardware.camera.autofocus"])
        case .cameraBack:
            return Definition(
                "Back camera", rule: "a camera whose CAMERA_ORIENTATION is back",
                parent: .cameraAny, details: ["access"], aliases: ["Back Camera", "Rear Camera"],
                android: ["android.hardware.camera"])
        case .cameraExternal:
            return Definition(
                "External camera", rule: "a removable (USB) camera or CAMERA_ORIENTATION external",
                parent: .cameraAny, details: ["access"], aliases: ["External Camera"],
                android: ["android.hardware.camera.external"])
        case .cameraFlash:
            return Definition(
                "Camera flash", rule: "a flash control or a *:flash / *:torch LED",
                parent: .cameraAny, details: ["access"], aliases: ["Flash"],
                apple: ["camera-flash"], android: ["android.hardware.camera.flash"])
        case .cameraFront:
            return Definition(
                "Front camera", rule: "a fixed UVC camera or CAMERA_ORIENTATION front",
                parent: .cameraAny, details: ["access"], aliases: ["Front Camera"],
                apple: ["front-facing-camera"], android: ["android.hardware.camera.front"])
        case .cameraVideo:
            return Definition(
                "Video", rule: "a camera that streams video", parent: .cameraAny,
                details: ["access", "modes"], aliases: ["Video"], apple: ["video-camera"])
        case .cellular:
            return Definition(
                "Cellular",
                rule: "a WWAN modem (wwan class, DEVTYPE=wwan, cdc-wdm on qmi_wwan/cdc_mbim)",
                details: ["devices", "ignored"], aliases: ["Cellular"], apple: ["telephony"],
                android: ["android.hardware.telephony"])
        case .cellularSMS:
            return Definition(
                "SMS", rule: "a modem with SMS (needs ModemManager)", parent: .cellular,
                apple: ["sms"])
        case .cpuArch:
            return Definition("CPU architecture", details: ["arch", "hint", "kernelArch"])
        case .cpuArchARM64:
            return Definition("Runs arm64", apple: ["arm64"])
        case .cpuArchARMv6:
            return Definition("Runs armv6", apple: ["armv6"])
        case .cpuArchARMv7:
            return Definition("Runs armv7", apple: ["armv7"])
        case .cpuArchX86_64:
            return Definition("Runs x86_64")
        case .display:
            return Definition(
                "Display", rule: "a connected DRM connector", details: ["devices", "dpi", "scale"],
                aliases: ["Display"])
        case .gpu:
            return Definition(
                "GPU", rule: "a DRM render node or a GPU with a 3D driver", details: ["devices"],
                aliases: ["GPU"])
        case .gpuGLES:
            return Definition(
                "OpenGL ES",
                rule: "a GPU whose driver and generation give a known OpenGL ES level",
                details: ["devices", "version", "versionAtLeast"])
        case .gpuVulkan:
            return Definition(
                "Vulkan", rule: "a GPU whose driver and generation give a known Vulkan level",
                details: ["devices", "version", "versionAtLeast"])
        case .hapticsVibration:
            return Definition(
                "Vibration", rule: "a force-feedback input device that is not a game controller",
                details: ["devices", "excluded"], aliases: ["Vibration"])
        case .inputGamepad:
            return Definition(
                "Game pad", rule: "an input device flagged as a joystick or game pad",
                details: ["devices"])
        case .inputKeyboard:
            return Definition(
                "Keyboard", rule: "an input device flagged as a keyboard", details: ["devices"])
        case .inputPointer:
            return Definition(
                "Mouse or touchpad", rule: "a mouse or touchpad input device", details: ["devices"]
            )
        case .inputRemote:
            return Definition(
                "TV remote receiver", rule: "an IR receiver (rc, lirc) or an HDMI-CEC adapter",
                details: ["devices"])
        case .inputTablet:
            return Definition(
                "Pen tablet", rule: "an input device flagged as a pen tablet", details: ["devices"])
        case .inputTouchscreen:
            return Definition(
                "Touchscreen",
                rule: "an input device flagged as a touchscreen (not a touchpad)",
                details: ["devices", "points"], aliases: ["Touchscreen"],
                android: ["android.hardware.touchscreen"])
        case .locationAny:
            return Definition(
                "Location", rule: "a GNSS receiver or a network-location capable radio",
                details: ["devices"], aliases: ["Location"], apple: ["location-services"],
                android: ["android.hardware.location"])
        case .locationGNSS:
            return Definition(
                "GPS", rule: "a gnss class device, a known GPS receiver, or a modem GPS port",
                parent: .locationAny, details: ["devices"], aliases: ["GPS"],
                android: ["android.hardware.location.gps"])
        case .memoryTotal:
            return Definition(
                "Memory", rule: "installed RAM from DMI or MemTotal", details: ["bytes", "gib"])
        case .netWiFi:
            return Definition(
                "WiFi", rule: "an ieee80211 phy or a wlan net device",
                details: ["devices", "ignored", "radios"], aliases: ["WiFi", "Wi-Fi"],
                android: ["android.hardware.wifi"])
        case .nfc:
            return Definition(
                "NFC", rule: "an nfc class device", details: ["devices"], aliases: ["NFC"],
                android: ["android.hardware.nfc"])
        case .powerBattery:
            return Definition(
                "Battery", rule: "a power_supply of type Battery with scope System",
                details: [
                    "acOnline", "devices", "level", "peripherals", "state", "status", "unreadable",
                    "valuesFrom",
                ], aliases: ["Battery"])
        case .sensorAccelerometer:
            return Definition(
                "Accelerometer",
                rule:
                    "an IIO device with in_accel_* channels or a known accelerometer chip, or an accelerometer input device",
                details: ["devices", "freefall", "gamepads", "otherIIO"],
                aliases: ["Accelerometer"], android: ["android.hardware.sensor.accelerometer"])
        case .sensorBarometer:
            return Definition(
                "Barometer",
                rule: "an IIO device with in_pressure channels or a known pressure chip",
                details: ["devices", "otherIIO"], aliases: ["Barometer"],
                android: ["android.hardware.sensor.barometer"])
        case .sensorGyroscope:
            return Definition(
                "Gyroscope",
                rule: "an IIO device with in_anglvel_* channels or a known gyroscope chip",
                details: ["devices", "otherIIO"], aliases: ["Gyroscope"],
                android: ["android.hardware.sensor.gyroscope"])
        case .sensorHumidity:
            return Definition(
                "Humidity sensor",
                rule: "an IIO device with in_humidityrelative channels or a known humidity chip",
                details: ["devices", "otherIIO"], aliases: ["Humidity"])
        case .sensorLight:
            return Definition(
                "Ambient light sensor",
                rule: "an IIO device with illuminance channels or hwmon light",
                details: ["devices", "otherIIO"], aliases: ["Light Sensor"],
                android: ["android.hardware.sensor.light"])
        case .sensorMagnetometer:
            return Definition(
                "Magnetometer", rule: "an IIO device with in_magn_* channels or a HID compass",
                details: ["devices", "otherIIO"], aliases: ["Magnetometer", "Compass"],
                android: ["android.hardware.sensor.compass"])
        case .sensorProximity:
            return Definition(
                "Proximity Sensor",
                rule: "an IIO proximity channel or an input SW_FRONT_PROXIMITY switch",
                details: ["devices", "near", "otherIIO", "presence"],
                aliases: ["Proximity Sensor", "Proximity"],
                android: ["android.hardware.sensor.proximity"])
        case .sensorSteps:
            return Definition(
                "Step counter", rule: "an IIO device with in_steps channels",
                details: ["devices", "otherIIO"])
        case .biometricFingerprint: return Definition("Fingerprint reader")
        case .cellularCDMA: return Definition("CDMA")
        case .cellularGSM: return Definition("GSM")
        case .cpuARM64PAC: return Definition("arm64 pointer authentication")
        case .irTransmit: return Definition("IR transmitter")
        case .netEthernet: return Definition("Ethernet")
        case .netWiFiP2P: return Definition("WiFi Direct")
        case .sensorHinge: return Definition("Hinge angle sensor")
        case .sensorTemperatureAmbient: return Definition("Ambient temperature sensor")
        case .usbGadget: return Definition("USB device mode")
        case .usbHost: return Definition("USB host mode")
        case .uwb: return Definition("Ultra-wideband")
        }
    }
}
