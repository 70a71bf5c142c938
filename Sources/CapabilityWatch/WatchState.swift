import CapabilitySupport
import FoundationEssentials
import CapabilityModel
import CapabilityProbing

/// What the watcher knows between events, and the diffing that turns changes into events.
///
/// Pure: device records and readings in, ``DeviceEvent``s out. The watcher thread feeds it
/// uevents and poll results; tests feed it directly.
package struct WatchState {
    /// The kinds of events to produce.
    package let kinds: Set<WatchKind>
    /// Classifies the inventory after devices come and go.
    let classifier: CapabilityClassifier
    /// The source description for re-classification (from the initial enumeration).
    package let source: SourceInfo
    /// The machine's identity.
    package let machine: MachineIdentity
    /// The current records by id.
    private(set) var devices: [String: Device]
    /// The last classified statuses by capability id.
    private(set) var statuses: [String: CapabilityStatus] = [:]
    /// The last system battery level, 0.0–1.0 in whole percent (-1 = no system battery).
    private(set) var batteryLevel: Double
    /// The last system battery state.
    private(set) var batteryState: BatteryState
    /// The last proximity reading (nil = not read yet or unreadable).
    private(set) var near: Bool?
    /// Devices came or went since the last classification (see ``reclassify()``).
    private(set) var needsReclassification = false

    /// Starts from an inventory (the baseline: no events for what is already there).
    init(inventory: DeviceInventory, kinds: Set<WatchKind>, classifier: CapabilityClassifier) {
        self.kinds = kinds
        self.classifier = classifier
        self.source = inventory.source
        self.machine = inventory.machine
        self.devices = Dictionary(
            inventory.devices.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let battery = SystemBattery.combine(devices: inventory.devices)
        self.batteryLevel = battery.wholePercentLevel
        self.batteryState = battery.state
        if kinds.contains(.capabilities) { statuses = classify() }
    }

    /// The system battery records, sorted by id.
    package var batteries: [Device] {
        devices.values.filter(SystemBattery.isSystemBattery).sorted { $0.id < $1.id }
    }

    /// The proximity sensors among the records.
    var proximitySensors: [ProximitySensor] { ProximitySensor.sensors(in: Array(devices.values)) }

    /// Whether the watcher re-reads the battery: only while the battery is watched and a
    /// system battery is there.
    var pollsBattery: Bool { kinds.contains(.battery) && !batteries.isEmpty }

    /// Whether the watcher reads proximity sensors: only while proximity is watched and a
    /// sensor is there (reading one may wake it up).
    var pollsProximity: Bool { kinds.contains(.proximity) && !proximitySensors.isEmpty }

    /// The parent of a record from an event: the one already known for it, else the one the
    /// record names, else its nearest recorded ancestor.
    /// - Parameter device: The record built from an event.
    /// - Returns: The parent's id, if any.
    package func parentID(of device: Device) -> String? {
        devices[device.id]?.parentID ?? device.parentID
            ?? DeviceTree.nearestAncestor(of: device.id, in: Set(devices.keys))
    }

    /// Applies one uevent.
    /// - Parameters:
    ///   - action: The uevent action (`add`, `remove`, `change`, `bind`, …).
    ///   - device: The record built from the event.
    /// - Returns: The device event, then battery changes. Capability changes are not computed
    ///   here: after `add`, `remove`, `bind`, `unbind` or `move` ``needsReclassification`` is
    ///   set, and the caller runs ``reclassify()`` once the burst of uevents has settled.
    package mutating func apply(action: String, device: Device) -> [DeviceEvent] {
        var events: [DeviceEvent] = []
        let subsystem = device.subsystem ?? devices[device.id]?.subsystem
        switch action {
        case "add":
            var added = device
            added.parentID = parentID(of: device)
            devices[device.id] = added
            events.append(.deviceAdded(id: device.id, subsystem: subsystem))
        case "remove":
            let prefix = device.id + "/"
            for id in devices.keys where id == device.id || id.hasPrefix(prefix) {
                devices[id] = nil
            }
            events.append(.deviceRemoved(id: device.id, subsystem: subsystem))
        default:
            var changed = device
            changed.parentID = parentID(of: device)
            // Kernel facts probed for this event win; else the record keeps the ones it had.
            if changed.facts.isEmpty { changed.facts = devices[device.id]?.facts ?? KernelFacts() }
            devices[device.id] = changed
            events.append(.deviceChanged(id: device.id, subsystem: subsystem))
        }
        if !kinds.contains(.devices) { events.removeAll() }
        if subsystem == Subsystem.powerSupply.rawValue {
            events += update(battery: SystemBattery.combine(devices: Array(devices.values)))
        }
        if kinds.contains(.capabilities),
            ["add", "remove", "bind", "unbind", "move"].contains(action)
        {
            needsReclassification = true
        }
        return events
    }

    /// Replaces battery records with re-read ones and reports what changed.
    mutating func refreshBatteries(_ refreshed: [Device]) -> [DeviceEvent] {
        for device in refreshed where devices[device.id] != nil { devices[device.id] = device }
        return update(battery: SystemBattery.combine(devices: Array(devices.values)))
    }

    /// Records a battery reading; level (in whole percent) first, then state.
    package mutating func update(battery: SystemBattery) -> [DeviceEvent] {
        let level = battery.wholePercentLevel
        defer {
            batteryLevel = level
            batteryState = battery.state
        }
        guard kinds.contains(.battery) else { return [] }
        var events: [DeviceEvent] = []
        if level != batteryLevel {
            events.append(.batteryLevelChanged(old: batteryLevel, new: level))
        }
        if battery.state != batteryState {
            events.append(.batteryStateChanged(old: batteryState, new: battery.state))
        }
        return events
    }

    /// Records a proximity reading; the first readable value is the baseline (no event).
    package mutating func update(near reading: Bool?) -> [DeviceEvent] {
        guard let reading else { return [] }
        defer { near = reading }
        guard kinds.contains(.proximity), let near, near != reading else { return [] }
        return [.proximityChanged(near: reading)]
    }

    /// Re-classifies and returns status changes, sorted by capability id.
    mutating func reclassify() -> [DeviceEvent] {
        needsReclassification = false
        guard kinds.contains(.capabilities) else { return [] }
        let now = classify()
        var events: [DeviceEvent] = []
        for id in Set(now.keys).union(statuses.keys).sorted() {
            let old = statuses[id] ?? .unknown
            let new = now[id] ?? .unknown
            if old != new { events.append(.capabilityChanged(id: id, old: old, new: new)) }
        }
        statuses = now
        return events
    }

    private func classify() -> [String: CapabilityStatus] {
        let inventory = DeviceInventory(
            source: source, machine: machine, devices: DeviceTree.linkParents(Array(devices.values))
        )
        var result: [String: CapabilityStatus] = [:]
        for finding in classifier.classify(inventory).capabilities {
            result[finding.id.rawValue] = finding.status
        }
        return result
    }
}

/// What the watcher adds to ``SystemBattery``: whole-percent levels and re-reading the
/// values that change without a uevent.
///
/// Levels are coalesced to whole percent: the kernel's `capacity` is already an integer
/// percent, and energy-based levels of several batteries would otherwise change on every
/// poll by fractions nobody acts on. iOS reports in 5 % steps; 1 % keeps the full
/// resolution the kernel gives without flooding the stream.
extension SystemBattery {
    /// The attributes re-read on every poll (capacity changes often raise no uevent).
    static let polledAttributes = [
        "capacity", "status", "present", "energy_now", "energy_full", "charge_now", "charge_full",
    ]

    /// ``level`` rounded to whole percent; -1 (no system battery) stays -1.
    var wholePercentLevel: Double {
        level < 0 ? -1 : (level * 100).rounded() / 100
    }

    /// Whether a record is a present system battery (``role(of:)`` is ``SupplyRole/system``).
    static func isSystemBattery(_ device: Device) -> Bool {
        device.is(.powerSupply) && role(of: device) == .system
    }

    /// The record with ``polledAttributes`` re-read from sysfs (missing files drop out).
    /// - Parameters:
    ///   - device: A power_supply record.
    ///   - sysfsRoot: The sysfs mount point.
    /// - Returns: The refreshed record.
    static func refreshed(_ device: Device, sysfsRoot: String) -> Device {
        device.rereading(polledAttributes, sysfsRoot: sysfsRoot)
    }
}

extension Device {
    /// The record with some sysfs attributes read again (the watcher polls values that
    /// change without a uevent); an attribute whose file is missing drops out.
    /// - Parameters:
    ///   - names: Attribute names, relative to the device directory.
    ///   - sysfsRoot: The sysfs mount point.
    /// - Returns: The refreshed record.
    func rereading(_ names: [String], sysfsRoot: String) -> Device {
        var device = self
        for name in names {
            let path = sysfsRoot + id + "/" + name
            if let data = FileManager.default.contents(atPath: path) {
                device.attributes[name] = String(decoding: data, as: UTF8.self)
                    .trimming(.newlines)
            } else {
                device.attributes[name] = nil
            }
        }
        return device
    }
}
