import Foundation

/// What V4L2 ioctls tell about one video node, stored in `Device.facts["v4l2"]`.
///
/// Built live by ``V4L2Probe``, kept as JSON in snapshots and read back with
/// ``init(json:)`` or ``result(from:)``, so probers classify offline.
public struct CameraFacts: Sendable, Equatable {
    /// The driver name (`uvcvideo`).
    public var driver: String
    /// The card name.
    public var card: String
    /// The bus location.
    public var busInfo: String
    /// The node's capability bits (`device_caps` when valid).
    public var capabilities: UInt32
    /// Capture pixel formats as FourCC text, sorted (`MJPG`, `YUYV`).
    public var formats: [String]
    /// Video modes per format: FourCC → `WxH@fps`, sorted by size then rate.
    public var formatModes: [String: [String]]
    /// The largest still size over all capture formats (discrete or stepwise maximum).
    public var stillWidth: Int?
    /// The height of ``stillWidth``'s size.
    public var stillHeight: Int?
    /// Whether an autofocus control exists (`FOCUS_AUTO` or `AUTO_FOCUS_START`); `nil`
    /// when the controls could not be read.
    public var autofocus: Bool?
    /// Whether a `FLASH_LED_MODE` control exists on this node; `nil` when unreadable.
    public var flash: Bool?
    /// `CAMERA_ORIENTATION`: `front`, `back` or `external`; `nil` without the control.
    public var orientation: String?
    /// Names of the enabled controls, sorted.
    public var controls: [String]

