import Foundation

/// A proximity sensor the watcher can read: an IIO channel or an input switch.
///
/// Neither raises uevents when the value changes, so while proximity is watched the
/// watcher polls the sensor (``WatchOptions/proximityPollInterval``).
enum ProximitySensor: Sendable, Hashable {
    /// IIO `in_proximity_raw` (or `in_proximity0_raw`): near when the raw value exceeds the
    /// near level (udev `PROXIMITY_NEAR_LEVEL`, else the `in_proximity_nearlevel` attribute,
    /// else 0, as iio-sensor-proxy does).
    case iio(id: String, attribute: String, nearLevel: Double)
    /// An evdev node whose input device has `SW_FRONT_PROXIMITY`; read with `EVIOCGSW`.
    case inputSwitch(id: String, devnode: String)

    /// The `SW_FRONT_PROXIMITY` switch code (linux/input-event-codes.h).
    static let frontProximitySwitch = 0x0b

    /// Every proximity sensor among the records, sorted by id.
    static func sensors(in devices: [Device]) -> [ProximitySensor] {
        let byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var sensors: [ProximitySensor] = []
        for device in devices.sorted(by: { $0.id < $1.id }) {
            if device.subsystem == "iio" {
                guard
                    let attribute = ["in_proximity_raw", "in_proximity0_raw"].first(where: {
                        device.attributes[$0] != nil
                    })
                else { continue }
                let level =
                    device.property("PROXIMITY_NEAR_LEVEL").flatMap(Double.init)
                    ?? device.attribute("in_proximity_nearlevel").flatMap(Double.init) ?? 0
                sensors.append(.iio(id: device.id, attribute: attribute, nearLevel: level))
            } else if device.subsystem == "input", let devnode = device.devnode,
                devnode.contains("/event"), let parent = device.parentID.flatMap({ byID[$0] }),
                let switches = parent.attribute("capabilities/sw") ?? parent.property("SW"),
                hasBit(frontProximitySwitch, in: switches)
            {
                sensors.append(.inputSwitch(id: device.id, devnode: devnode))
            }
        }
        return sensors
    }

    /// Whether bit `bit` is set in a sysfs bitmap (hex words, most significant first).
    static func hasBit(_ bit: Int, in bitmap: String) -> Bool {
        let words = bitmap.split(separator: " ").reversed().map { UInt64($0, radix: 16) ?? 0 }
        let word = bit / 64
        guard word < words.count else { return false }
        return words[word] & (UInt64(1) << UInt64(bit % 64)) != 0
    }

    /// Reads the sensor now; nil when it cannot be read.
    /// - Parameters:
    ///   - sysfsRoot: The sysfs mount point.
    ///   - switches: Open evdev nodes (for input switches).
    /// - Returns: Whether something is near.
    func read(sysfsRoot: String, switches: EvdevSwitchReader) -> Bool? {
        switch self {
        case .iio(let id, let attribute, let nearLevel):
            guard let data = FileManager.default.contents(atPath: sysfsRoot + id + "/" + attribute),
                let raw = Double(
                    String(decoding: data, as: UTF8.self).trimmingCharacters(
                        in: .whitespacesAndNewlines))
            else { return nil }
            return raw > nearLevel
        case .inputSwitch(_, let devnode):
            return switches.state(devnode: devnode, code: Self.frontProximitySwitch)
        }
    }
}
