/// What `HCIGETDEVINFO` tells about one controller, stored in ``KernelFacts/hci``.
public struct BluetoothControllerFacts: Sendable, Hashable {
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
    package init(info: HCIDeviceInfo) {
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
    package init(
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
    static let neverPoweredReason = "LMP features are all zero (controller never powered)"

    /// LE support as a probe result, from ``KernelFacts/hci``.
    /// - Parameter recorded: The stored facts, possibly missing.
    /// - Returns: `true`/`false`, or `unknown` with the recorded reason.
    package static func lowEnergy(from recorded: KernelProbeResult<BluetoothControllerFacts>?)
        -> KernelProbeResult<Bool>
    {
        switch recorded {
        case nil: return .unknown(reason: "no HCI facts recorded (source without kernel probes)")
        case .unknown(let reason): return .unknown(reason: reason)
        case .value(let facts):
            guard let lowEnergy = facts.lowEnergy else {
                return .unknown(reason: "\(facts.name): \(Self.neverPoweredReason)")
            }
            return .value(lowEnergy)
        }
    }
}

extension BluetoothControllerFacts: Codable {
    /// The JSON keys under `hci` in a snapshot record's `facts`.
    package enum CodingKeys: String, CodingKey {
        case name, bus, features, lowEnergy = "le", lowEnergyOnly = "le_only", up, error
    }

    /// Encodes `name`, `bus`, `features`, `le` (left out when unknown, with `error` saying
    /// why), `le_only` and `up`.
    /// - Parameter encoder: The encoder.
    /// - Throws: `EncodingError` from the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(bus, forKey: .bus)
        try container.encode(features, forKey: .features)
        try container.encode(lowEnergyOnly, forKey: .lowEnergyOnly)
        try container.encode(up, forKey: .up)
        if let lowEnergy {
            try container.encode(lowEnergy, forKey: .lowEnergy)
        } else {
            try container.encode("\(name): \(Self.neverPoweredReason)", forKey: .error)
        }
    }

    /// Reads recorded facts leniently; `name` and `features` are needed.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object or lacks either.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        guard let name = fields.string(.name), let features = fields.string(.features) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "no name or features"))
        }
        self.init(
            name: name, bus: fields.string(.bus) ?? "", features: features,
            lowEnergy: fields.bool(.lowEnergy), lowEnergyOnly: fields.bool(.lowEnergyOnly) ?? false,
            up: fields.bool(.up) ?? false)
    }
}

/// `struct hci_dev_info` (bluez `lib/hci.h`), the reply of `HCIGETDEVINFO`.
package struct HCIDeviceInfo: Sendable, Equatable {
    /// The struct size in bytes.
    package static let size = 92
    /// `HCIGETDEVINFO` = `_IOR('H', 211, int)`.
    package static let request: UInt = 0x8004_48d3

    /// The controller index (`hciN`).
    package var index: UInt16
    /// The name (`hci0`).
    package var name: String
    /// The `type` byte: low nibble = bus, high nibble = controller type.
    package var type: UInt8
    /// The LMP feature bytes (page 0).
    package var features: [UInt8]
    /// The flags (`HCI_UP` = bit 0).
    package var flags: UInt32

    /// Creates a record.
    /// - Parameters:
    ///   - index: The controller index.
    ///   - name: The name.
    ///   - type: The type byte.
    ///   - features: Eight LMP feature bytes.
    ///   - flags: The flags.
    package init(index: UInt16, name: String, type: UInt8 = 1, features: [UInt8], flags: UInt32 = 0)
    {
        self.index = index
        self.name = name
        self.type = type
        self.features = features
        self.flags = flags
    }

    /// Parses the struct (dev_id u16, name[8], bdaddr[6], flags u32 at 16, type at 20,
    /// features[8] at 21, …).
    /// - Parameter bytes: At least 92 bytes.
    package init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        index = ByteLayout.uint16(bytes, at: 0)
        name = ByteLayout.string(bytes, at: 2, length: 8)
        flags = ByteLayout.uint32(bytes, at: 16)
        type = bytes[20]
        features = Array(bytes[21..<29])
    }

    /// The request struct asking for controller `index`.
    /// - Parameter index: The controller index.
    /// - Returns: 92 bytes with `dev_id` set.
    package static func request(index: UInt16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set16(index, in: &bytes, at: 0)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    package var bytes: [UInt8] {
        var bytes = Self.request(index: index)
        for (offset, byte) in name.utf8.prefix(7).enumerated() { bytes[2 + offset] = byte }
        ByteLayout.set(flags, in: &bytes, at: 16)
        bytes[20] = type
        for (offset, byte) in features.prefix(8).enumerated() { bytes[21 + offset] = byte }
        return bytes
    }

    /// The bus name from the low nibble of `type` (`HCI_USB` = 1, `HCI_UART` = 3, …).
    package var bus: String {
        let names = [
            "virtual", "usb", "pccard", "uart", "rs232", "pci", "sdio", "spi", "i2c", "smd",
            "virtio",
        ]
        let bus = Int(type & 0x0f)
        return bus < names.count ? names[bus] : "bus \(bus)"
    }

    /// Whether LE is supported: `features[4] & 0x40` (LMP_LE); `nil` when all feature bytes
    /// are zero (the controller was never powered, so the kernel has not read them).
    var supportsLowEnergy: Bool? {
        guard features.count == 8, features.contains(where: { $0 != 0 }) else { return nil }
        return features[4] & 0x40 != 0
    }

    /// Whether the controller is LE-only: `features[4] & 0x20` (LMP_NO_BREDR).
    var isLowEnergyOnly: Bool { features.count == 8 && features[4] & 0x20 != 0 }
}