    /// Creates facts.
    /// - Parameters:
    ///   - driver: The driver name.
    ///   - card: The card name.
    ///   - busInfo: The bus location.
    ///   - capabilities: The node's capability bits.
    ///   - formats: Capture FourCCs.
    ///   - formatModes: Modes per FourCC.
    ///   - stillWidth: Largest still width.
    ///   - stillHeight: Largest still height.
    ///   - autofocus: Autofocus control present.
    ///   - flash: Flash control present.
    ///   - orientation: Facing from `CAMERA_ORIENTATION`.
    ///   - controls: Control names.
    public init(
        driver: String, card: String, busInfo: String, capabilities: UInt32, formats: [String] = [],
        formatModes: [String: [String]] = [:], stillWidth: Int? = nil, stillHeight: Int? = nil,
        autofocus: Bool? = nil, flash: Bool? = nil, orientation: String? = nil,
        controls: [String] = []
    ) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.capabilities = capabilities
        self.formats = formats
        self.formatModes = formatModes
        self.stillWidth = stillWidth
        self.stillHeight = stillHeight
        self.autofocus = autofocus
        self.flash = flash
        self.orientation = orientation
        self.controls = controls
    }

    /// FourCCs of infrared / depth sensors (Windows Hello cameras).
    static let infraredFormats: Set<String> = [
        "GREY", "Y8", "Y10", "Y12", "Y16", "Y8I", "Y12I", "Z16", "Y10B", "INVZ",
    ]

    /// All modes over all formats, deduplicated, sorted by width, height, then rate.
    public var modes: [String] {
        Self.sortedModes(Set(formatModes.values.flatMap { $0 }))
    }

    /// Megapixels of the largest still size (`W*H/1e6`), or `nil` when unknown.
    public var megapixels: Double? {
        guard let stillWidth, let stillHeight, stillWidth > 0, stillHeight > 0 else { return nil }
        return Double(stillWidth) * Double(stillHeight) / 1_000_000
    }

    /// Whether this is a touch sensor node (`V4L2_CAP_TOUCH`): never a camera.
    public var isTouch: Bool { capabilities & V4L2.capTouch != 0 }

    /// Whether this node only carries metadata (`META_CAPTURE` without video capture).
    public var isMetadataOnly: Bool {
        capabilities & V4L2.capMetaCapture != 0 && !capturesVideo
    }

    /// Whether the node captures video.
    public var capturesVideo: Bool {
        capabilities & (V4L2.capVideoCapture | V4L2.capVideoCaptureMultiplanar) != 0
    }

    /// Whether the node is a camera: captures video, is not memory-to-memory or touch,
    /// and enumerates at least one capture format.
    public var isCamera: Bool {
        let m2m = V4L2.capVideoMemoryToMemory | V4L2.capVideoMemoryToMemoryMultiplanar
        return capturesVideo && capabilities & m2m == 0 && !isTouch && !formats.isEmpty
    }

    /// Whether the camera looks infrared: only grey/depth formats, or "IR" in its name.
    public var isInfrared: Bool {
        if !formats.isEmpty && formats.allSatisfy({ Self.infraredFormats.contains($0) }) {
            return true
        }
        return Self.namesInfrared(card)
    }

    /// Whether a camera name says infrared (`HP IR Camera`, `… Infrared …`).
    /// - Parameter name: The card or product name.
    /// - Returns: `true` when the word `IR` or "infrared" appears.
    public static func namesInfrared(_ name: String) -> Bool {
        let words = name.split { !$0.isLetter && !$0.isNumber }
        return words.contains("IR") || name.localizedCaseInsensitiveContains("infrared")
    }

    /// Formats a mode as `WxH@fps`, the rate rounded to an integer.
    /// - Parameters:
    ///   - width: Frame width.
    ///   - height: Frame height.
    ///   - framesPerSecond: Frame rate.
    /// - Returns: e.g. `1280x720@30`.
    public static func mode(width: Int, height: Int, framesPerSecond: Double) -> String {
        "\(width)x\(height)@\(CheckedNumber.int(framesPerSecond) ?? 0)"
    }

    /// Parses `WxH@fps`.
    /// - Parameter mode: The mode text.
    /// - Returns: Width, height and rate, or `nil` when malformed.
    public static func parseMode(_ mode: String) -> (width: Int, height: Int, fps: Int)? {
        let parts = mode.split(separator: "@")
        guard parts.count == 2, let fps = Int(parts[1]),
            (0...CheckedNumber.maximumDimension).contains(fps)
        else { return nil }
        let size = parts[0].split(separator: "x")
        guard size.count == 2, let width = CheckedNumber.dimension(Int(size[0])),
            let height = CheckedNumber.dimension(Int(size[1]))
        else {
            return nil
        }
        return (width, height, fps)
    }

    /// Sorts modes by width, height, then rate (numerically), dropping malformed ones last.
    static func sortedModes(_ modes: Set<String>) -> [String] {
        modes.sorted { left, right in
            guard let a = parseMode(left), let b = parseMode(right) else { return left < right }
            return (a.width, a.height, a.fps) < (b.width, b.height, b.fps)
        }
    }

    /// The facing of a camera: `CAMERA_ORIENTATION` when known, else libcamera's UVC rule
    /// on the USB device's `removable` attribute (`fixed` → front, anything else →
    /// external); `nil` (unknown) when neither is known.
    /// - Parameters:
    ///   - orientation: ``orientation`` from the facts.
    ///   - removable: The `removable` sysfs attribute of the camera's USB device.
    /// - Returns: `front`, `back`, `external` or `nil`.
    public static func facing(orientation: String?, removable: String?) -> String? {
        if let orientation { return orientation }
        guard let removable = removable?.trimmingCharacters(in: .whitespacesAndNewlines) else {
            return nil
        }
        return removable == "fixed" ? "front" : "external"
    }

    /// Maps the `CAMERA_ORIENTATION` value (0 front, 1 back, 2 external; other values →
    /// external, as libcamera does).
    /// - Parameter value: The control's value.
    /// - Returns: The facing name.
    public static func orientationName(_ value: Int32) -> String {
        switch value {
        case 0: return "front"
        case 1: return "back"
        default: return "external"
        }
    }
}

