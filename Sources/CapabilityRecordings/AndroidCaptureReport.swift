import CapabilityModel

extension AndroidCapture {
    /// `dumpsys battery`'s status in the words of a Linux `power_supply` (`Charging`), so one
    /// mapping (``BatteryState/map(status:capacity:acOnline:)``) decides the state.
    var batteryStatusWord: String? {
        switch battery?.status {
        case .charging?: return "Charging"
        case .discharging?: return "Discharging"
        case .notCharging?: return "Not charging"
        case .full?: return "Full"
        case .unknown?, nil: return nil
        }
    }

    /// The captured device in capcheck's vocabulary: each capability whose id an Android
    /// feature means (``CapabilityID/Definition/androidFeatures``) is present when the device
    /// declares one of them (the feature names are the evidence) and absent when it declares
    /// none, and `power.battery` carries `dumpsys battery`'s level and state. Without a
    /// `pm list features` section every such capability is unknown.
    /// - Parameter path: The capture file (`adb` for a live device).
    /// - Returns: The report `list` renders.
    public func report(path: String) -> CapabilityReport {
        let source = Evidence.Source.file("pm list features")
        var findings: [CapabilityFinding] = []
        for id in CapabilityID.allCases {
            let wanted = id.definition.androidFeatures
            guard !wanted.isEmpty else { continue }
            guard let features else {
                findings.append(
                    CapabilityFinding(
                        id: id, status: .unknown,
                        evidence: [Evidence(source, reason: "the capture has no feature list")]))
                continue
            }
            let declared = wanted.filter { features[$0] != nil }
            if declared.isEmpty {
                findings.append(
                    CapabilityFinding(
                        id: id, status: .absent,
                        evidence: [
                            Evidence(
                                source,
                                reason: wanted.count == 1
                                    ? "does not declare \(wanted[0])"
                                    : "declares none of " + wanted.joined(separator: ", "))
                        ]))
            } else {
                findings.append(
                    CapabilityFinding(
                        id: id, status: .present, count: 1,
                        evidence: declared.map { Evidence(source, reason: "feature:" + $0) }))
            }
        }
        findings.append(batteryFinding)
        var machine = MachineIdentity()
        machine.vendor = manufacturer
        machine.model = [model, device.map { "(\($0))" }].compactMap { $0 }.joined(
            separator: " ")
        if machine.model?.isEmpty == true { machine.model = nil }
        switch (release, sdk) {
        case (let release?, let sdk?): machine.os = "Android \(release) (SDK \(sdk))"
        case (nil, let sdk?): machine.os = "Android SDK \(sdk)"
        case (let release?, nil): machine.os = "Android \(release)"
        case (nil, nil): break
        }
        machine.arch = abis?.first
        return CapabilityReport(
            source: SourceInfo(
                kind: .androidCapture, path: path, udevDatabase: false, attributes: false,
                complete: features != nil, notes: ["an Android device's own feature list"],
                warnings: warnings, warningsOmitted: omittedWarnings),
            machine: machine, capabilities: findings, devices: [])
    }

    /// `power.battery` from `dumpsys battery`: level 0–1 and state as the Linux battery's.
    var batteryFinding: CapabilityFinding {
        let source = Evidence.Source.file("dumpsys battery")
        guard let battery else {
            return CapabilityFinding(
                id: .powerBattery, status: .unknown,
                evidence: [Evidence(source, reason: "the capture has no battery section")],
                details: ["level": .double(-1), "state": .string(BatteryState.unknown.rawValue)])
        }
        guard battery.present != false, let percent = battery.percent else {
            return CapabilityFinding(
                id: .powerBattery, status: battery.present == false ? .absent : .unknown,
                evidence: [Evidence(source, reason: "no battery level")],
                details: ["level": .double(-1), "state": .string(BatteryState.unknown.rawValue)])
        }
        let plugged = !battery.poweredBy.isEmpty
        let state = BatteryState.map(
            status: batteryStatusWord, capacity: percent, acOnline: plugged)
        var details: [String: JSONValue] = [
            "level": .double(Double(percent) / 100), "state": .string(state.rawValue),
            "acOnline": .bool(plugged),
        ]
        if let word = batteryStatusWord { details["status"] = .array([.string(word)]) }
        let power = plugged ? battery.poweredBy.joined(separator: ", ") + " powered" : "unplugged"
        return CapabilityFinding(
            id: .powerBattery, status: .present, count: 1,
            evidence: [Evidence(source, reason: "level \(percent) %, \(power)")],
            details: details)
    }
}
