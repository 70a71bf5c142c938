import CapabilityMatrix
import CapabilityModel
import CapabilityRecordings

extension IOSCapture {
    /// The captured iPhone or iPad in capcheck's vocabulary: its model's row of the built-in
    /// Apple catalog (found by `ProductType`) gives each capability a key column means
    /// (present for `yes`, absent for `no`, unknown where the catalog cannot tell), and
    /// `power.battery` carries the battery domain's level and state. The device itself
    /// reports no hardware list, so the row is the evidence.
    /// - Parameters:
    ///   - path: The capture file (`ios` for a live device).
    ///   - catalog: The built-in Apple catalog.
    /// - Returns: The report `list` renders, or nil when the catalog has no row for the
    ///   model (or the capture names none).
    public func report(path: String, catalog: AppleCatalog) -> CapabilityReport? {
        guard let productType,
            let row = catalog.devices.first(where: { $0.identifiers.contains(productType) })
        else { return nil }
        let source = Evidence.Source.file("builtin:apple line \(row.line)")
        var findings: [CapabilityFinding] = []
        for (id, column, cell) in catalog.capabilityCells(of: row) {
            let reason = "\(row.name): \(column) \(cell.rawValue)"
            switch cell {
            case .yes:
                findings.append(
                    CapabilityFinding(
                        id: id, status: .present, count: 1,
                        evidence: [Evidence(source, reason: reason)]))
            case .no:
                findings.append(
                    CapabilityFinding(
                        id: id, status: .absent, evidence: [Evidence(source, reason: reason)]))
            case .unknown:
                findings.append(
                    CapabilityFinding(
                        id: id, status: .unknown, evidence: [Evidence(source, reason: reason)]))
            }
        }
        findings.append(batteryFinding)
        var machine = MachineIdentity()
        machine.vendor = "Apple"
        machine.model = "\(row.name) (\(productType))"
        if let version = productVersion {
            machine.os = (deviceClass == "iPad" ? "iPadOS " : "iOS ") + version
        }
        machine.arch = values?["CPUArchitecture"]
        return CapabilityReport(
            source: SourceInfo(
                kind: .iosCapture, path: path, udevDatabase: false, attributes: false,
                complete: true, notes: ["an iPhone or iPad: its model's built-in catalog row"],
                warnings: warnings, warningsOmitted: 0),
            machine: machine, capabilities: findings, devices: [])
    }

    /// `power.battery` from the battery domain: level 0–1 and state.
    var batteryFinding: CapabilityFinding {
        let source = Evidence.Source.file("ideviceinfo -q com.apple.mobile.battery")
        guard battery != nil, let percent = batteryPercent else {
            return CapabilityFinding(
                id: .powerBattery, status: .unknown,
                evidence: [
                    Evidence(
                        source,
                        reason: battery == nil
                            ? "the capture has no battery section" : "no battery level")
                ],
                details: ["level": .double(-1), "state": .string(BatteryState.unknown.rawValue)])
        }
        let plugged = battery?["ExternalConnected"] == "true"
        let state = batteryState
        return CapabilityFinding(
            id: .powerBattery, status: .present, count: 1,
            evidence: [
                Evidence(
                    source, reason: "level \(percent) %, \(plugged ? "plugged in" : "unplugged")")
            ],
            details: [
                "level": .double(Double(percent) / 100), "state": .string(state.rawValue),
                "acOnline": .bool(plugged),
            ])
    }
}
