/// What evdev ioctls tell about one input event node, stored in ``KernelFacts/evdev``.
public struct EvdevFacts: Sendable, Hashable {
    /// `ABS_MT_SLOT`.
    package static let absoluteMultitouchSlot = 0x2f
    /// `SW_FRONT_PROXIMITY`.
    package static let switchFrontProximity = 11

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
    package init(touchPoints: Int? = nil, near: Bool? = nil, errors: [String] = []) {
        self.touchPoints = touchPoints
        self.near = near
        self.errors = errors
    }

    /// Touch points from ``KernelFacts/evdev``, or why they are unknown.
    /// - Parameter recorded: The stored facts, possibly missing.
    /// - Returns: The number of slots, or `unknown` with the recorded reason.
    package static func touchPoints(from recorded: EvdevFacts?) -> KernelProbeResult<Int> {
        guard let recorded else {
            return .unknown(reason: "no evdev facts recorded (source without kernel probes)")
        }
        if let points = recorded.touchPoints { return .value(points) }
        return .unknown(reason: recorded.errorText ?? "ABS_MT_SLOT not read")
    }

    /// The proximity switch state from ``KernelFacts/evdev``, or why it is unknown.
    /// - Parameter recorded: The stored facts, possibly missing.
    /// - Returns: `true` when near, or `unknown` with the recorded reason.
    package static func near(from recorded: EvdevFacts?) -> KernelProbeResult<Bool> {
        guard let recorded else {
            return .unknown(reason: "no evdev facts recorded (source without kernel probes)")
        }
        if let near = recorded.near { return .value(near) }
        return .unknown(reason: recorded.errorText ?? "SW_FRONT_PROXIMITY not read")
    }

    /// The reasons joined by "; ", or `nil` when every part answered.
    var errorText: String? { errors.isEmpty ? nil : errors.joined(separator: "; ") }
}

extension EvdevFacts: Codable {
    /// The JSON keys under `evdev` in a snapshot record's `facts`.
    package enum CodingKeys: String, CodingKey {
        case touchPoints = "touch_points", near, error
    }

    /// Encodes `touch_points`, `near` (each when asked and answered) and `error` (the
    /// reasons joined by "; ").
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(touchPoints, forKey: .touchPoints)
        try container.encodeIfPresent(near, forKey: .near)
        try container.encodeIfPresent(errorText, forKey: .error)
    }

    /// Reads recorded facts leniently (fields of the wrong type read as missing).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        self.init(
            touchPoints: fields.int(.touchPoints), near: fields.bool(.near),
            errors: fields.string(.error).map { [$0] } ?? [])
    }
}
