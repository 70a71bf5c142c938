/// A numeric fact a predicate can test, and where it lives in a capability report.
public enum PredicateSubject: String, Sendable, Hashable, CaseIterable {
    /// Largest still size of one non-IR camera, in megapixels.
    case cameraMegapixels = "camera.megapixels"
    /// Video capture modes `WxH@fps`.
    case cameraVideo = "camera.video"
    /// Installed RAM in bytes.
    case memoryTotal = "memory.total"
    /// Integer display scale (max over connected displays).
    case displayScale = "display.scale"
    /// Display density in dots per inch.
    case displayDPI = "display.dpi"
    /// Simultaneous touch points.
    case touchscreenPoints = "input.touchscreen.points"
    /// OpenGL ES version.
    case glesVersion = "gpu.gles"
    /// Vulkan API version.
    case vulkanVersion = "gpu.vulkan"

    /// The finding that carries the fact.
    public var capability: String {
        switch self {
        case .cameraMegapixels: return "camera.any"
        case .cameraVideo: return "camera.video"
        case .memoryTotal: return "memory.total"
        case .displayScale, .displayDPI: return "display"
        case .touchscreenPoints: return "input.touchscreen"
        case .glesVersion: return "gpu.gles"
        case .vulkanVersion: return "gpu.vulkan"
        }
    }

    /// The key in the finding's `details`.
    public var detailKey: String {
        switch self {
        case .cameraMegapixels: return "megapixels"
        case .cameraVideo: return "modes"
        case .memoryTotal: return "bytes"
        case .displayScale: return "scale"
        case .displayDPI: return "dpi"
        case .touchscreenPoints: return "points"
        case .glesVersion, .vulkanVersion: return "version"
        }
    }

    /// An example of a valid value, for error messages.
    var example: String {
        switch self {
        case .cameraMegapixels: return "a number such as 5"
        case .cameraVideo: return "a mode such as 1280x720@30"
        case .memoryTotal: return "a size such as 3GiB"
        case .displayScale: return "a number such as 2"
        case .displayDPI: return "a number such as 200"
        case .touchscreenPoints: return "a number such as 5"
        case .glesVersion: return "a version such as 3.1"
        case .vulkanVersion: return "a version such as 1.1"
        }
    }
}
