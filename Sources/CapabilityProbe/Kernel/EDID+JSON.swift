extension EDID {
    /// A summary for a display finding's per-device details: `vendor`, `product`, `name`,
    /// `version`, `digital`, `size_cm` [w, h], `native_mode`, `modes` (all detailed timings,
    /// deduplicated, in EDID order), `checksums_valid`.
    public var json: JSONValue {
        var seen: Set<String> = []
        let modes = timings.map(\.mode).filter { seen.insert($0).inserted }
        var object: [String: JSONValue] = [
            "vendor": .string(vendor), "product": .int(productCode), "version": .string(version),
            "digital": .bool(isDigital), "size_cm": .array([.int(widthCM), .int(heightCM)]),
            "modes": .array(modes.map(JSONValue.string)),
            "checksums_valid": .bool(checksumsAreValid),
        ]
        if let name { object["name"] = .string(name) }
        if let nativeMode { object["native_mode"] = .string(nativeMode.mode) }
        return .object(object)
    }
}
