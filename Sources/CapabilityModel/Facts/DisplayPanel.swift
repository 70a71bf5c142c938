import FoundationEssentials

/// What one connected DRM connector's records say about its panel: the EDID (decoded with
/// ``EDID``), the preferred mode from the sysfs `modes` list, and the DPI and scale factor
/// by ``DisplayScale``; without an EDID the kernel's mm size from `facts.drm`
/// (``DRMConnectorFacts``, DSI phone panels).
package struct DisplayPanel: Sendable {
    /// Per-connector details: `edid` (decoded summary) or `edidError`, `preferredMode`,
    /// `sizeSource`, and ``DisplayScale/details`` (`scale`, `dpi`, `width_mm`, …).
    package var details: [String: JSONValue]
    /// The scale decision, when a mode was known.
    package var scale: DisplayScale?

    /// Reads one connector.
    /// - Parameters:
    ///   - connector: The `cardN-<type>-<n>` record.
    ///   - type: Its connector type (`eDP`, `HDMI-A`).
    package init(connector: Device, type: String) {
        details = [:]
        let preferred = connector.attribute("modes")?.split(separator: "\n").first.map(String.init)
        let pixels = preferred.flatMap(Self.pixels)
        if let preferred { details["preferredMode"] = .string(preferred) }
        if let bytes = connector.binaryAttributes["edid"], !bytes.isEmpty {
            do {
                let edid = try EDID(bytes: [UInt8](bytes))
                details["edid"] = edid.json
                scale = DisplayScale.rule(edid: edid, pixels: pixels, connector: type)
                if scale != nil { details["sizeSource"] = "edid" }
            } catch {
                details["edidError"] = .string(error.description)
            }
        }
        if scale == nil, let pixels {
            let size: KernelProbeResult<DisplayPhysicalSize>
            switch connector.facts.drm {
            case .value(let facts):
                size = DisplayPhysicalSize.resolve(
                    timingMM: (facts.widthMM, facts.heightMM), baseCM: (0, 0), pixels: pixels)
                details["sizeSource"] = "drm"
            case .unknown(let reason):
                size = .unknown(reason: reason)
            case nil:
                size = .unknown(reason: "no EDID and no kernel mm size recorded")
            }
            scale = DisplayScale.rule(
                width: pixels.width, height: pixels.height, size: size, connector: type)
        }
        if let scale {
            details.merge(scale.details) { _, new in new }
        } else {
            details["scale_rule"] = "no mode known (no EDID timing, no sysfs modes): scale unknown"
        }
    }

    /// `1920x1080` (or `1920x1080i`) → width and height.
    package static func pixels(_ mode: String) -> (width: Int, height: Int)? {
        let parts = mode.split(separator: "x")
        guard parts.count == 2, let width = CheckedNumber.dimension(Int(parts[0])),
            let height = CheckedNumber.dimension(Int(parts[1].prefix { $0.isNumber }))
        else { return nil }
        return (width, height)
    }
}
