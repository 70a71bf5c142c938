/// What ModemManager says about the modems it manages, asked over the system D-Bus by the live
/// source (`org.freedesktop.ModemManager1`, ObjectManager `GetManagedObjects`). Recordings
/// and snapshots carry none (``MachineIdentity/modemManager`` is `nil`): SMS and a modem's GNSS
/// are visible only through the service.
public enum ModemManagerFacts: Codable, Sendable, Hashable {
    /// The service answered: the modems it exports (none is an answer too).
    case modems([ModemManagerModem])
    /// The service could not be asked; the reason says why ("ModemManager is not running",
    /// the bus unreachable, access denied).
    case unavailable(reason: String)

    /// The modems, or `nil` when the service could not be asked.
    public var modems: [ModemManagerModem]? {
        if case .modems(let modems) = self { return modems }
        return nil
    }

    /// Why the service could not be asked, or `nil` when it answered.
    public var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }
}

/// One modem object ModemManager exports (`/org/freedesktop/ModemManager1/Modem/N`).
public struct ModemManagerModem: Codable, Sendable, Hashable {
    /// `MMModemLocationSource` bits that are satellite positioning: gps-raw (2), gps-nmea
    /// (4), gps-unmanaged (16), agps-msa (32), agps-msb (64). 3gpp-lac-ci (1) and cdma-bs (8)
    /// are cell ids, not GNSS.
    public static let gnssLocationBits: UInt32 = 2 | 4 | 16 | 32 | 64

    /// The D-Bus object path.
    public var path: String
    /// `Modem.Device`: the sysfs path of the physical device, if given.
    public var device: String?
    /// `Modem.Manufacturer` and `Modem.Model`, joined, if given.
    public var model: String?
    /// Whether the object has the `Modem.Messaging` interface (SMS).
    public var messaging: Bool
    /// `Modem.Location.Capabilities` (an `MMModemLocationSource` bitmask), or `nil` without
    /// the Location interface.
    public var locationCapabilities: UInt32?
    /// `Modem.SignalQuality`'s percentage, if given.
    public var signalQuality: Int?
    /// `Modem.AccessTechnologies` (an `MMModemAccessTechnology` bitmask), if given.
    public var accessTechnologies: UInt32?

    /// Creates a modem.
    package init(
        path: String, device: String? = nil, model: String? = nil, messaging: Bool = false,
        locationCapabilities: UInt32? = nil, signalQuality: Int? = nil,
        accessTechnologies: UInt32? = nil
    ) {
        self.path = path
        self.device = device
        self.model = model
        self.messaging = messaging
        self.locationCapabilities = locationCapabilities
        self.signalQuality = signalQuality
        self.accessTechnologies = accessTechnologies
    }

    /// Whether the Location capabilities include a satellite source (``gnssLocationBits``).
    public var hasGNSS: Bool {
        (locationCapabilities ?? 0) & Self.gnssLocationBits != 0
    }

    /// The Location capabilities by ModemManager's names (`gps-nmea`, `3gpp-lac-ci`), in bit
    /// order; unknown bits as `0x…`.
    public var locationSourceNames: [String] {
        Self.names(locationCapabilities ?? 0, Self.locationSources)
    }

    /// The access technologies by ModemManager's names (`lte`, `umts`), in bit order.
    public var accessTechnologyNames: [String] {
        Self.names(accessTechnologies ?? 0, Self.accessTechnologyTable)
    }

    /// `MMModemLocationSource` (ModemManager-enums.h).
    static let locationSources: [(UInt32, String)] = [
        (1, "3gpp-lac-ci"), (2, "gps-raw"), (4, "gps-nmea"), (8, "cdma-bs"),
        (16, "gps-unmanaged"), (32, "agps-msa"), (64, "agps-msb"),
    ]

    /// `MMModemAccessTechnology` (ModemManager-enums.h).
    static let accessTechnologyTable: [(UInt32, String)] = [
        (1 << 0, "pots"), (1 << 1, "gsm"), (1 << 2, "gsm-compact"), (1 << 3, "gprs"),
        (1 << 4, "edge"), (1 << 5, "umts"), (1 << 6, "hsdpa"), (1 << 7, "hsupa"),
        (1 << 8, "hspa"), (1 << 9, "hspa-plus"), (1 << 10, "1xrtt"), (1 << 11, "evdo0"),
        (1 << 12, "evdoa"), (1 << 13, "evdob"), (1 << 14, "lte"), (1 << 15, "5gnr"),
        (1 << 16, "lte-cat-m"), (1 << 17, "lte-nb-iot"),
    ]

    private static func names(_ mask: UInt32, _ table: [(UInt32, String)]) -> [String] {
        var names: [String] = []
        var rest = mask
        for (bit, name) in table where mask & bit != 0 {
            names.append(name)
            rest &= ~bit
        }
        var bit: UInt32 = 1
        while rest != 0 {
            if rest & bit != 0 {
                names.append("0x" + String(bit, radix: 16))
                rest &= ~bit
            }
            bit = bit << 1
        }
        return names
    }
}
