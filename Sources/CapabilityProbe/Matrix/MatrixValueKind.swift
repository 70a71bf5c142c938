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
}
