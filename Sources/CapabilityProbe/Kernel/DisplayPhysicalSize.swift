import Foundation

/// The physical size of a display in millimetres, or why it is not known.
///
/// Rules, in order:
/// 1. Candidates: the first detailed timing's image size (mm), then the base block's
///    maximum image size (cm × 10). A candidate with a zero side is unusable (0×0 =
///    projector or variable size; one zero = EDID 1.4 aspect ratio).
/// 2. Aspect ratios stored as sizes are not sizes: 160×90, 160×100, 16×9, 16×10 (in the
///    candidate's own unit, either orientation; mutter's `meta_monitor_has_aspect_as_size`
///    list).
/// 3. The millimetres are turned to match the pixel orientation (a portrait-native panel
///    whose EDID stores landscape mm, or the reverse).
/// 4. A size giving fewer than 25 or more than 1000 DPI is not believed (TVs storing
///    metres, corrupt bytes).
public struct DisplayPhysicalSize: Sendable, Equatable {
    /// The width in mm, in the orientation of the pixels.
    public var widthMM: Int
    /// The height in mm.
    public var heightMM: Int
    /// Whether the millimetres were swapped to match the pixel orientation.
    public var swapped: Bool

    /// Creates a size.
    /// - Parameters:
    ///   - widthMM: Width in mm.
    ///   - heightMM: Height in mm.
    ///   - swapped: Whether the EDID's sides were swapped.
    public init(widthMM: Int, heightMM: Int, swapped: Bool = false) {
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.swapped = swapped
    }

    /// Sizes that are really aspect ratios.
    static let aspectRatios: Set<[Int]> = [[160, 90], [160, 100], [16, 9], [16, 10]]

    /// Whether `width × height` is an aspect ratio stored as a size.
    /// - Parameters:
    ///   - width: Width in the field's unit.
    ///   - height: Height in the field's unit.
    /// - Returns: `true` for 160×90, 160×100, 16×9, 16×10 in either orientation.
    public static func isAspectRatio(_ width: Int, _ height: Int) -> Bool {
        aspectRatios.contains([width, height]) || aspectRatios.contains([height, width])
    }

    /// Resolves the size for a mode.
    /// - Parameters:
    ///   - timingMM: The first detailed timing's image size in mm, if any.
    ///   - baseCM: The base block's maximum image size in cm.
    ///   - pixels: The mode's width and height.
    /// - Returns: The size, or `unknown` with the reason.
    public static func resolve(
        timingMM: (width: Int, height: Int)?, baseCM: (width: Int, height: Int),
        pixels: (width: Int, height: Int)
    ) -> KernelProbeResult<DisplayPhysicalSize> {
        var rejected: [String] = []
        var candidates: [(width: Int, height: Int, label: String)] = []
        if let timingMM {
            if timingMM.width == 0 || timingMM.height == 0 {
                rejected.append("detailed timing gives \(timingMM.width)×\(timingMM.height) mm")
            } else if isAspectRatio(timingMM.width, timingMM.height) {
                rejected.append(
                    "detailed timing stores the aspect ratio \(timingMM.width)×\(timingMM.height) as mm"
                )
            } else {
                candidates.append((timingMM.width, timingMM.height, "detailed timing"))
            }
        }
        if baseCM.width == 0 || baseCM.height == 0 {
            rejected.append("base block gives \(baseCM.width)×\(baseCM.height) cm")
        } else if isAspectRatio(baseCM.width, baseCM.height) {
            rejected.append(
                "base block stores the aspect ratio \(baseCM.width)×\(baseCM.height) as cm")
        } else {
            candidates.append((baseCM.width * 10, baseCM.height * 10, "base block"))
        }
        for candidate in candidates {
            var size = DisplayPhysicalSize(widthMM: candidate.width, heightMM: candidate.height)
            let portraitPixels = pixels.height > pixels.width
            let portraitSize = candidate.height > candidate.width
            if pixels.width != pixels.height, candidate.width != candidate.height,
                portraitPixels != portraitSize
            {
                size = DisplayPhysicalSize(
                    widthMM: candidate.height, heightMM: candidate.width, swapped: true)
            }
            let dpi = [
                Double(pixels.width) * 25.4 / Double(size.widthMM),
                Double(pixels.height) * 25.4 / Double(size.heightMM),
            ]
            if dpi.allSatisfy({ (25...1000).contains($0) }) { return .value(size) }
            rejected.append(
                "\(candidate.label) size \(candidate.width)×\(candidate.height) mm gives an implausible "
                    + "\(Int(dpi[0].rounded())) DPI")
        }
        return .unknown(
            reason: "physical size not real: "
                + (rejected.isEmpty ? "no size" : rejected.joined(separator: "; ")))
    }

    /// Resolves the size of an EDID for a mode (the native mode when `pixels` is `nil`).
    /// - Parameters:
    ///   - edid: The decoded EDID.
    ///   - pixels: The mode in use, if known.
    /// - Returns: The size, or `unknown` with the reason.
    public static func resolve(edid: EDID, pixels: (width: Int, height: Int)? = nil)
        -> KernelProbeResult<DisplayPhysicalSize>
    {
        guard let mode = pixels ?? edid.nativeMode.map({ ($0.width, $0.height) }) else {
            return .unknown(reason: "EDID has no detailed timing")
        }
        let first = edid.baseTimings.first.map { ($0.widthMM, $0.heightMM) }
        return resolve(timingMM: first, baseCM: (edid.widthCM, edid.heightCM), pixels: mode)
    }
}
