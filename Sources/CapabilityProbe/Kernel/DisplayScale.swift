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
public struct DisplayScale: Sendable, Equatable {
    /// `HIDPI_LIMIT` in mutter.
    public static let hiDPILimit = 192.0
    /// `HIDPI_MIN_HEIGHT` in mutter.
    public static let minimumHiDPIHeight = 1200
    /// `SMALLEST_4K_WIDTH` in mutter.
    public static let smallest4KWidth = 3656

    /// The scale factor, or `nil` when it depends on a size that is not known.
    public var scale: Int?
    /// What mutter's legacy rule picks (1 or 2).
    public var mutterScale: Int
    /// Horizontal DPI, when the size is known.
    public var dpiX: Double?
    /// Vertical DPI, when the size is known.
    public var dpiY: Double?
    /// The physical size used, when known.
    public var size: DisplayPhysicalSize?
    /// Why this scale (or why it is unknown).
    public var reason: String

    /// The DPI as one number: the smaller of the two axes (mutter needs both above the limit).
    public var dpi: Double? {
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
    public static func rule(
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
    public static func rule(
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
    public static func connectorType(ofConnectorNamed name: String) -> String? {
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
