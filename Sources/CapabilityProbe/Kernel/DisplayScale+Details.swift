extension DisplayScale {
    /// Details for one display: `scale` (when known), `dpi` (smaller axis), `dpi_x`, `dpi_y`,
    /// `width_mm`, `height_mm`, `mm_swapped`, `mutter_scale`, `scale_rule` (the reason).
    public var details: [String: JSONValue] {
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
