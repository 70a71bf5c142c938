extension DeviceEvent: Codable {
    private enum Key: String, CodingKey {
        case kind, device, subsystem, old, new, near, id
    }

    /// Decodes a flat event object (the `time` key, if any, is ignored).
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` for an unknown `kind` or a missing field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "deviceAdded", "deviceRemoved", "deviceChanged":
            let id = try container.decode(String.self, forKey: .device)
            let subsystem = try container.decodeIfPresent(String.self, forKey: .subsystem)
            switch kind {
            case "deviceAdded": self = .deviceAdded(id: id, subsystem: subsystem)
            case "deviceRemoved": self = .deviceRemoved(id: id, subsystem: subsystem)
            default: self = .deviceChanged(id: id, subsystem: subsystem)
            }
        case "batteryLevelChanged":
            self = .batteryLevelChanged(
                old: try container.decode(Double.self, forKey: .old),
                new: try container.decode(Double.self, forKey: .new))
        case "batteryStateChanged":
            self = .batteryStateChanged(
                old: try container.decode(BatteryState.self, forKey: .old),
                new: try container.decode(BatteryState.self, forKey: .new))
        case "proximityChanged":
            self = .proximityChanged(near: try container.decode(Bool.self, forKey: .near))
        case "capabilityChanged":
            self = .capabilityChanged(
                id: try container.decode(String.self, forKey: .id),
                old: try container.decode(CapabilityStatus.self, forKey: .old),
                new: try container.decode(CapabilityStatus.self, forKey: .new))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown event kind '\(kind)'")
        }
    }

    /// Encodes the flat object of ``fields``.
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(fields).encode(to: encoder)
    }
}
