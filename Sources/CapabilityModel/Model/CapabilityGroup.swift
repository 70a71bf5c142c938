/// The heading a capability is listed under (`capcheck list`), in display order; each id's
/// ``CapabilityID/Definition/group`` names its group.
public enum CapabilityGroup: String, CaseIterable, Sendable, Hashable {
    /// Cameras and their features.
    case cameras = "Cameras"
    /// Microphones and speakers.
    case audio = "Audio"
    /// Location and the motion and environment sensors.
    case locationAndSensors = "Location and sensors"
    /// WiFi, Bluetooth, cellular, NFC and other radios or links.
    case radios = "Radios"
    /// Input devices, haptics, displays and GPUs.
    case inputAndOutput = "Input and output"
    /// Batteries.
    case power = "Power"
    /// The CPU and memory.
    case system = "System"
    /// Whatever else (the crosswalk's ids without a family of their own).
    case other = "Other"

    /// The heading as printed.
    public var title: String { rawValue }

    /// The ids listed under this group, sorted.
    public var members: [CapabilityID] {
        CapabilityID.allCases.filter { $0.definition.group == self }.sorted()
    }
}
