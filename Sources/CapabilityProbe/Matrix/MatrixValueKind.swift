/// A numeric or text column of a device matrix that feeds a finding's details.
public enum MatrixValueKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Still size in megapixels → `camera.any` details `megapixels` (largest wins).
    case stillMegapixels
    /// Still width in pixels (megapixels = width × height / 1e6 when no megapixel column).
    case stillWidth
    /// Still height in pixels.
    case stillHeight
    /// Video width in pixels (joins `videoMode` for the frame rate).
    case videoWidth
    /// Video height in pixels.
    case videoHeight
    /// A video mode as printed: `720p at 30fps`, `VGA at 30fps`, `1280x720@30`, `No`.
    case videoMode
    /// A list of modes `WxH@fps`, separated by spaces, commas or semicolons.
    case videoModes
    /// Installed RAM (`4 GiB`, `512 MB`, `4294967296`) → `memory.total` details `bytes`.
    case memoryBytes
    /// Display scale factor → `display` details `scale`.
    case displayScale
    /// Display density → `display` details `dpi`.
    case displayDPI
    /// Simultaneous touch points → `input.touchscreen` details `points`.
    case touchPoints
    /// Free text kept with the row and never evaluated.
    case notes

    /// The finding whose details this column feeds, if any.
    public var capabilityID: String? {
        switch self {
        case .stillMegapixels, .stillWidth, .stillHeight: return "camera.any"
        case .videoWidth, .videoHeight, .videoMode, .videoModes: return "camera.video"
        case .memoryBytes: return "memory.total"
        case .displayScale, .displayDPI: return "display"
        case .touchPoints: return "input.touchscreen"
        case .notes: return nil
        }
    }
}
