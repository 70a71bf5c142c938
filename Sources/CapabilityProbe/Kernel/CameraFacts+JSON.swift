import Foundation

extension CameraFacts {
    /// The facts as the JSON object stored in `Device.facts["v4l2"]`.
    ///
    /// Keys: `driver`, `card`, `bus_info`, `device_caps`, `formats`, `format_modes`,
    /// `modes`, `still` {`width`,`height`}, `megapixels`, `autofocus`, `flash`,
    /// `orientation`, `controls`, `touch`, `metadata_only`, `camera`, `infrared`. Keys whose
    /// value is unknown are left out.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "driver": .string(driver), "card": .string(card), "bus_info": .string(busInfo),
            "device_caps": .int(Int(capabilities)),
            "formats": .array(formats.map(JSONValue.string)),
            "format_modes": .object(formatModes.mapValues { .array($0.map(JSONValue.string)) }),
            "modes": .array(modes.map(JSONValue.string)),
            "controls": .array(controls.map(JSONValue.string)),
            "touch": .bool(isTouch), "metadata_only": .bool(isMetadataOnly),
            "camera": .bool(isCamera),
            "infrared": .bool(isInfrared),
        ]
        if let stillWidth, let stillHeight {
            object["still"] = .object(["width": .int(stillWidth), "height": .int(stillHeight)])
        }
        if let megapixels { object["megapixels"] = .double(megapixels) }
        if let autofocus { object["autofocus"] = .bool(autofocus) }
        if let flash { object["flash"] = .bool(flash) }
        if let orientation { object["orientation"] = .string(orientation) }
        return .object(object)
    }

    /// Reads facts back from ``json``; `nil` when the object holds an `error` or is not facts.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, object["error"] == nil,
            let driver = object["driver"]?.stringValue,
            let caps = object["device_caps"]?.doubleValue
        else { return nil }
        let strings: (String) -> [String] = { key in
            object[key]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        var formatModes: [String: [String]] = [:]
        for (format, modes) in object["format_modes"]?.objectValue ?? [:] {
            formatModes[format] = modes.arrayValue?.compactMap(\.stringValue) ?? []
        }
        let still = object["still"]?.objectValue
        self.init(
            driver: driver, card: object["card"]?.stringValue ?? "",
            busInfo: object["bus_info"]?.stringValue ?? "",
            capabilities: UInt32(clamping: CheckedNumber.int(caps) ?? 0),
            formats: strings("formats"), formatModes: formatModes,
            stillWidth: CheckedNumber.dimension(
                still?["width"]?.doubleValue.flatMap(CheckedNumber.int)),
            stillHeight: CheckedNumber.dimension(
                still?["height"]?.doubleValue.flatMap(CheckedNumber.int)),
            autofocus: object["autofocus"]?.boolValue, flash: object["flash"]?.boolValue,
            orientation: object["orientation"]?.stringValue, controls: strings("controls"))
    }

    /// Reads the stored facts of a device, or says why they are unknown.
    /// - Parameter json: `Device.facts["v4l2"]`, possibly missing.
    /// - Returns: The facts, or `unknown` with the recorded error or "no V4L2 facts recorded".
    public static func result(from json: JSONValue?) -> KernelProbeResult<CameraFacts> {
        guard let json else {
            return .unknown(reason: "no V4L2 facts recorded (source without kernel probes)")
        }
        if let error = json.objectValue?["error"]?.stringValue { return .unknown(reason: error) }
        guard let facts = CameraFacts(json: json) else {
            return .unknown(reason: "recorded V4L2 facts are malformed")
        }
        return .value(facts)
    }
}
