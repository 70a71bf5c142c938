import CapabilityModel

/// Decides `power.battery` (detection.md §18, decisions.md "Battery").
///
/// - A system battery is a `power_supply` of type Battery (the `type` attribute, else
///   `POWER_SUPPLY_TYPE`, else a `BAT*` name, as most dumps lack the type), with `scope` not
///   `Device` and `present` not 0. Peripheral batteries (`scope=Device`: mice, headsets,
///   pens) are listed in `details["peripherals"]`, never counted.
/// - Live values come from sysfs attributes when recorded (uevent properties are a stale
///   snapshot), else from the `POWER_SUPPLY_*` properties; `details["valuesFrom"]` says which.
/// - `details["level"]` and `details["state"]` are ``SystemBattery``'s (one mapping: levels
///   combined by energy as upower does, -1 with no system battery; states by
///   ``BatteryState/map(status:capacity:acOnline:)``). Raw statuses are kept in
///   `details["status"]`; `details["acOnline"]` when a mains/USB supply reports `online`.
package struct BatteryProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `power.battery`.
    package var ids: [CapabilityID] { [.powerBattery] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `power.battery` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var batteries: [Device] = []
        var peripherals: [JSONValue] = []
        var unsure: [Evidence] = []
        var online: [Bool] = []
        for supply in context.devices(in: .powerSupply) {
            let name = supply.property("POWER_SUPPLY_NAME") ?? supply.sysname
            switch SystemBattery.role(of: supply) {
            case .externalPower(let flag):
                if let flag { online.append(flag) }
            case .system:
                batteries.append(supply)
            case .missing:
                break
            case .peripheral:
                var detail: [String: JSONValue] = [
                    "device": .string(supply.id), "name": .string(name),
                ]
                let reading = BatteryReading(device: supply)
                if let model = Self.read(supply, "model_name") { detail["model"] = .string(model) }
                if let level = reading.level { detail["level"] = .double(level) }
                if let status = reading.status { detail["status"] = .string(status) }
                peripherals.append(.object(detail))
            case .other:
                if Self.read(supply, "type") == nil, let reason = supply.unreadable("type") {
                    unsure.append(
                        Evidence(
                            device: supply.id,
                            reason: "power supply whose type cannot be read (\(reason))"))
                } else if Self.read(supply, "type") == nil,
                    Self.read(supply, "capacity") != nil || Self.read(supply, "energy_now") != nil
                        || Self.read(supply, "charge_now") != nil
                {
                    unsure.append(
                        Evidence(
                            device: supply.id,
                            reason: "power supply of unrecorded type with a charge level"))
                }
            }
        }
        let acOnline: Bool? = online.isEmpty ? nil : online.contains(true)
        var details: [String: JSONValue] = [:]
        if !peripherals.isEmpty { details["peripherals"] = .array(peripherals) }
        if let acOnline { details["acOnline"] = .bool(acOnline) }
        let readings = batteries.map(BatteryReading.init(device:))
        let system = SystemBattery.combine(readings, acOnline: acOnline)
        details["level"] = .double(system.level)
        details["state"] = .string(system.state.rawValue)
        guard !batteries.isEmpty else {
            let status: CapabilityStatus = unsure.isEmpty ? context.noCandidateStatus : .unknown
            return [
                CapabilityFinding(
                    id: .powerBattery, status: status, evidence: unsure, details: details)
            ]
        }
        details["status"] = .array(readings.map { .string($0.status ?? "Unknown") })
        let unreadable = readings.flatMap { reading in
            reading.unreadable.keys.sorted().map {
                "\(reading.name)/\($0): \(reading.unreadable[$0] ?? "")"
            }
        }
        if !unreadable.isEmpty {
            // Level and state then rest on what could be read, or are unknown (-1, unknown).
            details["unreadable"] = .array(unreadable.map(JSONValue.string))
        }
        details["valuesFrom"] = batteries.allSatisfy(\.hasAttributes) ? "sysfs" : "uevent"
        details["devices"] = .array(
            zip(batteries, readings).map { battery, reading in
                var detail: [String: JSONValue] = [
                    "device": .string(battery.id),
                    "name": .string(battery.property("POWER_SUPPLY_NAME") ?? battery.sysname),
                ]
                if let model = Self.read(battery, "model_name") { detail["model"] = .string(model) }
                if let technology = Self.read(battery, "technology") {
                    detail["technology"] = .string(technology)
                }
                if let level = reading.level { detail["level"] = .double(level) }
                return .object(detail)
            })
        let evidence = batteries.map { battery in
            let reason =
                Self.read(battery, "type") == "Battery"
                ? "power supply of type Battery"
                : battery.unreadable("type").map {
                    "power supply named BAT* (type unreadable: \($0))"
                }
                    ?? "power supply named BAT* (type not recorded)"
            return Evidence(device: battery.id, reason: reason)
        }
        return [
            CapabilityFinding(
                id: .powerBattery, status: .present, count: batteries.count, evidence: evidence,
                details: details)
        ]
    }

    /// A supply value: the sysfs attribute when recorded, else `POWER_SUPPLY_<NAME>`.
    package static func read(_ supply: Device, _ name: String) -> String? {
        SystemBattery.value(supply, name)
    }
}
