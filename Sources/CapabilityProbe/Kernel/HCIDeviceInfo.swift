/// `struct hci_dev_info` (bluez `lib/hci.h`), the reply of `HCIGETDEVINFO`.
public struct HCIDeviceInfo: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 92
    /// `HCIGETDEVINFO` = `_IOR('H', 211, int)`.
    public static let request: UInt = 0x8004_48d3

    /// The controller index (`hciN`).
    public var index: UInt16
    /// The name (`hci0`).
    public var name: String
    /// The `type` byte: low nibble = bus, high nibble = controller type.
    public var type: UInt8
    /// The LMP feature bytes (page 0).
    public var features: [UInt8]
    /// The flags (`HCI_UP` = bit 0).
    public var flags: UInt32

    /// Creates a record.
    /// - Parameters:
    ///   - index: The controller index.
    ///   - name: The name.
    ///   - type: The type byte.
    ///   - features: Eight LMP feature bytes.
    ///   - flags: The flags.
    public init(index: UInt16, name: String, type: UInt8 = 1, features: [UInt8], flags: UInt32 = 0)
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
    public init?(bytes: [UInt8]) {
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
    public static func request(index: UInt16) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set16(index, in: &bytes, at: 0)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    public var bytes: [UInt8] {
        var bytes = Self.request(index: index)
        for (offset, byte) in name.utf8.prefix(7).enumerated() { bytes[2 + offset] = byte }
        ByteLayout.set(flags, in: &bytes, at: 16)
        bytes[20] = type
        for (offset, byte) in features.prefix(8).enumerated() { bytes[21 + offset] = byte }
        return bytes
    }

    /// The bus name from the low nibble of `type` (`HCI_USB` = 1, `HCI_UART` = 3, …).
    public var bus: String {
        let names = [
            "virtual", "usb", "pccard", "uart", "rs232", "pci", "sdio", "spi", "i2c", "smd",
            "virtio",
        ]
        let bus = Int(type & 0x0f)
        return bus < names.count ? names[bus] : "bus \(bus)"
    }

    /// Whether LE is supported: `features[4] & 0x40` (LMP_LE); `nil` when all feature bytes
    /// are zero (the controller was never powered, so the kernel has not read them).
    public var supportsLowEnergy: Bool? {
        guard features.count == 8, features.contains(where: { $0 != 0 }) else { return nil }
        return features[4] & 0x40 != 0
    }

    /// Whether the controller is LE-only: `features[4] & 0x20` (LMP_NO_BREDR).
    public var isLowEnergyOnly: Bool { features.count == 8 && features[4] & 0x20 != 0 }
}
