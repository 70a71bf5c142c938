import CapabilitySupport
import FoundationEssentials

/// The system battery as iOS's `UIDevice` reports it: a level 0.0–1.0 (-1 without a
/// battery) and a ``BatteryState``.
///
/// System batteries are `power_supply` records of type `Battery` (or named `BAT*` when the
/// type is not recorded) whose `scope` is not `Device` and whose `present` is not 0
/// (``role(of:)``). Several are combined by energy as upower does:
/// level = Σ energy now / Σ energy full when every battery gives energy (or charge), else
/// the mean level; state = charging if any charges, else unplugged if any discharges, else
/// full if all are full, else unknown. Peripheral batteries are listed apart.
package struct SystemBattery: Sendable, Equatable {
    /// The level 0.0–1.0, or -1 when there is no system battery (as on iOS).
    package var level: Double
    /// The combined state.
    package var state: BatteryState
    /// The system batteries read.
    package var batteries: [BatteryReading]
    /// Names of peripheral (`scope=Device`) batteries.
    package var peripherals: [String]
    /// Whether a mains/USB supply is online, when one exists.
    package var acOnline: Bool?

    /// What a `power_supply` record is to the system battery.
    package enum SupplyRole: Sendable, Equatable {
        /// A mains or USB supply; `online` when it reports the attribute.
        case externalPower(online: Bool?)
        /// A system battery that is present.
        case system
        /// A battery that is not present (`present` = 0).
        case missing
        /// A peripheral battery (`scope=Device`: mice, headsets, pens).
        case peripheral
        /// Anything else (unrecorded type without a `BAT*` name, UPS, wireless charger).
        case other
    }

    /// A supply value: the sysfs attribute when recorded, else `POWER_SUPPLY_<NAME>`.
    /// - Parameters:
    ///   - supply: The `power_supply` record.
    ///   - name: The attribute name (`status`, `capacity`).
    /// - Returns: The value.
    package static func value(_ supply: Device, _ name: String) -> String? {
        supply.attribute(name) ?? supply.property("POWER_SUPPLY_" + name.uppercased())
    }

    /// Classifies a `power_supply` record: `type` (attribute or `POWER_SUPPLY_TYPE`), else a
    /// supply with `online` is external power and one named `BAT*` a battery (most dumps lack
    /// the type); batteries with `scope=Device` are peripherals.
    /// - Parameter supply: The record.
    /// - Returns: Its role.
    package static func role(of supply: Device) -> SupplyRole {
        let type = value(supply, "type")?.lowercased()
        let name = supply.property("POWER_SUPPLY_NAME") ?? supply.sysname
        if type == "mains" || type == "usb" || (type == nil && value(supply, "online") != nil) {
            return .externalPower(online: value(supply, "online").map { $0 != "0" })
        }
        guard type == "battery" || (type == nil && name.hasPrefix("BAT")) else { return .other }
        if value(supply, "scope")?.lowercased() == "device" { return .peripheral }
        return value(supply, "present") == "0" ? .missing : .system
    }

    /// Combines the `power_supply` records of a machine.
    /// - Parameter devices: All records (others are ignored).
    /// - Returns: The system battery.
    package static func combine(devices: [Device]) -> SystemBattery {
        var system: [BatteryReading] = []
        var peripherals: [String] = []
        var online: [Bool] = []
        for supply in devices where supply.is(.powerSupply) {
            switch role(of: supply) {
            case .externalPower(let flag): if let flag { online.append(flag) }
            case .system: system.append(BatteryReading(device: supply))
            case .peripheral: peripherals.append(supply.sysname)
            case .missing, .other: break
            }
        }
        let acOnline: Bool? = online.isEmpty ? nil : online.contains(true)
        return combine(
            system.sorted { $0.name < $1.name }, acOnline: acOnline,
            peripherals: peripherals.sorted())
    }

    /// Combines readings.
    /// - Parameters:
    ///   - batteries: The system batteries.
    ///   - acOnline: Whether AC is online, if known.
    ///   - peripherals: Names of peripheral batteries.
    /// - Returns: The system battery.
    package static func combine(
        _ batteries: [BatteryReading], acOnline: Bool?, peripherals: [String] = []
    ) -> SystemBattery {
        guard !batteries.isEmpty else {
            return SystemBattery(
                level: -1, state: .unknown, batteries: [], peripherals: peripherals,
                acOnline: acOnline)
        }
        var level: Double
        let energies = batteries.compactMap { battery -> (Double, Double)? in
            guard let now = battery.energyNow, let full = battery.energyFull, full > 0 else {
                return nil
            }
            return (now, full)
        }
        let sameUnit = Set(batteries.map(\.isCharge)).count == 1
        if batteries.count > 1, energies.count == batteries.count, sameUnit {
            level = energies.map(\.0).reduce(0, +) / energies.map(\.1).reduce(0, +)
        } else {
            let levels = batteries.compactMap(\.level)
            level = levels.isEmpty ? -1 : levels.reduce(0, +) / Double(levels.count)
        }
        if level != -1 { level = min(1, max(0, level)) }
        let states = batteries.map { $0.state(acOnline: acOnline) }
        let state: BatteryState
        if states.contains(.charging) {
            state = .charging
        } else if states.contains(.unplugged) {
            state = .unplugged
        } else if states.allSatisfy({ $0 == .full }) {
            state = .full
        } else {
            state = .unknown
        }
        return SystemBattery(
            level: level, state: state, batteries: batteries, peripherals: peripherals,
            acOnline: acOnline)
    }

    /// Details for the `power.battery` finding: `level`, `state`, `status` (raw values),
    /// `batteries`, `peripherals`, `ac_online` when known.
    package var details: [String: JSONValue] {
        var details: [String: JSONValue] = [
            "level": .double(level), "state": .string(state.rawValue),
            "status": .array(batteries.map { .string($0.status ?? "missing") }),
            "batteries": .array(batteries.map { .string($0.name) }),
            "peripherals": .array(peripherals.map(JSONValue.string)),
        ]
        if let acOnline { details["ac_online"] = .bool(acOnline) }
        return details
    }
}

