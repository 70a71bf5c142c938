import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Reads the numeric and text cells of value columns (megapixels, video modes, RAM, …).
package enum MatrixValueParser {
    /// A video mode: width, height and integer frame rate.
    package struct VideoMode: Sendable, Hashable, Comparable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// Frames per second, rounded to an integer.
        package var fps: Int

        /// Creates a mode.
        init(width: Int, height: Int, fps: Int) {
            self.width = width
            self.height = height
            self.fps = fps
        }

        /// `WxH@fps`, the contract spelling of `camera.video` modes.
        package var text: String { "\(width)x\(height)@\(fps)" }

        /// Orders by pixel count, then frame rate.
        package static func < (lhs: VideoMode, rhs: VideoMode) -> Bool {
            (lhs.width * lhs.height, lhs.fps, lhs.width) < (
                rhs.width * rhs.height, rhs.fps, rhs.width
            )
        }
    }

    /// Named resolutions as printed in spec tables.
    static let namedSizes: [String: (Int, Int)] = [
        "qvga": (320, 240), "vga": (640, 480), "svga": (800, 600), "360p": (640, 360),
        "480p": (640, 480), "540p": (960, 540), "720p": (1280, 720), "1080p": (1920, 1080),
        "1440p": (2560, 1440), "2160p": (3840, 2160), "4k": (3840, 2160), "hd": (1280, 720),
        "fullhd": (1920, 1080),
    ]

    /// Reads a number (`5.0`, `0.69`); nil when blank.
    /// - Throws: a reason when the text is not a number.
    package static func number(_ text: String) throws(InputProblem) -> Double? {
        guard !text.isEmpty else { return nil }
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw InputProblem(reason: "'\(text)' is not a number")
        }
        guard value <= CheckedNumber.limit else {
            throw InputProblem(reason: "'\(text)' is out of range")
        }
        return value
    }

    /// Reads a width or height in pixels (a whole number up to 2²⁰); nil when blank.
    /// - Throws: a reason when the text is not a pixel count.
    package static func dimension(_ text: String) throws(InputProblem) -> Int? {
        guard let value = try number(text) else { return nil }
        guard let pixels = CheckedNumber.dimension(CheckedNumber.int(value)) else {
            throw InputProblem(
                reason: "'\(text)' is not a size in pixels (1 to \(CheckedNumber.maximumDimension))"
            )
        }
        return pixels
    }

    /// Reads one mode: `720p at 30fps`, `VGA at 30fps`, `1280x720@30`, `1280×720 30fps`, or
    /// only a rate (`30fps`) when the size comes from width/height columns; `No`, `none`
    /// and blank mean no mode. A size in the mode text wins over the columns (the seed's
    /// iPhone 4 prints "720p at 30fps" beside a 1280×1024 video size).
    /// - Parameters:
    ///   - text: The cell.
    ///   - width: A width from a separate column, used when the text names no size.
    ///   - height: A height from a separate column.
    /// - Returns: The mode, or nil for none.
    /// - Throws: a reason when the text is not a mode.
    package static func videoMode(_ text: String, width: Int? = nil, height: Int? = nil)
        throws(InputProblem) -> VideoMode?
    {
        let lower = MatrixText.trimmed(text).lowercased()
        if lower.isEmpty || lower == "no" || lower == "none" || lower == "-" { return nil }
        let parts = lower.split(whereSeparator: { $0 == " " || $0 == "@" })
            .map { $0.hasSuffix("fps") ? $0.dropLast(3) : $0 }
            .filter { !$0.isEmpty && $0 != "at" }
        let usage = "'\(text)' is not a video mode like '720p at 30fps' or '1280x720@30'"
        guard let last = parts.last, let rate = Double(last), rate > 0, rate.isFinite,
            parts.count <= 2
        else {
            throw InputProblem(reason: usage)
        }
        guard let fps = CheckedNumber.int(rate), fps <= CheckedNumber.maximumDimension else {
            throw InputProblem(reason: "'\(text)': frame rate out of range")
        }
        guard parts.count == 2 else {
            guard let width, let height else {
                throw InputProblem(
                    reason:
                        "'\(text)' names no frame size and the row has no video width and height")
            }
            return VideoMode(width: width, height: height, fps: fps)
        }
        let name = String(parts[0])
        if let named = namedSizes[name] {
            return VideoMode(width: named.0, height: named.1, fps: fps)
        }
        let dims = name.split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else {
            throw InputProblem(reason: "'\(text)': unknown frame size '\(name)'")
        }
        guard CheckedNumber.dimension(w) != nil, CheckedNumber.dimension(h) != nil else {
            throw InputProblem(
                reason:
                    "'\(text)': frame size out of range (at most \(CheckedNumber.maximumDimension) pixels a side)"
            )
        }
        return VideoMode(width: w, height: h, fps: fps)
    }

    /// Reads a list of modes separated by spaces, commas or semicolons (`1280x720@30 640x480@30`).
    /// - Throws: a reason for the first bad mode.
    static func videoModes(_ text: String) throws(InputProblem) -> [VideoMode] {
        var modes: [VideoMode] = []
        for item in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }) {
            if let mode = try videoMode(String(item)) { modes.append(mode) }
        }
        return modes
    }

    /// Reads an amount of memory: a byte count or a number with a unit. KB/MB/GB/TB are read
    /// as binary units (RAM is sold in powers of two), like KiB/MiB/GiB/TiB.
    /// - Throws: a reason when the text is not an amount.
    package static func bytes(_ text: String) throws(InputProblem) -> Int? {
        let trimmed = text.trimming(.whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var number = trimmed.prefix { $0.isNumber || $0 == "." }
        // An exponent (`1e300`) belongs to the number, not to the unit.
        let rest = trimmed.dropFirst(number.count)
        if let marker = rest.first, marker == "e" || marker == "E" {
            let signed = rest.dropFirst().first.map { $0 == "+" || $0 == "-" } == true ? 2 : 1
            let digits = rest.dropFirst(signed).prefix { $0.isNumber }
            if !digits.isEmpty {
                number = trimmed.prefix(number.count + signed + digits.count)
            }
        }
        let unit = trimmed.dropFirst(number.count).trimming(.whitespaces).lowercased()
        let scale: Double
        switch unit {
        case "", "b": scale = 1
        case "k", "kb", "kib": scale = 1024
        case "m", "mb", "mib": scale = 1024 * 1024
        case "g", "gb", "gib": scale = 1024 * 1024 * 1024
        case "t", "tb", "tib": scale = 1024 * 1024 * 1024 * 1024
        default:
            throw InputProblem(
                reason: "'\(text)': unknown unit '\(unit)' (use B, KiB, MiB, GiB or TiB)")
        }
        guard let value = Double(number) else {
            throw InputProblem(reason: "'\(text)' is not an amount of memory")
        }
        guard value.isFinite, value * scale < 9e18 else {
            throw InputProblem(
                reason: "'\(text)': amount of memory out of range (at most 8 EiB)")
        }
        return Int((value * scale).rounded())
    }

    /// Checks a value cell when the table is read, so bad cells fail early with their line.
    /// - Throws: a reason naming the bad text.
    static func validate(_ text: String, kind: MatrixValueKind) throws(InputProblem) {
        switch kind {
        case .stillMegapixels, .displayScale, .displayDPI, .touchPoints:
            _ = try number(text)
        case .stillWidth, .stillHeight, .videoWidth, .videoHeight:
            _ = try dimension(text)
        case .videoMode: _ = try videoMode(text, width: 1, height: 1)
        case .videoModes: _ = try videoModes(text)
        case .memoryBytes: _ = try bytes(text)
        case .notes: break
        }
    }
}

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

    /// The quantity (``Quantity``) this column gives or helps derive, if any: a still size
    /// gives megapixels, a video size or mode the video modes.
    var quantity: Quantity? {
        switch self {
        case .stillMegapixels, .stillWidth, .stillHeight: return .cameraMegapixels
        case .videoWidth, .videoHeight, .videoMode, .videoModes: return .cameraVideo
        case .memoryBytes: return .memoryTotal
        case .displayScale: return .displayScale
        case .displayDPI: return .displayDPI
        case .touchPoints: return .touchscreenPoints
        case .notes: return nil
        }
    }

    /// Whether a cell holds the quantity itself, so the column is named by the quantity's
    /// ``Quantity/Definition/matrixAliases``; a still or video size, or one mode as printed,
    /// only helps derive it.
    var holdsQuantity: Bool {
        switch self {
        case .stillMegapixels, .videoModes, .memoryBytes, .displayScale, .displayDPI,
            .touchPoints:
            return true
        case .stillWidth, .stillHeight, .videoWidth, .videoHeight, .videoMode, .notes:
            return false
        }
    }

    /// The finding whose details this column feeds, if any.
    var capabilityID: CapabilityID? { quantity?.capability }
}
