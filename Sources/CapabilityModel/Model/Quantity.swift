/// A measured fact a finding carries in its details: the one table that manifest predicates
/// (`memory.total >= 3GiB`) and matrix value columns (`RAM`) both read.
///
/// Each quantity names the finding that carries it, the detail key it is stored under, its
/// unit, an example value for error messages, and the matrix column headers that give it.
public enum Quantity: String, Sendable, Hashable, CaseIterable {
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

    /// How a quantity's values are written and compared.
    public enum Unit: Sendable, Hashable {
        /// A plain non-negative number.
        case number
        /// A number of megapixels (shown with `MP`).
        case megapixels
        /// A size in bytes (`3GiB`, `512 MB`).
        case bytes
        /// A list of video modes `WxH@fps`.
        case videoModes
        /// A dotted version (`3.1`).
        case version
    }

    /// What the table says of one quantity.
    public struct Definition: Sendable {
        /// The finding that carries it.
        public var capability: CapabilityID
        /// The key in the finding's `details`.
        public var detailKey: String
        /// How its values are written.
        public var unit: Unit
        /// An example of a valid value, for error messages (`a size such as 3GiB`).
        public var example: String
        /// Matrix column headers whose cells give it (`RAM`, `Memory`).
        public var matrixAliases: [String]
        /// The label of its value row in feature tables (`Display DPI`); nil when it has no
        /// row (the GPU API versions have none).
        public var featureTableLabel: String?

        init(
            _ capability: CapabilityID, _ detailKey: String, _ unit: Unit, example: String,
            matrix: [String] = [], featureTable: String? = nil
        ) {
            self.capability = capability
            self.detailKey = detailKey
            self.unit = unit
            self.example = example
            self.matrixAliases = matrix
            self.featureTableLabel = featureTable
        }
    }

    /// The finding that carries the fact.
    public var capability: CapabilityID { definition.capability }

    /// The key in the finding's `details`.
    package var detailKey: String { definition.detailKey }

    /// An example of a valid value, for error messages.
    package var example: String { definition.example }

    /// The table.
    public var definition: Definition {
        switch self {
        case .cameraMegapixels:
            return Definition(
                .cameraAny, "megapixels", .megapixels, example: "a number such as 5",
                matrix: ["StillMegapixels", "camera.megapixels", "Megapixels"],
                featureTable: "Camera megapixels")
        case .cameraVideo:
            return Definition(
                .cameraVideo, "modes", .videoModes, example: "a mode such as 1280x720@30",
                matrix: ["VideoModes", "camera.video.modes"], featureTable: "Video modes")
        case .memoryTotal:
            return Definition(
                .memoryTotal, "bytes", .bytes, example: "a size such as 3GiB",
                matrix: ["memory.total.bytes", "RAM", "Memory"], featureTable: "Memory")
        case .displayScale:
            return Definition(
                .display, "scale", .number, example: "a number such as 2",
                matrix: ["display.scale", "Scale"], featureTable: "Display scale")
        case .displayDPI:
            return Definition(
                .display, "dpi", .number, example: "a number such as 200",
                matrix: ["display.dpi", "DPI"], featureTable: "Display DPI")
        case .touchscreenPoints:
            return Definition(
                .inputTouchscreen, "points", .number, example: "a number such as 5",
                matrix: ["input.touchscreen.points", "Touch Points"], featureTable: "Touch points")
        case .glesVersion:
            return Definition(.gpuGLES, "version", .version, example: "a version such as 3.1")
        case .vulkanVersion:
            return Definition(.gpuVulkan, "version", .version, example: "a version such as 1.1")
        }
    }
}
