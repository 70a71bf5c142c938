import FoundationEssentials

/// DPI and an integer scale factor (1, 2 or 3) for one display, with the rule that chose it.
///
/// The rule is GNOME mutter's legacy integer scale (`src/backends/meta-monitor.c`,
/// `calculate_scale`), extended to 3:
/// 1. fewer than 1200 lines → 1 (mutter's `HIDPI_MIN_HEIGHT`; the size does not matter);
/// 2. an HDMI connector with 3656 or more pixels per line → 1 (mutter's 4K-TV rule);
/// 3. physical size not real (see ``DisplayPhysicalSize``) → scale and DPI unknown;
/// 4. both DPIs above 384 (twice mutter's `HIDPI_LIMIT` of 192) → 3 — capcheck's
///    extension: it separates the 326-ppi "@2x" phones from the 401–460-ppi "@3x" ones;
/// 5. both DPIs above 192 → 2;
/// 6. otherwise 1.
/// ``mutterScale`` is what mutter itself would pick (never 3; 1 when the size is not real).
package struct DisplayScale: Sendable, Equatable {
    /// `HIDPI_LIMIT` in mutter.
    static let hiDPILimit = 192.0
    /// `HIDPI_MIN_HEIGHT` in mutter.
    static let minimumHiDPIHeight = 1200
    /// `SMALLEST_4K_WIDTH` in mutter.
    static let smallest4KWidth = 3656

    /// The scale factor, or `nil` when it depends on a size that is not known.
    package var scale: Int?
    /// What mutter's legacy rule picks (1 or 2).
    var mutterScale: Int
    /// Horizontal DPI, when the size is known.
    var dpiX: Double?
    /// Vertical DPI, when the size is known.
    var dpiY: Double?
    /// The physical size used, when known.
    package var size: DisplayPhysicalSize?
    /// Why this scale (or why it is unknown).
    package var reason: String

    /// The DPI as one number: the smaller of the two axes (mutter needs both above the limit).
    package var dpi: Double? {
        guard let dpiX, let dpiY else { return nil }
        return min(dpiX, dpiY)
    }

    /// Applies the rule.
    /// - Parameters:
    ///   - width: Pixels per line of the mode.
    ///   - height: Lines of the mode.
    ///   - size: The physical size, or `unknown` with its reason.
    ///   - connector: The DRM connector type (`HDMI-A`, `eDP`, `DP`), if known.
    /// - Returns: The scale, DPI and reason.
    package static func rule(
        width: Int, height: Int, size: KernelProbeResult<DisplayPhysicalSize>,
        connector: String? = nil
    ) -> DisplayScale {
        var result = DisplayScale(
            scale: nil, mutterScale: 1, dpiX: nil, dpiY: nil, size: size.value, reason: "")
        if let physical = size.value, physical.widthMM > 0, physical.heightMM > 0 {
            result.dpiX = Double(width) * 25.4 / Double(physical.widthMM)
            result.dpiY = Double(height) * 25.4 / Double(physical.heightMM)
        }
        if height < minimumHiDPIHeight {
            result.scale = 1
            result.reason = "\(height) lines < \(minimumHiDPIHeight): scale 1 (mutter rule)"
            return result
        }
        if connector?.uppercased().hasPrefix("HDMI") == true, width >= smallest4KWidth {
            result.scale = 1
            result.reason =
                "HDMI with \(width) ≥ \(smallest4KWidth) pixels per line (a TV): scale 1 (mutter rule)"
            return result
        }
        guard let dpiX = result.dpiX, let dpiY = result.dpiY else {
            result.reason =
                (size.reason ?? "physical size unknown") + ": scale unknown (mutter would use 1)"
            return result
        }
        let low = min(dpiX, dpiY)
        if low > hiDPILimit {
            result.mutterScale = 2
        }
        if low > 2 * hiDPILimit {
            result.scale = 3
            result.reason =
                "both DPIs > \(Int(2 * hiDPILimit)): scale 3 (capcheck extension of the mutter rule)"
        } else if low > hiDPILimit {
            result.scale = 2
            result.reason = "both DPIs > \(Int(hiDPILimit)): scale 2 (mutter rule)"
        } else {
            result.scale = 1
            result.reason = "DPI \(Int(low.rounded())) ≤ \(Int(hiDPILimit)): scale 1 (mutter rule)"
        }
        return result
    }

    /// Applies the rule to an EDID's native mode (or `pixels`), with its physical size.
    /// - Parameters:
    ///   - edid: The decoded EDID.
    ///   - pixels: The mode in use, when known (sysfs `modes`, first line); else native.
    ///   - connector: The connector type.
    /// - Returns: The scale, or `nil` when the EDID has no timing and no mode is given.
    package static func rule(
        edid: EDID, pixels: (width: Int, height: Int)? = nil, connector: String? = nil
    ) -> DisplayScale? {
        guard let mode = pixels ?? edid.nativeMode.map({ ($0.width, $0.height) }) else {
            return nil
        }
        return rule(
            width: mode.0, height: mode.1,
            size: DisplayPhysicalSize.resolve(edid: edid, pixels: mode),
            connector: connector)
    }

    /// The connector type of a DRM connector's sysfs name (`card0-HDMI-A-1` → `HDMI-A`).
    /// - Parameter name: The sysname.
    /// - Returns: The type, or `nil` when the name has no `cardN-` prefix.
    package static func connectorType(ofConnectorNamed name: String) -> String? {
        guard let dash = name.firstIndex(of: "-"), name.hasPrefix("card") else { return nil }
        var rest = name[name.index(after: dash)...]
        if let last = rest.lastIndex(of: "-"),
            rest[rest.index(after: last)...].allSatisfy(\.isNumber)
        {
            rest = rest[..<last]
        }
        return rest.isEmpty ? nil : String(rest)
    }
}

