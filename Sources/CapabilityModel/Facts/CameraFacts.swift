import CapabilitySupport
import FoundationEssentials

/// What V4L2 ioctls tell about one video node, stored in ``KernelFacts/v4l2``.
///
/// Built live by ``V4L2Probe``, kept in snapshots (``KernelFacts/v4l2``, `Codable`) and read
/// back from them, so probers classify offline.
public struct CameraFacts: Sendable, Hashable {
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
    package init(
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
    package var isTouch: Bool { capabilities & V4L2.capTouch != 0 }

    /// Whether this node only carries metadata (`META_CAPTURE` without video capture).
    package var isMetadataOnly: Bool {
        capabilities & V4L2.capMetaCapture != 0 && !capturesVideo
    }

    /// Whether the node captures video.
    package var capturesVideo: Bool {
        capabilities & (V4L2.capVideoCapture | V4L2.capVideoCaptureMultiplanar) != 0
    }

    /// Whether the node is a camera: captures video, is not memory-to-memory or touch,
    /// and enumerates at least one capture format.
    var isCamera: Bool {
        let m2m = V4L2.capVideoMemoryToMemory | V4L2.capVideoMemoryToMemoryMultiplanar
        return capturesVideo && capabilities & m2m == 0 && !isTouch && !formats.isEmpty
    }

    /// Whether the camera looks infrared: only grey/depth formats, or "IR" in its name.
    package var isInfrared: Bool {
        if !formats.isEmpty && formats.allSatisfy({ Self.infraredFormats.contains($0) }) {
            return true
        }
        return Self.namesInfrared(card)
    }

    /// Whether a camera name says infrared (`HP IR Camera`, `… Infrared …`).
    /// - Parameter name: The card or product name.
    /// - Returns: `true` when the word `IR` or "infrared" appears.
    package static func namesInfrared(_ name: String) -> Bool {
        let words = name.split { !$0.isLetter && !$0.isNumber }
        return words.contains("IR") || name.lowercased().contains("infrared")
    }

    /// Formats a mode as `WxH@fps`, the rate rounded to an integer.
    /// - Parameters:
    ///   - width: Frame width.
    ///   - height: Frame height.
    ///   - framesPerSecond: Frame rate.
    /// - Returns: e.g. `1280x720@30`.
    package static func mode(width: Int, height: Int, framesPerSecond: Double) -> String {
        "\(width)x\(height)@\(CheckedNumber.int(framesPerSecond) ?? 0)"
    }

    /// Parses `WxH@fps`.
    /// - Parameter mode: The mode text.
    /// - Returns: Width, height and rate, or `nil` when malformed.
    static func parseMode(_ mode: String) -> (width: Int, height: Int, fps: Int)? {
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
    package static func sortedModes(_ modes: Set<String>) -> [String] {
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
    package static func facing(orientation: String?, removable: String?) -> String? {
        if let orientation { return orientation }
        guard let removable = removable?.trimming(.whitespacesAndNewlines) else {
            return nil
        }
        return removable == "fixed" ? "front" : "external"
    }

    /// Maps the `CAMERA_ORIENTATION` value (0 front, 1 back, 2 external; other values →
    /// external, as libcamera does).
    /// - Parameter value: The control's value.
    /// - Returns: The facing name.
    package static func orientationName(_ value: Int32) -> String {
        switch value {
        case 0: return "front"
        case 1: return "back"
        default: return "external"
        }
    }
}

extension CameraFacts: Codable {
    /// The JSON keys under `v4l2` in a snapshot record's `facts`. `modes`, `megapixels`,
    /// `touch`, `metadata_only`, `camera` and `infrared` are derived: written for readers of
    /// the snapshot, not read back.
    package enum CodingKeys: String, CodingKey {
        case driver, card, busInfo = "bus_info", capabilities = "device_caps", formats
        case formatModes = "format_modes", still, controls, autofocus, flash, orientation
        case modes, megapixels, touch, metadataOnly = "metadata_only", camera, infrared
    }

    /// The `still` object's keys.
    package enum SizeKeys: String, CodingKey {
        case width, height
    }

    /// Encodes the facts; keys whose value is unknown are left out.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(driver, forKey: .driver)
        try container.encode(card, forKey: .card)
        try container.encode(busInfo, forKey: .busInfo)
        try container.encode(Int(capabilities), forKey: .capabilities)
        try container.encode(formats, forKey: .formats)
        try container.encode(formatModes, forKey: .formatModes)
        try container.encode(modes, forKey: .modes)
        try container.encode(controls, forKey: .controls)
        try container.encode(isTouch, forKey: .touch)
        try container.encode(isMetadataOnly, forKey: .metadataOnly)
        try container.encode(isCamera, forKey: .camera)
        try container.encode(isInfrared, forKey: .infrared)
        if let stillWidth, let stillHeight {
            var still = container.nestedContainer(keyedBy: SizeKeys.self, forKey: .still)
            try still.encode(stillWidth, forKey: .width)
            try still.encode(stillHeight, forKey: .height)
        }
        try container.encodeIfPresent(megapixels, forKey: .megapixels)
        try container.encodeIfPresent(autofocus, forKey: .autofocus)
        try container.encodeIfPresent(flash, forKey: .flash)
        try container.encodeIfPresent(orientation, forKey: .orientation)
    }

    /// Reads recorded facts leniently: `driver` and `device_caps` are needed, other fields
    /// of the wrong type read as missing, and sizes out of range as unknown.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object or lacks `driver` or
    ///   `device_caps`.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        guard let driver = fields.string(.driver),
            let capabilities = fields.value(Double.self, .capabilities)
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no driver or device_caps"))
        }
        var formatModes: [String: [String]] = [:]
        for (format, modes) in fields.object(.formatModes) ?? [:] {
            formatModes[format] = modes.arrayValue?.compactMap(\.stringValue) ?? []
        }
        let still = fields.object(.still)
        let side = { (key: SizeKeys) in
            CheckedNumber.dimension(still?[key.rawValue]?.doubleValue.flatMap(CheckedNumber.int))
        }
        self.init(
            driver: driver, card: fields.string(.card) ?? "",
            busInfo: fields.string(.busInfo) ?? "",
            capabilities: UInt32(clamping: CheckedNumber.int(capabilities) ?? 0),
            formats: fields.strings(.formats), formatModes: formatModes,
            stillWidth: side(.width), stillHeight: side(.height),
            autofocus: fields.bool(.autofocus), flash: fields.bool(.flash),
            orientation: fields.string(.orientation), controls: fields.strings(.controls))
    }