/// One `power_supply` battery as read from its record: status, level and energy.
///
/// Values come from sysfs attributes (live, umockdev) and fall back to the uevent
/// `POWER_SUPPLY_*` properties (udevadm dumps), which are only as fresh as the last uevent.
package struct BatteryReading: Sendable, Equatable {
    /// The supply name (`BAT0`).
    package var name: String
    /// The raw `status` text, if any.
    package var status: String?
    /// `capacity` in percent, clamped to 0–100.
    package var capacity: Int?
    /// Energy now and full (µWh), or charge now and full (µAh) times the voltage when given.
    var energyNow: Double?
    /// Full energy, in the unit of ``energyNow``.
    var energyFull: Double?
    /// Whether the energy values are charge (µAh) rather than energy (µWh).
    var isCharge: Bool
    /// Attributes the source listed but could not read (`status`, `capacity`, …), with why:
    /// what they decide is unknown, not guessed from the mains supply.
    package var unreadable: [String: String] = [:]

    /// Creates a reading.
    /// - Parameters:
    ///   - name: The supply name.
    ///   - status: The raw status.
    ///   - capacity: Percent.
    ///   - energyNow: Energy (or charge) now.
    ///   - energyFull: Energy (or charge) when full.
    ///   - isCharge: Whether the values are charge.
    package init(
        name: String, status: String?, capacity: Int?, energyNow: Double? = nil,
        energyFull: Double? = nil,
        isCharge: Bool = false
    ) {
        self.name = name
        self.status = status
        self.capacity = capacity.map { min(100, max(0, $0)) }
        self.energyNow = energyNow
        self.energyFull = energyFull
        self.isCharge = isCharge
    }

    /// Reads a `power_supply` record.
    /// - Parameter device: The record.
    package init(device: Device) {
        let value = { (name: String) -> String? in SystemBattery.value(device, name) }
        let number = { (name: String) -> Double? in value(name).flatMap { CheckedNumber.finite($0) }
        }
        var now = number("energy_now")
        var full = number("energy_full")
        var charge = false
        if now == nil || full == nil {
            now = number("charge_now")
            full = number("charge_full")
            charge = now != nil && full != nil
        }
        self.init(
            name: device.sysname, status: value("status"),
            capacity: value("capacity").flatMap { Int($0) },
            energyNow: now, energyFull: full, isCharge: charge)
        for name in Self.decidingAttributes {
            if let reason = device.unreadable(name) { unreadable[name] = reason }
        }
    }

    /// The level 0.0–1.0: `capacity`, else energy now / full, else charge now / full.
    package var level: Double? {
        if let capacity { return Double(capacity) / 100 }
        if let energyNow, let energyFull, energyFull > 0 {
            return min(1, max(0, energyNow / energyFull))
        }
        return nil
    }

    /// The attributes a level or state rests on.
    static let decidingAttributes = [
        "status", "capacity", "energy_now", "energy_full", "charge_now", "charge_full", "uevent",
    ]

    /// The state of this battery.
    /// - Parameter acOnline: Whether a mains/USB supply is online, if known.
    /// - Returns: The mapped state; unknown when `status` was there but could not be read.
    package func state(acOnline: Bool?) -> BatteryState {
        if status == nil, unreadable["status"] != nil || unreadable["uevent"] != nil {
            return .unknown
        }
        let percent = capacity ?? level.flatMap { CheckedNumber.int($0 * 100) }
        return BatteryState.map(status: status, capacity: percent, acOnline: acOnline)
    }
}

/// The battery state as iOS's `UIDeviceBatteryState` names it.
///
/// Mapping from the kernel's `power_supply` `status` (case-insensitive, as upower reads it):
/// - `Charging` → ``charging``; `Discharging` → ``unplugged``; `Full` → ``full``;
/// - `Not charging` → ``full`` at a capacity of 95 % or more (charge thresholds stop
///   charging a nearly full battery), else ``unknown``;
/// - `Empty` (upower's EMPTY) → ``unplugged``: it is reached by discharging;
/// - `Unknown`, missing or anything else → ``unknown``, except that with the AC supply
///   known to be offline the battery must be powering the machine → ``unplugged``.
public enum BatteryState: String, Sendable, Equatable, CaseIterable {
    /// The state cannot be told (also: no system battery).
    case unknown
    /// Running on battery.
    case unplugged
    /// Plugged in and charging.
    case charging
    /// Plugged in and full.
    case full

    /// Maps a `status` value.
    /// - Parameters:
    ///   - status: The `status` attribute (or `POWER_SUPPLY_STATUS`), if any.
    ///   - capacity: The charge in percent, if known.
    ///   - acOnline: Whether a mains/USB supply is online, if known.
    /// - Returns: The state.
    package static func map(status: String?, capacity: Int?, acOnline: Bool? = nil) -> BatteryState
    {
        let normalized = status?.trimming(.whitespacesAndNewlines).lowercased()
        switch normalized {
        case "charging": return .charging
        case "discharging", "empty": return .unplugged
        case "full": return .full
        case "not charging":
            guard let capacity else { return .unknown }
            return capacity >= 95 ? .full : .unknown
        default:
            return acOnline == false ? .unplugged : .unknown
        }
    }
}