extension DisplayScale {
    /// Details for one display: `scale` (when known), `dpi` (smaller axis), `dpi_x`, `dpi_y`,
    /// `width_mm`, `height_mm`, `mm_swapped`, `mutter_scale`, `scale_rule` (the reason).
    package var details: [String: JSONValue] {
        var details: [String: JSONValue] = [
            "mutter_scale": .int(mutterScale), "scale_rule": .string(reason),
        ]
        if let scale { details["scale"] = .int(scale) }
        if let dpi { details["dpi"] = .double((dpi * 10).rounded() / 10) }
        if let dpiX { details["dpi_x"] = .double((dpiX * 10).rounded() / 10) }
        if let dpiY { details["dpi_y"] = .double((dpiY * 10).rounded() / 10) }
        if let size {
            details["width_mm"] = .int(size.widthMM)
            details["height_mm"] = .int(size.heightMM)
            if size.swapped { details["mm_swapped"] = .bool(true) }
        }
        return details
    }
}

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
package struct DisplayPhysicalSize: Sendable, Equatable {
    /// The width in mm, in the orientation of the pixels.
    var widthMM: Int
    /// The height in mm.
    var heightMM: Int
    /// Whether the millimetres were swapped to match the pixel orientation.
    var swapped: Bool

    /// Creates a size.
    /// - Parameters:
    ///   - widthMM: Width in mm.
    ///   - heightMM: Height in mm.
    ///   - swapped: Whether the EDID's sides were swapped.
    init(widthMM: Int, heightMM: Int, swapped: Bool = false) {
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
    static func isAspectRatio(_ width: Int, _ height: Int) -> Bool {
        aspectRatios.contains([width, height]) || aspectRatios.contains([height, width])
    }

    /// Resolves the size for a mode.
    /// - Parameters:
    ///   - timingMM: The first detailed timing's image size in mm, if any.
    ///   - baseCM: The base block's maximum image size in cm.
    ///   - pixels: The mode's width and height.
    /// - Returns: The size, or `unknown` with the reason.
    package static func resolve(
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
    package static func resolve(edid: EDID, pixels: (width: Int, height: Int)? = nil)
        -> KernelProbeResult<DisplayPhysicalSize>
    {
        guard let mode = pixels ?? edid.nativeMode.map({ ($0.width, $0.height) }) else {
            return .unknown(reason: "EDID has no detailed timing")
        }
        let first = edid.baseTimings.first.map { ($0.widthMM, $0.heightMM) }
        return resolve(timingMM: first, baseCM: (edid.widthCM, edid.heightCM), pixels: mode)
    }
}
