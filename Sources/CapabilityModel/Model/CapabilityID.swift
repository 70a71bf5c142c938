/// A capability id: what a finding, a predicate, an assumed fact or a matrix column is about.
///
/// This file is the one table of the vocabulary. Each id carries its dotted string (the
/// JSON and manifest spelling, e.g. `camera.front`), words for people, the rule in words
/// ("looked for …"), its parent, the detail keys its findings carry, and the matrix header
/// aliases: plain words and the Apple and Android keys that name it as a column, every
/// Apple key and Android feature that means exactly this id (the key catalog, ``KeyCatalog``,
/// keeps only the keys that are not one id), and the group `capcheck list` shows it under.
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
        /// The heading `capcheck list` shows it under.
        public var group: CapabilityGroup
        /// The thing in words as evidence names it (`light sensor`); the name in lower case
        /// unless the table says otherwise.
        public var noun: String
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
        /// Apple `UIRequiredDeviceCapabilities` keys that mean exactly this id: the key
        /// catalog maps them to it, and a matrix takes them as its column.
        public var appleKeys: [String]
        /// Android `<uses-feature>` names that mean exactly this id: the key catalog maps
        /// them to it, and a matrix takes them as its column.
        public var androidFeatures: [String]
        /// Further Android feature names the key catalog maps to this id that are not matrix
        /// columns (variants such as `android.hardware.sensor.stepdetector`).
        public var manifestOnlyAndroidFeatures: [String]
        /// A note shown with every requirement made from one of the keys above (a semantic
        /// shift or a proxy), by key.
        public var keyNotes: [String: String]

        init(
            _ name: String, _ group: CapabilityGroup, rule: String? = nil,
            parent: CapabilityID? = nil, details: [String] = [], aliases: [String] = [],
            apple: [String] = [], android: [String] = [], manifestOnlyAndroid: [String] = [],
            notes: [String: String] = [:], noun: String? = nil
        ) {
            self.name = name
            self.group = group
            self.noun = noun ?? name.lowercased()
            self.rule = rule
            self.parent = parent
            self.detailKeys = details
            self.aliases = aliases
            self.appleKeys = apple
            self.androidFeatures = android
            self.manifestOnlyAndroidFeatures = manifestOnlyAndroid
            self.keyNotes = notes
        }

        /// Every Apple key and Android feature name that means this id.
        public var manifestKeys: [String] {
            appleKeys + androidFeatures + manifestOnlyAndroidFeatures
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

    /// The id's row of the table, made once per process (renderers and probers ask for rows
    /// thousands of times a run).
    public var definition: Definition { Self.definitions[self] ?? row }

    /// Every row, by id.
    private static let definitions = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.row) })

    /// The table.
    private var row: Definition {
        switch self {
        case .audioInput:
            return Definition(
                "Microphone", .audio,
                rule: "a capture PCM (pcmC*D*c) on a sound card that is not a modem",
                details: ["cardless", "devices", "ignored"], aliases: ["Audio In"],
                apple: ["microphone"], android: ["android.hardware.microphone"])
        case .audioOutput:
            return Definition(
                "Speaker", .audio, rule: "a playback PCM that is not HDMI/DisplayPort-only",
                details: ["cardless", "devices", "hdmi", "ignored"], aliases: ["Speaker"],
                android: ["android.hardware.audio.output"])
        case .bluetooth:
            return Definition(
                "Bluetooth", .radios,
                rule: "a Bluetooth host (hciN), or a Bluetooth USB/PCI function",
                details: ["devices"], aliases: ["Bluetooth"], apple: ["peer-peer"],
                android: ["android.hardware.bluetooth"],
                notes: ["peer-peer": "GameKit peer-to-peer sessions; Bluetooth is the proxy"])
        case .bluetoothLE:
            return Definition(
                "Bluetooth LE", .radios, rule: "an HCI controller reporting the LE feature bit",
                parent: .bluetooth, details: ["controllers"], aliases: ["Bluetooth LE"],
                apple: ["bluetooth-le"], android: ["android.hardware.bluetooth_le"])
        case .cameraAny:
            return Definition(
                "Camera", .cameras,
                rule:
                    "a video4linux capture node that is not metadata, m2m codec/ISP or IPU ISYS",
                details: ["access", "devices", "ignored", "megapixels"], aliases: ["Camera"],
                apple: ["still-camera"], android: ["android.hardware.camera.any"])
        case .cameraAutofocus:
            return Definition(
                "Autofocus camera", .cameras, rule: "a camera with FOCUS_AUTO or AUTO_FOCUS_START",
                parent: .cameraAny, details: ["access"], aliases: ["Autofocus"],
                apple: ["auto-focus-camera"], android: ["android.hardware.camera.autofocus"])
        case .cameraBack:
            return Definition(
                "Back camera", .cameras, rule: "a camera whose CAMERA_ORIENTATION is back",
                parent: .cameraAny, details: ["access"], aliases: ["Back Camera", "Rear Camera"],
                android: ["android.hardware.camera"],
                notes: [
                    "android.hardware.camera":
                        "android.hardware.camera means a back (world-facing) camera"
                ])
        case .cameraExternal:
            return Definition(
                "External camera", .cameras,
                rule: "a removable (USB) camera or CAMERA_ORIENTATION external",
                parent: .cameraAny, details: ["access"], aliases: ["External Camera"],
                android: ["android.hardware.camera.external"])
        case .cameraFlash:
            return Definition(
                "Camera flash", .cameras, rule: "a flash control or a *:flash / *:torch LED",
                parent: .cameraAny, details: ["access"], aliases: ["Flash"],
                apple: ["camera-flash"], android: ["android.hardware.camera.flash"])
        case .cameraFront:
            return Definition(
                "Front camera", .cameras, rule: "a fixed UVC camera or CAMERA_ORIENTATION front",
                parent: .cameraAny, details: ["access"], aliases: ["Front Camera"],
                apple: ["front-facing-camera"], android: ["android.hardware.camera.front"])
        case .cameraVideo:
            return Definition(
                "Video", .cameras, rule: "a camera that streams video", parent: .cameraAny,
                details: ["access", "modes"], aliases: ["Video"], apple: ["video-camera"])
        case .cellular:
            return Definition(
                "Cellular", .radios,
                rule: "a WWAN modem (wwan class, DEVTYPE=wwan, cdc-wdm on qmi_wwan/cdc_mbim)",
                details: ["devices", "ignored", "modemManager"], aliases: ["Cellular"],
                apple: ["telephony"],
                android: ["android.hardware.telephony"],
                manifestOnlyAndroid: [
                    "android.hardware.telephony.calling", "android.hardware.telephony.data",
                    "android.hardware.telephony.radio.access",
                    "android.hardware.telephony.subscription",
                ],
                notes: [
                    "telephony": "Apple's key means the Phone app; checked as a cellular modem",
                    "android.hardware.telephony.subscription":
                        "a SIM subscription cannot be probed; a cellular modem is checked",
                ])
        case .cellularSMS:
            return Definition(
                "SMS", .radios, rule: "a modem with SMS (needs ModemManager)", parent: .cellular,
                apple: ["sms"], manifestOnlyAndroid: ["android.hardware.telephony.messaging"],
                notes: [
                    "sms": "Apple's key means the Messages app; checked as a modem that can do SMS"
                ])
        case .cpuArch:
            return Definition("CPU architecture", .system, details: ["arch", "hint", "kernelArch"])
        case .cpuArchARM64:
            return Definition("Runs arm64", .system, apple: ["arm64"])
        case .cpuArchARMv6:
            return Definition("Runs armv6", .system, apple: ["armv6"])
        case .cpuArchARMv7:
            return Definition("Runs armv7", .system, apple: ["armv7"])
        case .cpuArchX86_64:
            return Definition("Runs x86_64", .system)
        case .display:
            return Definition(
                "Display", .inputAndOutput, rule: "a connected DRM connector",
                details: ["devices", "dpi", "scale"],
                aliases: ["Display"],
                manifestOnlyAndroid: [
                    "android.hardware.screen.landscape", "android.hardware.screen.portrait",
                ],
                notes: [
                    "android.hardware.screen.landscape":
                        "Linux displays can be rotated; any display counts",
                    "android.hardware.screen.portrait":
                        "Linux displays can be rotated; any display counts",
                ])
        case .gpu:
            return Definition(
                "GPU", .inputAndOutput, rule: "a DRM render node or a GPU with a 3D driver",
                details: ["devices"],
                aliases: ["GPU"])
        case .gpuGLES:
            return Definition(
                "OpenGL ES", .inputAndOutput,
                rule: "a GPU whose driver and generation give a known OpenGL ES level",
                details: ["devices", "version", "versionAtLeast"])
        case .gpuVulkan:
            return Definition(
                "Vulkan", .inputAndOutput,
                rule: "a GPU whose driver and generation give a known Vulkan level",
                details: ["devices", "version", "versionAtLeast"],
                manifestOnlyAndroid: [
                    "android.hardware.vulkan.compute", "android.hardware.vulkan.level",
                    "android.hardware.vulkan.version",
                ],
                notes: [
                    "android.hardware.vulkan.compute":
                        "Android's Vulkan compute level is a CDD level; any Vulkan device is checked",
                    "android.hardware.vulkan.level":
                        "Android's Vulkan hardware level is a CDD level; any Vulkan device is checked",
                ])
        case .hapticsVibration:
            return Definition(
                "Vibration", .inputAndOutput,
                rule: "a force-feedback input device that is not a game controller",
                details: ["devices", "excluded"], aliases: ["Vibration"])
        case .inputGamepad:
            return Definition(
                "Game pad", .inputAndOutput,
                rule: "an input device flagged as a joystick or game pad",
                details: ["devices"], manifestOnlyAndroid: ["android.hardware.gamepad"])
        case .inputKeyboard:
            return Definition(
                "Keyboard", .inputAndOutput, rule: "an input device flagged as a keyboard",
                details: ["devices", "notKeyboards"])
        case .inputPointer:
            return Definition(
                "Mouse or touchpad", .inputAndOutput, rule: "a mouse or touchpad input device",
                details: ["devices"]
            )
        case .inputRemote:
            return Definition(
                "TV remote receiver", .inputAndOutput,
                rule: "an IR receiver (rc, lirc) or an HDMI-CEC adapter",
                details: ["devices"])
        case .inputTablet:
            return Definition(
                "Pen tablet", .inputAndOutput, rule: "an input device flagged as a pen tablet",
                details: ["devices"])
        case .inputTouchscreen:
            return Definition(
                "Touchscreen", .inputAndOutput,
                rule: "an input device flagged as a touchscreen (not a touchpad)",
                details: ["devices", "points"], aliases: ["Touchscreen"],
                android: ["android.hardware.touchscreen"])
        case .locationAny:
            return Definition(
                "Location", .locationAndSensors,
                rule: "a GNSS receiver or a network-location capable radio",
                details: ["devices"], aliases: ["Location"], apple: ["location-services"],
                android: ["android.hardware.location"],
                manifestOnlyAndroid: ["android.hardware.location.network"],
                notes: [
                    "android.hardware.location.network":
                        "network location is a service; any location source counts"
                ])
        case .locationGNSS:
            return Definition(
                "GPS", .locationAndSensors,
                rule: "a gnss class device, a known GPS receiver, or a modem GPS port",
                parent: .locationAny, details: ["devices"], aliases: ["GPS"],
                apple: ["gps"], android: ["android.hardware.location.gps"])
        case .memoryTotal:
            return Definition(
                "Memory", .system, rule: "installed RAM from DMI or MemTotal",
                details: ["bytes", "gib"])
        case .netWiFi:
            return Definition(
                "WiFi", .radios, rule: "an ieee80211 phy or a wlan net device",
                details: ["devices", "ignored", "radios"], aliases: ["WiFi", "Wi-Fi"],
                apple: ["wifi"], android: ["android.hardware.wifi"],
                manifestOnlyAndroid: [
                    "android.hardware.wifi.aware", "android.hardware.wifi.passpoint",
                    "android.hardware.wifi.rtt",
                ],
                notes: [
                    "android.hardware.wifi.aware":
                        "Wi-Fi Aware (NAN) support is not reported; any Wi-Fi is checked",
                    "android.hardware.wifi.passpoint":
                        "Passpoint is a supplicant feature; any Wi-Fi is checked",
                    "android.hardware.wifi.rtt":
                        "Wi-Fi RTT (802.11mc) support is not reported; any Wi-Fi is checked",
                ])
        case .nfc:
            return Definition(
                "NFC", .radios, rule: "an nfc class device", details: ["devices"], aliases: ["NFC"],
                apple: ["nfc"], android: ["android.hardware.nfc"],
                manifestOnlyAndroid: ["android.hardware.felica", "android.hardware.nfc.any"],
                notes: [
                    "android.hardware.felica":
                        "FeliCa (NFC-F) support is not reported apart; any NFC controller is checked"
                ])
        case .powerBattery:
            return Definition(
                "Battery", .power, rule: "a power_supply of type Battery with scope System",
                details: [
                    "acOnline", "devices", "level", "peripherals", "state", "status", "unreadable",
                    "valuesFrom",
                ], aliases: ["Battery"])
        case .sensorAccelerometer:
            return Definition(
                "Accelerometer", .locationAndSensors,
                rule:
                    "an IIO device with in_accel_* channels or a known accelerometer chip, or an accelerometer input device",
                details: ["devices", "freefall", "gamepads", "otherIIO"],
                aliases: ["Accelerometer"], apple: ["accelerometer"],
                android: ["android.hardware.sensor.accelerometer"],
                manifestOnlyAndroid: [
                    "android.hardware.sensor.accelerometer_limited_axes",
                    "android.hardware.sensor.accelerometer_limited_axes_uncalibrated",
                ])
        case .sensorBarometer:
            return Definition(
                "Barometer", .locationAndSensors,
                rule: "an IIO device with in_pressure channels or a known pressure chip",
                details: ["devices", "otherIIO"], aliases: ["Barometer"],
                android: ["android.hardware.sensor.barometer"])
        case .sensorGyroscope:
            return Definition(
                "Gyroscope", .locationAndSensors,
                rule: "an IIO device with in_anglvel_* channels or a known gyroscope chip",
                details: ["devices", "otherIIO"], aliases: ["Gyroscope"],
                apple: ["gyroscope"], android: ["android.hardware.sensor.gyroscope"],
                manifestOnlyAndroid: [
                    "android.hardware.sensor.gyroscope_limited_axes",
                    "android.hardware.sensor.gyroscope_limited_axes_uncalibrated",
                ])
        case .sensorHumidity:
            return Definition(
                "Humidity sensor", .locationAndSensors,
                rule: "an IIO device with in_humidityrelative channels or a known humidity chip",
                details: ["devices", "otherIIO"], aliases: ["Humidity"],
                manifestOnlyAndroid: ["android.hardware.sensor.relative_humidity"])
        case .sensorLight:
            return Definition(
                "Ambient light sensor", .locationAndSensors,
                rule: "an IIO device with illuminance channels or hwmon light",
                details: ["devices", "otherIIO"], aliases: ["Light Sensor"],
                android: ["android.hardware.sensor.light"], noun: "light sensor")
        case .sensorMagnetometer:
            return Definition(
                "Magnetometer", .locationAndSensors,
                rule: "an IIO device with in_magn_* channels or a HID compass",
                details: ["devices", "otherIIO"], aliases: ["Magnetometer", "Compass"],
                apple: ["magnetometer"], android: ["android.hardware.sensor.compass"],
                manifestOnlyAndroid: ["android.hardware.sensor.heading"],
                notes: [
                    "android.hardware.sensor.heading":
                        "a heading sensor is fused from a magnetometer"
                ])
        case .sensorProximity:
            return Definition(
                "Proximity Sensor", .locationAndSensors,
                rule: "an IIO proximity channel or an input SW_FRONT_PROXIMITY switch",
                details: ["devices", "near", "otherIIO", "presence"],
                aliases: ["Proximity Sensor", "Proximity"],
                android: ["android.hardware.sensor.proximity"])
        case .sensorSteps:
            return Definition(
                "Step counter", .locationAndSensors, rule: "an IIO device with in_steps channels",
                details: ["devices", "otherIIO"],
                manifestOnlyAndroid: [
                    "android.hardware.sensor.stepcounter", "android.hardware.sensor.stepdetector",
                ])
        case .biometricFingerprint:
            return Definition(
                "Fingerprint reader", .other, android: ["android.hardware.fingerprint"])
        case .cellularCDMA:
            return Definition("CDMA", .radios, android: ["android.hardware.telephony.cdma"])
        case .cellularGSM:
            return Definition("GSM", .radios, android: ["android.hardware.telephony.gsm"])
        case .cpuARM64PAC:
            return Definition(
                "arm64 pointer authentication", .system, apple: ["arm64e"],
                notes: [
                    "arm64e":
                        "arm64e is Apple's pointer-authentication ABI; the nearest Linux fact is PAC support"
                ])
        case .irTransmit:
            return Definition("IR transmitter", .other, android: ["android.hardware.consumerir"])
        case .netEthernet:
            return Definition("Ethernet", .radios, android: ["android.hardware.ethernet"])
        case .netWiFiP2P:
            return Definition("WiFi Direct", .radios, android: ["android.hardware.wifi.direct"])
        case .sensorHinge:
            return Definition(
                "Hinge angle sensor", .locationAndSensors,
                android: ["android.hardware.sensor.hinge_angle"])
        case .sensorTemperatureAmbient:
            return Definition(
                "Ambient temperature sensor", .locationAndSensors,
                android: ["android.hardware.sensor.ambient_temperature"])
        case .usbGadget:
            return Definition(
                "USB device mode", .other, android: ["android.hardware.usb.accessory"])
        case .usbHost:
            return Definition("USB host mode", .other, android: ["android.hardware.usb.host"])
        case .uwb: return Definition("Ultra-wideband", .other, android: ["android.hardware.uwb"])
        }
    }
}
