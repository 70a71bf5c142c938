/// Decides `power.battery` (detection.md §18, decisions.md "Battery").
///
/// - A system battery is a `power_supply` of type Battery (the `type` attribute, else
///   `POWER_SUPPLY_TYPE`, else a `BAT*` name, as most dumps lack the type), with `scope` not
///   `Device` and `present` not 0. Peripheral batteries (`scope=Device`: mice, headsets,
///   pens) are listed in `details["peripherals"]`, never counted.
/// - Live values come from sysfs attributes when recorded (uevent properties are a stale
///   snapshot), else from the `POWER_SUPPLY_*` properties; `details["valuesFrom"]` says which.
/// - `details["level"]`: 0.0–1.0; several batteries are combined by energy as upower does
///   (charge × design voltage when only charge is known); -1 with no system battery.
/// - `details["state"]`: Charging → charging, Discharging → unplugged, Full → full, "Not
///   charging" → full at ≥ 95 % else unknown; anything else unknown. Raw statuses are kept in
///   `details["status"]`; `details["acOnline"]` when a mains/USB supply reports `online`.
public struct BatteryProber: CapabilityProber {
    /// Creates the prober.
    public init() {}

    /// `power.battery`.
    public var ids: [String] { ["power.battery"] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `power.battery` finding.
    public func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var batteries: [Device] = []
        var peripherals: [JSONValue] = []
        var unsure: [Evidence] = []
        var acOnline: Bool?
        for supply in context.devices(in: "power_supply") {
            let type = Self.read(supply, "type")
            let scope = Self.read(supply, "scope")
            let name = supply.property("POWER_SUPPLY_NAME") ?? supply.sysname
            if type == "Mains" || type == "USB"
                || (type == nil && Self.read(supply, "online") != nil)
            {
                if let online = Self.read(supply, "online") {
                    acOnline = (acOnline ?? false) || online == "1"
                }
                continue
            }
            let isBattery = type == "Battery" || (type == nil && name.hasPrefix("BAT"))
            if !isBattery {
                if type == nil,
                    Self.read(supply, "capacity") != nil || Self.read(supply, "energy_now") != nil
                        || Self.read(supply, "charge_now") != nil
                {
                    unsure.append(
                        Evidence(
                            device: supply.id,
                            reason: "power supply of unrecorded type with a charge level"))
                }
                continue
            }
            if scope?.lowercased() == "device" {
                var detail: [String: JSONValue] = [
                    "device": .string(supply.id), "name": .string(name),
                ]
                if let model = Self.read(supply, "model_name") { detail["model"] = .string(model) }
                if let capacity = Self.read(supply, "capacity").flatMap(Double.init) {
                    detail["level"] = .double(min(max(capacity, 0), 100) / 100)
                }
                if let status = Self.read(supply, "status") { detail["status"] = .string(status) }
                peripherals.append(.object(detail))
                continue
            }
            if Self.read(supply, "present") == "0" { continue }
            batteries.append(supply)
        }
        var details: [String: JSONValue] = [:]
        if !peripherals.isEmpty { details["peripherals"] = .array(peripherals) }
        if let acOnline { details["acOnline"] = .bool(acOnline) }
        guard !batteries.isEmpty else {
            details["level"] = -1
            details["state"] = "unknown"
            let status: CapabilityStatus = unsure.isEmpty ? context.noCandidateStatus : .unknown
            return [
                CapabilityFinding(
                    id: "power.battery", status: status, evidence: unsure, details: details)
            ]
        }
        let level = Self.combinedLevel(batteries)
        details["level"] = level.map(JSONValue.double) ?? -1
        let statuses = batteries.map { Self.read($0, "status") ?? "Unknown" }
        details["status"] = .array(statuses.map(JSONValue.string))
        details["state"] = .string(Self.state(statuses, level: level))
        details["valuesFrom"] = batteries.allSatisfy(\.hasAttributes) ? "sysfs" : "uevent"
        details["devices"] = .array(
            batteries.map { battery in
                var detail: [String: JSONValue] = [
                    "device": .string(battery.id),
                    "name": .string(battery.property("POWER_SUPPLY_NAME") ?? battery.sysname),
                ]
                if let model = Self.read(battery, "model_name") { detail["model"] = .string(model) }
                if let technology = Self.read(battery, "technology") {
                    detail["technology"] = .string(technology)
                }
                if let level = Self.level(battery) { detail["level"] = .double(level) }
                return .object(detail)
            })
        let evidence = batteries.map { battery in
            let reason =
                Self.read(battery, "type") == "Battery"
                ? "power supply of type Battery" : "power supply named BAT* (type not recorded)"
            return Evidence(device: battery.id, reason: reason)
        }
        return [
            CapabilityFinding(
                id: "power.battery", status: .present, count: batteries.count, evidence: evidence,
                details: details)
        ]
    }

    /// A supply value: the sysfs attribute when recorded, else `POWER_SUPPLY_<NAME>`.
    static func read(_ supply: Device, _ name: String) -> String? {
        supply.value(attribute: name, property: "POWER_SUPPLY_" + name.uppercased())
    }

    /// Energy now and full in µWh (from energy_*, or charge_* × design voltage).
    static func energy(_ supply: Device) -> (now: Double, full: Double)? {
        if let now = read(supply, "energy_now").flatMap(Double.init),
            let full = read(supply, "energy_full").flatMap(Double.init), full > 0
        {
            return (now, full)
        }
        let volts = (read(supply, "voltage_min_design") ?? read(supply, "voltage_now")).flatMap(
            Double.init)
        if let now = read(supply, "charge_now").flatMap(Double.init),
            let full = read(supply, "charge_full").flatMap(Double.init), full > 0
        {
            let voltage = (volts ?? 0) > 0 ? (volts ?? 1) / 1_000_000 : 1
            return (now * voltage, full * voltage)
        }
        return nil
    }

    /// One battery's level 0–1: `capacity`, else energy now/full.
    static func level(_ supply: Device) -> Double? {
        if let capacity = read(supply, "capacity").flatMap(Double.init) {
            return min(max(capacity, 0), 100) / 100
        }
        if let energy = energy(supply) { return min(max(energy.now / energy.full, 0), 1) }
        return nil
    }

    /// The combined level: one battery → its level; several → by energy, as upower.
    static func combinedLevel(_ batteries: [Device]) -> Double? {
        if batteries.count == 1, let only = batteries.first { return level(only) }
        let energies = batteries.compactMap(energy)
        if energies.count == batteries.count {
            let full = energies.reduce(0) { $0 + $1.full }
            guard full > 0 else { return nil }
            return min(max(energies.reduce(0) { $0 + $1.now } / full, 0), 1)
        }
        let levels = batteries.compactMap(level)
        guard levels.count == batteries.count, !levels.isEmpty else { return nil }
        return levels.reduce(0, +) / Double(levels.count)
    }

    /// The UIDeviceBatteryState-like state from the raw statuses.
    static func state(_ statuses: [String], level: Double?) -> String {
        let lower = statuses.map { $0.lowercased() }
        if lower.contains("charging") { return "charging" }
        if lower.contains("discharging") { return "unplugged" }
        if lower.allSatisfy({ $0 == "full" }) { return "full" }
        if lower.allSatisfy({ $0 == "full" || $0 == "not charging" }) {
            return (level ?? 0) >= 0.95 ? "full" : "unknown"
        }
        return "unknown"
    }
}
