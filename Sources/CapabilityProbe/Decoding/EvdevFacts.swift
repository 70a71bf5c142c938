/// What evdev ioctls tell about one input event node, stored in `Device.facts["evdev"]`.
public struct EvdevFacts: Sendable, Equatable {
    /// `ABS_MT_SLOT`.
    public static let absoluteMultitouchSlot = 0x2f
    /// `SW_FRONT_PROXIMITY`.
    public static let switchFrontProximity = 11

    /// Simultaneous touch points (`ABS_MT_SLOT` maximum − minimum + 1), `nil` if not asked.
    public var touchPoints: Int?
    /// The proximity switch state (`true` = near), `nil` if not asked.
    public var near: Bool?
    /// Why a part that was asked is unknown.
    public var errors: [String]

    /// Creates facts.
    /// - Parameters:
    ///   - touchPoints: Touch points.
    ///   - near: Proximity state.
    ///   - errors: Reasons for unknown parts.
    public init(touchPoints: Int? = nil, near: Bool? = nil, errors: [String] = []) {
        self.touchPoints = touchPoints
        self.near = near
        self.errors = errors
    }

    /// The JSON object: `touch_points`, `near`, and `error` (reasons joined by "; ").
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if let touchPoints { object["touch_points"] = .int(touchPoints) }
        if let near { object["near"] = .bool(near) }
        if !errors.isEmpty { object["error"] = .string(errors.joined(separator: "; ")) }
        return .object(object)
    }

    /// Reads facts back from ``json``.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue else { return nil }
        self.init(
            touchPoints: object["touch_points"]?.doubleValue.flatMap(CheckedNumber.int),
            near: object["near"]?.boolValue,
            errors: object["error"]?.stringValue.map { [$0] } ?? [])
    }
}

extension EvdevFacts {
    /// Touch points from `Device.facts["evdev"]`, or why they are unknown.
    /// - Parameter json: The stored object, possibly missing.
    /// - Returns: The number of slots, or `unknown` with the recorded reason.
    public static func touchPoints(from json: JSONValue?) -> KernelProbeResult<Int> {
        guard let json else {
            return .unknown(reason: "no evdev facts recorded (source without kernel probes)")
        }
        if let points = EvdevFacts(json: json)?.touchPoints { return .value(points) }
        return .unknown(reason: json.objectValue?["error"]?.stringValue ?? "ABS_MT_SLOT not read")
    }

    /// The proximity switch state from `Device.facts["evdev"]`, or why it is unknown.
    /// - Parameter json: The stored object, possibly missing.
    /// - Returns: `true` when near, or `unknown` with the recorded reason.
    public static func near(from json: JSONValue?) -> KernelProbeResult<Bool> {
        guard let json else {
            return .unknown(reason: "no evdev facts recorded (source without kernel probes)")
        }
        if let near = EvdevFacts(json: json)?.near { return .value(near) }
        return .unknown(
            reason: json.objectValue?["error"]?.stringValue ?? "SW_FRONT_PROXIMITY not read")
    }
}
