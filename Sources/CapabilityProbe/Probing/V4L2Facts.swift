/// What a V4L2 kernel probe recorded for one video node, read from `Device.facts["v4l2"]`.
///
/// Expected shape (every key optional; a missing key means "not read"):
/// `{"capabilities": Int, "device_caps": Int, "driver": String, "card": String,
///   "formats": ["YUYV", "MJPG", …], "modes": ["1280x720@30", …], "megapixels": Double,
///   "orientation": "front"|"back"|"external", "autofocus": Bool, "flash": Bool}`.
/// `capabilities`/`device_caps` are the `VIDIOC_QUERYCAP` words; `device_caps` wins.
struct V4L2Facts: Sendable {
    /// V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE.
    static let captureBits = 0x0000_0001 | 0x0000_1000
    /// V4L2_CAP_VIDEO_OUTPUT | V4L2_CAP_VIDEO_OUTPUT_MPLANE.
    static let outputBits = 0x0000_0002 | 0x0000_2000
    /// V4L2_CAP_VIDEO_M2M | V4L2_CAP_VIDEO_M2M_MPLANE.
    static let memoryToMemoryBits = 0x0000_8000 | 0x0000_4000
    /// V4L2_CAP_META_CAPTURE.
    static let metadataBit = 0x0080_0000
    /// V4L2_CAP_TOUCH.
    static let touchBit = 0x1000_0000
    /// V4L2_CAP_DEVICE_CAPS.
    static let deviceCapsBit = Int(0x8000_0000)

    /// The capability word that describes this node, if recorded.
    var caps: Int?
    /// The driver name from QUERYCAP.
    var driver: String?
    /// The card name from QUERYCAP.
    var card: String?
    /// Capture pixel formats as fourcc strings.
    var formats: [String]?
    /// Video modes `WxH@fps`.
    var modes: [String]?
    /// Largest still size in megapixels.
    var megapixels: Double?
    /// Facing from the sensor's CAMERA_ORIENTATION control.
    var orientation: String?
    /// Whether an autofocus control exists.
    var autofocus: Bool?
    /// Whether a flash control exists.
    var flash: Bool?

    /// Reads the facts of a device; nil when no V4L2 probe ran.
    init?(_ device: Device) {
        guard let object = device.facts["v4l2"]?.objectValue else { return nil }
        let capabilities = object["capabilities"]?.doubleValue.map { Int($0) }
        let deviceCaps = object["device_caps"]?.doubleValue.map { Int($0) }
        if let deviceCaps, capabilities.map({ $0 & Self.deviceCapsBit != 0 }) ?? true {
            caps = deviceCaps
        } else {
            caps = capabilities
        }
        driver = object["driver"]?.stringValue
        card = object["card"]?.stringValue
        formats = object["formats"]?.arrayValue?.compactMap(\.stringValue)
        modes = object["modes"]?.arrayValue?.compactMap(\.stringValue)
        megapixels = object["megapixels"]?.doubleValue
        orientation = object["orientation"]?.stringValue?.lowercased()
        autofocus = object["autofocus"]?.boolValue
        flash = object["flash"]?.boolValue
        if megapixels == nil, let modes {
            let pixels = modes.compactMap(Self.pixels).max()
            megapixels = pixels.map { Double($0) / 1_000_000 }
        }
    }

    /// Whether the node captures video frames (not metadata, not m2m, not touch).
    var isCapture: Bool? {
        guard let caps else { return nil }
        if caps & Self.memoryToMemoryBits != 0 || caps & Self.touchBit != 0 { return false }
        return caps & Self.captureBits != 0
    }

    /// Whether the node is a video output (a loopback before its producer runs).
    var isOutput: Bool? {
        guard let caps else { return nil }
        return caps & Self.outputBits != 0 && caps & Self.memoryToMemoryBits == 0
    }

    /// Whether every capture format is a greyscale/IR format.
    var isInfraredOnly: Bool? {
        guard let formats, !formats.isEmpty else { return nil }
        let grey: Set<String> = [
            "GREY", "Y8", "Y8I", "Y10", "Y12", "Y16", "Y10B", "Y12I", "Z16", "INVZ",
        ]
        return formats.allSatisfy {
            grey.contains($0.uppercased().trimmingCharacters(in: .whitespaces))
        }
    }

    /// `1280x720@30` → 921600.
    static func pixels(_ mode: String) -> Int? {
        let size = mode.split(separator: "@").first ?? ""
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return parts[0] * parts[1]
    }
}