extension CameraFacts {
    /// The facts as the JSON object stored in `Device.facts["v4l2"]`.
    ///
    /// Keys: `driver`, `card`, `bus_info`, `device_caps`, `formats`, `format_modes`,
    /// `modes`, `still` {`width`,`height`}, `megapixels`, `autofocus`, `flash`,
    /// `orientation`, `controls`, `touch`, `metadata_only`, `camera`, `infrared`. Keys whose
    /// value is unknown are left out.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "driver": .string(driver), "card": .string(card), "bus_info": .string(busInfo),
            "device_caps": .int(Int(capabilities)),
            "formats": .array(formats.map(JSONValue.string)),
            "format_modes": .object(formatModes.mapValues { .array($0.map(JSONValue.string)) }),
            "modes": .array(modes.map(JSONValue.string)),
            "controls": .array(controls.map(JSONValue.string)),
            "touch": .bool(isTouch), "metadata_only": .bool(isMetadataOnly),
            "camera": .bool(isCamera),
            "infrared": .bool(isInfrared),
        ]
        if let stillWidth, let stillHeight {
            object["still"] = .object(["width": .int(stillWidth), "height": .int(stillHeight)])
        }
        if let megapixels { object["megapixels"] = .double(megapixels) }
        if let autofocus { object["autofocus"] = .bool(autofocus) }
        if let flash { object["flash"] = .bool(flash) }
        if let orientation { object["orientation"] = .string(orientation) }
        return .object(object)
    }

    /// Reads facts back from ``json``; `nil` when the object holds an `error` or is not facts.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, object["error"] == nil,
            let driver = object["driver"]?.stringValue,
            let caps = object["device_caps"]?.doubleValue
        else { return nil }
        let strings: (String) -> [String] = { key in
            object[key]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        var formatModes: [String: [String]] = [:]
        for (format, modes) in object["format_modes"]?.objectValue ?? [:] {
            formatModes[format] = modes.arrayValue?.compactMap(\.stringValue) ?? []
        }
        let still = object["still"]?.objectValue
        self.init(
            driver: driver, card: object["card"]?.stringValue ?? "",
            busInfo: object["bus_info"]?.stringValue ?? "",
            capabilities: UInt32(clamping: CheckedNumber.int(caps) ?? 0),
            formats: strings("formats"), formatModes: formatModes,
            stillWidth: CheckedNumber.dimension(
                still?["width"]?.doubleValue.flatMap(CheckedNumber.int)),
            stillHeight: CheckedNumber.dimension(
                still?["height"]?.doubleValue.flatMap(CheckedNumber.int)),
            autofocus: object["autofocus"]?.boolValue, flash: object["flash"]?.boolValue,
            orientation: object["orientation"]?.stringValue, controls: strings("controls"))
    }

    /// Reads the stored facts of a device, or says why they are unknown.
    /// - Parameter json: `Device.facts["v4l2"]`, possibly missing.
    /// - Returns: The facts, or `unknown` with the recorded error or "no V4L2 facts recorded".
    public static func result(from json: JSONValue?) -> KernelProbeResult<CameraFacts> {
        guard let json else {
            return .unknown(reason: "no V4L2 facts recorded (source without kernel probes)")
        }
        if let error = json.objectValue?["error"]?.stringValue { return .unknown(reason: error) }
        guard let facts = CameraFacts(json: json) else {
            return .unknown(reason: "recorded V4L2 facts are malformed")
        }
        return .value(facts)
    }
}

/// Controls of a V4L2 sub-device (`/dev/v4l-subdevN`: a MIPI camera sensor, lens or
/// flash driver), stored in `Device.facts["v4l2_subdev"]`.
///
/// On MIPI cameras the sensor sub-device, not the capture node, carries
/// `CAMERA_ORIENTATION` (libcamera reads it there); flash drivers carry `FLASH_LED_MODE`
/// and lens (VCM) drivers the focus controls.
public struct V4L2SubdeviceFacts: Sendable, Equatable {
    /// `front`, `back` or `external` from `CAMERA_ORIENTATION`, `nil` without the control.
    public var orientation: String?
    /// Whether an autofocus control exists.
    public var autofocus: Bool
    /// Whether `FLASH_LED_MODE` exists.
    public var flash: Bool
    /// Names of the enabled controls, sorted.
    public var controls: [String]

    /// Creates facts.
    /// - Parameters:
    ///   - orientation: Facing.
    ///   - autofocus: Autofocus control present.
    ///   - flash: Flash control present.
    ///   - controls: Control names.
    public init(orientation: String?, autofocus: Bool, flash: Bool, controls: [String]) {
        self.orientation = orientation
        self.autofocus = autofocus
        self.flash = flash
        self.controls = controls
    }

    /// Facts from the enabled controls of a node.
    /// - Parameter controls: `VIDIOC_QUERYCTRL` replies.
    public init(controls: [V4L2Control]) {
        let ids = Set(controls.map(\.id))
        let orientation = controls.first { $0.id == V4L2.controlCameraOrientation }
        self.init(
            orientation: orientation.map { CameraFacts.orientationName($0.defaultValue) },
            autofocus: ids.contains(V4L2.controlFocusAuto)
                || ids.contains(V4L2.controlAutoFocusStart),
            flash: ids.contains(V4L2.controlFlashLEDMode),
            controls: Set(controls.map(\.name)).sorted())
    }

    /// The JSON object: `orientation` (when known), `autofocus`, `flash`, `controls`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "autofocus": .bool(autofocus), "flash": .bool(flash),
            "controls": .array(controls.map(JSONValue.string)),
        ]
        if let orientation { object["orientation"] = .string(orientation) }
        return .object(object)
    }

    /// Reads facts back from ``json``; `nil` for an `error` object.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, object["error"] == nil,
            let autofocus = object["autofocus"]?.boolValue, let flash = object["flash"]?.boolValue
        else { return nil }
        self.init(
            orientation: object["orientation"]?.stringValue, autofocus: autofocus, flash: flash,
            controls: object["controls"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }
}

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
