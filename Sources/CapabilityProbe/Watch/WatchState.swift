/// What the watcher knows between events, and the diffing that turns changes into events.
///
/// Pure: device records and readings in, ``DeviceEvent``s out. The watcher thread feeds it
/// uevents and poll results; tests feed it directly.
struct WatchState {
    /// The kinds of events to produce.
    let kinds: Set<WatchKind>
    /// Classifies the inventory after devices come and go.
    let classifier: CapabilityClassifier
    /// The source description for re-classification (from the initial enumeration).
    let source: SourceInfo
    /// The machine's identity.
    let machine: MachineIdentity
    /// The current records by id.
    private(set) var devices: [String: Device]
    /// The last classified statuses by capability id.
    private(set) var statuses: [String: CapabilityStatus] = [:]
    /// The last battery reading.
    private(set) var battery: BatteryReading
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
        self.battery = SystemBattery.reading(inventory.devices)
        if kinds.contains(.capabilities) { statuses = classify() }
    }

    /// The system battery records, sorted by id.
    var batteries: [Device] {
        devices.values.filter(SystemBattery.isSystemBattery).sorted { $0.id < $1.id }
    }

    /// The proximity sensors among the records.
    var proximitySensors: [ProximitySensor] { ProximitySensor.sensors(in: Array(devices.values)) }

    /// Applies one uevent.
    /// - Parameters:
    ///   - action: The uevent action (`add`, `remove`, `change`, `bind`, …).
    ///   - device: The record built from the event.
    /// - Returns: The device event, then battery changes. Capability changes are not computed
    ///   here: after `add`, `remove`, `bind`, `unbind` or `move` ``needsReclassification`` is
    ///   set, and the caller runs ``reclassify()`` once the burst of uevents has settled.
    mutating func apply(action: String, device: Device) -> [DeviceEvent] {
        var events: [DeviceEvent] = []
        let subsystem = device.subsystem ?? devices[device.id]?.subsystem
        switch action {
        case "add":
            var added = device
            added.parentID =
                added.parentID ?? DeviceTree.nearestAncestor(of: device.id, in: Set(devices.keys))
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
            changed.parentID =
                devices[device.id]?.parentID
                ?? DeviceTree.nearestAncestor(of: device.id, in: Set(devices.keys))
            changed.facts = devices[device.id]?.facts ?? device.facts
            devices[device.id] = changed
            events.append(.deviceChanged(id: device.id, subsystem: subsystem))
        }
        if !kinds.contains(.devices) { events.removeAll() }
        if subsystem == "power_supply" {
            events += update(battery: SystemBattery.reading(Array(devices.values)))
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
        return update(battery: SystemBattery.reading(Array(devices.values)))
    }

    /// Records a battery reading; level first, then state.
    mutating func update(battery reading: BatteryReading) -> [DeviceEvent] {
        guard kinds.contains(.battery) else {
            battery = reading
            return []
        }
        var events: [DeviceEvent] = []
        if reading.level != battery.level {
            events.append(.batteryLevelChanged(old: battery.level, new: reading.level))
        }
        if reading.state != battery.state {
            events.append(.batteryStateChanged(old: battery.state, new: reading.state))
        }
        battery = reading
        return events
    }

    /// Records a proximity reading; the first readable value is the baseline (no event).
    mutating func update(near reading: Bool?) -> [DeviceEvent] {
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
            result[finding.id] = finding.status
        }
        return result
    }
}
