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
