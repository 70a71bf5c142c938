import Foundation

/// Reads the system battery from power_supply records, the way upower combines them.
///
/// Levels are coalesced to whole percent: the kernel's `capacity` is already an integer
/// percent, and energy-based levels of several batteries would otherwise change on every
/// poll by fractions nobody acts on. iOS reports in 5 % steps; 1 % keeps the full
/// resolution the kernel gives without flooding the stream.
enum SystemBattery {
    /// The attributes re-read on every poll (capacity changes often raise no uevent).
    static let polledAttributes = [
        "capacity", "status", "present", "energy_now", "energy_full", "charge_now", "charge_full",
    ]

    /// Whether a record is a system battery (not a peripheral's, `scope=Device`).
    static func isSystemBattery(_ device: Device) -> Bool {
        guard device.subsystem == "power_supply" else { return false }
        let type = device.attribute("type") ?? device.property("POWER_SUPPLY_TYPE")
        let scope = device.attribute("scope") ?? device.property("POWER_SUPPLY_SCOPE")
        let present = device.attribute("present") ?? device.property("POWER_SUPPLY_PRESENT")
        return type == "Battery" && scope != "Device" && present != "0"
    }

    /// The combined reading of every system battery among the records.
    /// - Parameter devices: Device records (any order).
    /// - Returns: The reading; ``BatteryReading/none`` without a system battery.
    static func reading(_ devices: [Device]) -> BatteryReading {
        let batteries = devices.filter(isSystemBattery).sorted { $0.id < $1.id }
        guard !batteries.isEmpty else { return .none }
        var states: [DeviceEvent.BatteryState] = []
        var percents: [Double] = []
        for battery in batteries {
            let percent = battery.attribute("capacity").flatMap(Double.init)
            if let percent { percents.append(percent) }
            let status = battery.attribute("status") ?? battery.property("POWER_SUPPLY_STATUS")
            states.append(DeviceEvent.BatteryState.from(status: status, percent: percent))
        }
        let level: Double
        if batteries.count > 1, let combined = energyLevel(batteries) {
            level = combined
        } else if !percents.isEmpty {
            level = percents.reduce(0, +) / Double(percents.count) / 100
        } else if let combined = energyLevel(batteries) {
            level = combined
        } else {
            return BatteryReading(level: -1, state: combine(states))
        }
        let percent = (min(max(level, 0), 1) * 100).rounded()
        return BatteryReading(level: percent / 100, state: combine(states))
    }

    /// Sum of energy (or charge) now over sum of full, when every battery has one kind.
    private static func energyLevel(_ batteries: [Device]) -> Double? {
        for (now, full) in [("energy_now", "energy_full"), ("charge_now", "charge_full")] {
            let pairs = batteries.compactMap { battery -> (Double, Double)? in
                guard let n = battery.attribute(now).flatMap(Double.init),
                    let f = battery.attribute(full).flatMap(Double.init), f > 0
                else { return nil }
                return (n, f)
            }
            if pairs.count == batteries.count {
                return pairs.map(\.0).reduce(0, +) / pairs.map(\.1).reduce(0, +)
            }
        }
        return nil
    }

    /// Any charging → charging; else any unplugged → unplugged; all full → full; else unknown.
    static func combine(_ states: [DeviceEvent.BatteryState]) -> DeviceEvent.BatteryState {
        if states.contains(.charging) { return .charging }
        if states.contains(.unplugged) { return .unplugged }
        if !states.isEmpty, states.allSatisfy({ $0 == .full }) { return .full }
        return .unknown
    }

    /// The record with ``polledAttributes`` re-read from sysfs (missing files drop out).
    /// - Parameters:
    ///   - device: A power_supply record.
    ///   - sysfsRoot: The sysfs mount point.
    /// - Returns: The refreshed record.
    static func refreshed(_ device: Device, sysfsRoot: String) -> Device {
        var device = device
        for name in polledAttributes {
            let path = sysfsRoot + device.id + "/" + name
            if let data = FileManager.default.contents(atPath: path) {
                device.attributes[name] = String(decoding: data, as: UTF8.self)
                    .trimmingCharacters(in: .newlines)
            } else {
                device.attributes[name] = nil
            }
        }
        return device
    }
}
