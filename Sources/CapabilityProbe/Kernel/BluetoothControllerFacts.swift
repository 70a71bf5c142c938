/// What `HCIGETDEVINFO` tells about one controller, stored in `Device.facts["hci"]`.
public struct BluetoothControllerFacts: Sendable, Equatable {
    /// The controller name (`hci0`).
    public var name: String
    /// The bus (`usb`, `uart`, `pci`, `sdio`).
    public var bus: String
    /// The LMP feature bytes as hex (`bfff8dfed89bff79`).
    public var features: String
    /// LE support; `nil` when unknown (features all zero).
    public var lowEnergy: Bool?
    /// Whether the controller has no BR/EDR (LE only).
    public var lowEnergyOnly: Bool
    /// Whether the controller is up (`HCI_UP`).
    public var up: Bool

    /// Creates facts from a `hci_dev_info` reply.
    /// - Parameter info: The parsed reply.
    public init(info: HCIDeviceInfo) {
        name = info.name
        bus = info.bus
        features = info.features.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
        lowEnergy = info.supportsLowEnergy
        lowEnergyOnly = info.isLowEnergyOnly
        up = info.flags & 1 != 0
    }

    /// Creates facts from their parts.
    /// - Parameters:
    ///   - name: The controller name.
    ///   - bus: The bus.
    ///   - features: Feature bytes as hex.
    ///   - lowEnergy: LE support.
    ///   - lowEnergyOnly: LE only.
    ///   - up: Controller up.
    public init(
        name: String, bus: String, features: String, lowEnergy: Bool?, lowEnergyOnly: Bool, up: Bool
    ) {
        self.name = name
        self.bus = bus
        self.features = features
        self.lowEnergy = lowEnergy
        self.lowEnergyOnly = lowEnergyOnly
        self.up = up
    }

    /// The reason LE is unknown when the features are all zero.
    public static let neverPoweredReason = "LMP features are all zero (controller never powered)"

    /// The JSON object stored in `Device.facts["hci"]`: `name`, `bus`, `features`, `le`
    /// (Boolean, left out when unknown, with `error` saying why), `le_only`, `up`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "bus": .string(bus), "features": .string(features),
            "le_only": .bool(lowEnergyOnly), "up": .bool(up),
        ]
        if let lowEnergy {
            object["le"] = .bool(lowEnergy)
        } else {
            object["error"] = .string("\(name): \(Self.neverPoweredReason)")
        }
        return .object(object)
    }

    /// Reads facts back from ``json``; `nil` when the object is not facts.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, let name = object["name"]?.stringValue,
            let features = object["features"]?.stringValue
        else { return nil }
        self.init(
            name: name, bus: object["bus"]?.stringValue ?? "", features: features,
            lowEnergy: object["le"]?.boolValue,
            lowEnergyOnly: object["le_only"]?.boolValue ?? false,
            up: object["up"]?.boolValue ?? false)
    }

    /// LE support as a probe result, from `Device.facts["hci"]`.
    /// - Parameter json: The stored object, possibly missing.
    /// - Returns: `true`/`false`, or `unknown` with the recorded reason.
    public static func lowEnergy(from json: JSONValue?) -> KernelProbeResult<Bool> {
        guard let json else {
            return .unknown(reason: "no HCI facts recorded (source without kernel probes)")
        }
        if let facts = BluetoothControllerFacts(json: json), let lowEnergy = facts.lowEnergy {
            return .value(lowEnergy)
        }
        return .unknown(
            reason: json.objectValue?["error"]?.stringValue ?? "recorded HCI facts are malformed")
    }
}