    /// The stored facts of a device, or why they are unknown.
    /// - Parameter recorded: ``KernelFacts/v4l2``, possibly missing.
    /// - Returns: The facts, or `unknown` with the recorded error or "no V4L2 facts recorded".
    package static func result(from recorded: KernelProbeResult<CameraFacts>?)
        -> KernelProbeResult<CameraFacts>
    {
        recorded ?? .unknown(reason: "no V4L2 facts recorded (source without kernel probes)")
    }
}

/// Controls of a V4L2 sub-device (`/dev/v4l-subdevN`: a MIPI camera sensor, lens or
/// flash driver), stored in ``KernelFacts/v4l2Subdevice``.
///
/// On MIPI cameras the sensor sub-device, not the capture node, carries
/// `CAMERA_ORIENTATION` (libcamera reads it there); flash drivers carry `FLASH_LED_MODE`
/// and lens (VCM) drivers the focus controls.
public struct V4L2SubdeviceFacts: Sendable, Hashable {
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
    package init(orientation: String?, autofocus: Bool, flash: Bool, controls: [String]) {
        self.orientation = orientation
        self.autofocus = autofocus
        self.flash = flash
        self.controls = controls
    }

    /// Facts from the enabled controls of a node.
    /// - Parameter controls: `VIDIOC_QUERYCTRL` replies.
    package init(controls: [V4L2Control]) {
        let ids = Set(controls.map(\.id))
        let orientation = controls.first { $0.id == V4L2.controlCameraOrientation }
        self.init(
            orientation: orientation.map { CameraFacts.orientationName($0.defaultValue) },
            autofocus: ids.contains(V4L2.controlFocusAuto)
                || ids.contains(V4L2.controlAutoFocusStart),
            flash: ids.contains(V4L2.controlFlashLEDMode),
            controls: Set(controls.map(\.name)).sorted())
    }
}

extension V4L2SubdeviceFacts: Codable {
    /// The JSON keys under `v4l2_subdev` in a snapshot record's `facts`.
    package enum CodingKeys: String, CodingKey {
        case orientation, autofocus, flash, controls
    }

    /// Encodes `orientation` (when known), `autofocus`, `flash` and `controls`.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(autofocus, forKey: .autofocus)
        try container.encode(flash, forKey: .flash)
        try container.encode(controls, forKey: .controls)
        try container.encodeIfPresent(orientation, forKey: .orientation)
    }

    /// Reads recorded facts leniently; `autofocus` and `flash` are needed.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object or lacks either flag.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        guard let autofocus = fields.bool(.autofocus), let flash = fields.bool(.flash) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no autofocus or flash"))
        }
        self.init(
            orientation: fields.string(.orientation), autofocus: autofocus, flash: flash,
            controls: fields.strings(.controls))
    }
}

/// Flash and torch LEDs of cameras: LED class devices named `*:flash` or `*:torch`
/// (the names feedbackd's rules key on).
package enum CameraFlashLEDs {
    /// The flash/torch LED names in the records, sorted.
    /// - Parameter devices: All records.
    /// - Returns: e.g. `["white:flash"]`.
    package static func names(in devices: [Device]) -> [String] {
        devices.filter { device in
            device.is(.leds)
                && (device.sysname.hasSuffix(":flash") || device.sysname.hasSuffix(":torch"))
        }.map(\.sysname).sorted()
    }
}
