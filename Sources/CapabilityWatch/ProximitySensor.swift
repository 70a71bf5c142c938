import CapabilityModel
import CapabilityLive

/// A proximity sensor the watcher can read: an IIO channel or an input switch.
///
/// Neither raises uevents when the value changes, so while proximity is watched the
/// watcher polls the sensor (``WatchOptions/proximityPollInterval``). The near/far rules
/// are ``ProximityState``'s (the same as `list`): an IIO reading inside the ±10 % band
/// around the near level is unknown, so the last state stands (iio-sensor-proxy's
/// hysteresis); the switch is read with ``EvdevProbe/facts(of:multitouchSlots:proximitySwitch:)``.
package enum ProximitySensor: Sendable, Hashable {
    /// An IIO device with `in_proximity_raw` (or `in_proximity0_raw`).
    case iio(id: String)
    /// An evdev node whose input device announces `SW_FRONT_PROXIMITY`.
    case inputSwitch(id: String, devnode: String)

    /// The IIO attributes re-read on every poll.
    static let rawAttributes = ["in_proximity_raw", "in_proximity0_raw"]

    /// Every proximity sensor among the records, sorted by id.
    /// - Parameter devices: Records (any order; parents are looked up among them).
    /// - Returns: The sensors.
    package static func sensors(in devices: [Device]) -> [ProximitySensor] {
        let byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var sensors: [ProximitySensor] = []
        for device in devices.sorted(by: { $0.id < $1.id }) {
            if device.is(.iio),
                rawAttributes.contains(where: { device.attributes[$0] != nil })
            {
                sensors.append(.iio(id: device.id))
            } else if device.is(.input), let devnode = device.devnode,
                device.sysname.hasPrefix("event"),
                let parent = device.parentID.flatMap({ byID[$0] }),
                KernelFactsCollector.evdevParts(announcedBy: parent).proximitySwitch
            {
                sensors.append(.inputSwitch(id: device.id, devnode: devnode))
            }
        }
        return sensors
    }

    /// The record's id.
    package var id: String {
        switch self {
        case .iio(let id), .inputSwitch(let id, _): return id
        }
    }

    /// The state the record already holds (the enumeration's attributes and kernel facts),
    /// without touching the device; nil when unknown.
    /// - Parameter record: The sensor's record.
    /// - Returns: Whether something is near.
    package func recorded(_ record: Device) -> Bool? {
        switch self {
        case .iio: return ProximityState.near(iio: record).value
        case .inputSwitch: return ProximityState.near(input: record).value
        }
    }

    /// Reads the sensor now; nil when it cannot be read or the reading is undecided.
    /// - Parameters:
    ///   - record: The sensor's record.
    ///   - sysfsRoot: The sysfs mount point.
    ///   - switches: Open evdev nodes (for input switches).
    /// - Returns: Whether something is near.
    package func read(_ record: Device, sysfsRoot: String, switches: EvdevSwitchReader) -> Bool? {
        switch self {
        case .iio:
            let fresh = record.rereading(Self.rawAttributes, sysfsRoot: sysfsRoot)
            return ProximityState.near(iio: fresh).value
        case .inputSwitch(_, let devnode):
            return switches.near(devnode: devnode)
        }
    }
}

/// Reads the proximity switch of evdev nodes, keeping each node open while watched.
///
/// The ioctl and its bits are ``EvdevProbe``'s; this only keeps the nodes open between
/// polls. Owned by the watcher thread; every node is closed in ``closeAll()`` (called when
/// the watch ends) or when the reader is released.
package final class EvdevSwitchReader {
    private let opener: any DeviceOpener
    private var nodes: [String: any IoctlDevice] = [:]

    /// Creates a reader.
    /// - Parameter opener: Opens nodes (``SystemDeviceOpener`` live).
    init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Closes every node.
    func closeAll() {
        nodes.removeAll()
    }

    /// Whether `SW_FRONT_PROXIMITY` is on; nil when the node cannot be opened or read (a
    /// node that fails is closed and opened again on the next read).
    /// - Parameter devnode: The `/dev/input/eventN` node.
    /// - Returns: The switch state.
    package func near(devnode: String) -> Bool? {
        let node: any IoctlDevice
        if let open = nodes[devnode] {
            node = open
        } else {
            guard let opened = try? opener.open(devnode) else { return nil }
            nodes[devnode] = opened
            node = opened
        }
        let facts = EvdevProbe.facts(of: node, multitouchSlots: false, proximitySwitch: true)
        guard let near = facts.near else {
            nodes[devnode] = nil
            return nil
        }
        return near
    }
}
