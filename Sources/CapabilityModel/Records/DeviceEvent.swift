/// One thing that changed while watching, in UIDevice notification terms.
///
/// Encoded as a flat JSON object with a `kind` key (`{"kind":"batteryLevelChanged",
/// "new":0.79,"old":0.8}`); `capcheck watch` adds `time`.
public enum DeviceEvent: Sendable, Hashable {
    /// A device appeared (uevent `add`).
    case deviceAdded(id: String, subsystem: String?)
    /// A device went away (uevent `remove`).
    case deviceRemoved(id: String, subsystem: String?)
    /// A device changed (uevent `change`, `bind`, `unbind`, `move`, `online`, `offline`).
    case deviceChanged(id: String, subsystem: String?)
    /// The system battery level changed, 0.0–1.0 in whole percent (-1 = no system battery).
    case batteryLevelChanged(old: Double, new: Double)
    /// The system battery state changed.
    case batteryStateChanged(old: BatteryState, new: BatteryState)
    /// The proximity sensor changed.
    case proximityChanged(near: Bool)
    /// A capability's status changed after devices came or went.
    case capabilityChanged(id: String, old: CapabilityStatus, new: CapabilityStatus)

    /// The value of the `kind` key.
    package var kind: String {
        switch self {
        case .deviceAdded: return "deviceAdded"
        case .deviceRemoved: return "deviceRemoved"
        case .deviceChanged: return "deviceChanged"
        case .batteryLevelChanged: return "batteryLevelChanged"
        case .batteryStateChanged: return "batteryStateChanged"
        case .proximityChanged: return "proximityChanged"
        case .capabilityChanged: return "capabilityChanged"
        }
    }

    /// The event as JSON fields, `kind` included (no `time`).
    package var fields: [String: JSONValue] {
        var fields: [String: JSONValue] = ["kind": .string(kind)]
        switch self {
        case .deviceAdded(let id, let subsystem), .deviceRemoved(let id, let subsystem),
            .deviceChanged(let id, let subsystem):
            fields["device"] = .string(id)
            fields["subsystem"] = subsystem.map(JSONValue.string) ?? .null
        case .batteryLevelChanged(let old, let new):
            fields["old"] = .double(old)
            fields["new"] = .double(new)
        case .batteryStateChanged(let old, let new):
            fields["old"] = .string(old.rawValue)
            fields["new"] = .string(new.rawValue)
        case .proximityChanged(let near):
            fields["near"] = .bool(near)
        case .capabilityChanged(let id, let old, let new):
            fields["id"] = .string(id)
            fields["old"] = .string(old.rawValue)
            fields["new"] = .string(new.rawValue)
        }
        return fields
    }
}

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

/// Watch events carry the state as its raw value (`unknown`, `unplugged`, `charging`, `full`).
extension BatteryState: Codable {}
