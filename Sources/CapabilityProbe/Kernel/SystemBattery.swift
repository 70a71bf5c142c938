/// The system battery as iOS's `UIDevice` reports it: a level 0.0–1.0 (-1 without a
/// battery) and a ``BatteryState``.
///
/// System batteries are `power_supply` records of type `Battery` whose `scope` is not
/// `Device` and whose `present` is not 0. Several are combined by energy as upower does:
/// level = Σ energy now / Σ energy full when every battery gives energy (or charge), else
/// the mean level; state = charging if any charges, else unplugged if any discharges, else
/// full if all are full, else unknown. Peripheral batteries are listed apart.
public struct SystemBattery: Sendable, Equatable {
    /// The level 0.0–1.0, or -1 when there is no system battery (as on iOS).
    public var level: Double
    /// The combined state.
    public var state: BatteryState
    /// The system batteries read.
    public var batteries: [BatteryReading]
    /// Names of peripheral (`scope=Device`) batteries.
    public var peripherals: [String]
    /// Whether a mains/USB supply is online, when one exists.
    public var acOnline: Bool?

    /// Combines the `power_supply` records of a machine.
    /// - Parameter devices: All records (others are ignored).
    /// - Returns: The system battery.
    public static func combine(devices: [Device]) -> SystemBattery {
        let supplies = devices.filter { $0.subsystem == "power_supply" }
        let value = { (device: Device, name: String) -> String? in
            device.attribute(name) ?? device.property("POWER_SUPPLY_" + name.uppercased())
        }
        var system: [BatteryReading] = []
        var peripherals: [String] = []
        var online: [Bool] = []
        for supply in supplies {
            let type = value(supply, "type")?.lowercased()
            if type == "mains" || type == "usb" || (type == nil && value(supply, "online") != nil) {
                if let flag = value(supply, "online") { online.append(flag != "0") }
                continue
            }
            guard type == "battery" else { continue }
            if value(supply, "scope")?.lowercased() == "device" {
                peripherals.append(supply.sysname)
                continue
            }
            if value(supply, "present") == "0" { continue }
            system.append(BatteryReading(device: supply))
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
    public static func combine(
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
    public var details: [String: JSONValue] {
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
