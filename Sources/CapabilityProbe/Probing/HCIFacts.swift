/// What a Bluetooth HCI probe recorded for one controller, read from `Device.facts["hci"]`.
///
/// Accepted keys (any one decides): `"le": Bool`; `"features": [Int]` (the 8 LMP feature
/// bytes of `HCIGETDEVINFO`: LE ⇔ `features[4] & 0x40`; all zero = never powered, undecided);
/// `"supported_settings": Int` (mgmt READ_INFO: LE ⇔ bit `0x200`).
struct HCIFacts: Sendable {
    /// Whether the controller supports Bluetooth Low Energy, when the facts decide it.
    var lowEnergy: Bool?
    /// Which fact decided.
    var basis: String?

    /// Reads the facts of a device; nil when no HCI probe ran.
    init?(_ device: Device) {
        guard let object = device.facts["hci"]?.objectValue else { return nil }
        if let value = object["le"]?.boolValue {
            lowEnergy = value
            basis = "le"
        } else if let settings = (object["supported_settings"] ?? object["supportedSettings"])?
            .doubleValue
        {
            lowEnergy = Int(settings) & 0x200 != 0
            basis = "mgmt supported settings"
        } else if let features = object["features"]?.arrayValue?.compactMap(\.doubleValue),
            features.count >= 5,
            features.contains(where: { $0 != 0 })
        {
            lowEnergy = Int(features[4]) & 0x40 != 0
            basis = "LMP features"
        }
    }
}
