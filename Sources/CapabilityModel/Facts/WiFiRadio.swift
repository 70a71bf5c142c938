/// One Wi-Fi radio: an `ieee80211` phy with its driver, network interfaces and rfkill
/// state, read from the records alone.
package struct WiFiRadio: Sendable, Equatable {
    /// The phy record's id.
    package var id: String
    /// The phy name (`phy0`).
    package var phy: String
    /// The driver of the nearest ancestor that has one (`iwlwifi`, `ath9k`).
    package var driver: String?
    /// `wlan` interfaces on the same device (`wlan0`, `wlp2s0`).
    package var interfaces: [String]
    /// The rfkill switch below the phy, if readable.
    var rfkill: RfkillState?

    /// Creates a radio.
    /// - Parameters:
    ///   - id: The phy id.
    ///   - phy: The phy name.
    ///   - driver: The driver.
    ///   - interfaces: Interface names.
    ///   - rfkill: The rfkill state.
    package init(
        id: String, phy: String, driver: String?, interfaces: [String], rfkill: RfkillState?
    ) {
        self.id = id
        self.phy = phy
        self.driver = driver
        self.interfaces = interfaces
        self.rfkill = rfkill
    }

    /// All radios in the records, sorted by id.
    /// - Parameter devices: All records (with parents linked).
    /// - Returns: One radio per `ieee80211` phy.
    package static func radios(in devices: [Device]) -> [WiFiRadio] {
        // Most machines of a fleet have no phy: then nothing is indexed.
        let phys = devices.filter { $0.is(.ieee80211) }
        guard !phys.isEmpty else { return [] }
        let byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // One pass: wlan netdevs and rfkill switches by parent, so each phy is O(1).
        var wlansByParent: [String: [Device]] = [:]
        var rfkillByParent: [String: Device] = [:]
        for device in devices {
            guard let parent = device.parentID else { continue }
            if device.is(.net),
                device.devtype == "wlan" || device.property("DEVTYPE") == "wlan"
            {
                wlansByParent[parent, default: []].append(device)
            } else if device.is(.rfkill), rfkillByParent[parent] == nil {
                rfkillByParent[parent] = device
            }
        }
        return phys.map { phy in
            var driver: String?
            var cursor = phy.parentID.flatMap { byID[$0] }
            while driver == nil, let current = cursor {
                driver = current.driver
                cursor = current.parentID.flatMap { byID[$0] }
            }
            let interfaces = (phy.parentID.flatMap { wlansByParent[$0] } ?? []).map(\.sysname)
                .sorted()
            return WiFiRadio(
                id: phy.id, phy: phy.sysname, driver: driver, interfaces: interfaces,
                rfkill: rfkillByParent[phy.id].flatMap(RfkillState.of))
        }.sorted { $0.id < $1.id }
    }

    /// Details for one radio: `device`, `phy`, `driver`, `interfaces`, `rfkill`.
    package var json: JSONValue {
        var object: [String: JSONValue] = [
            "device": .string(id), "phy": .string(phy),
            "interfaces": .array(interfaces.map(JSONValue.string)),
        ]
        if let driver { object["driver"] = .string(driver) }
        if let rfkill { object["rfkill"] = .string(rfkill.text) }
        return .object(object)
    }
}

/// An rfkill switch's state: blocked is a state of a radio that exists, never absence.
package struct RfkillState: Sendable, Equatable {
    /// Blocked by software (`soft` = 1).
    var softBlocked: Bool
    /// Blocked by a hardware switch (`hard` = 1).
    var hardBlocked: Bool

    /// Creates a state.
    /// - Parameters:
    ///   - softBlocked: Soft block.
    ///   - hardBlocked: Hard block.
    init(softBlocked: Bool, hardBlocked: Bool) {
        self.softBlocked = softBlocked
        self.hardBlocked = hardBlocked
    }

    /// Reads an rfkill record: `soft`/`hard` attributes, else the `state` attribute or the
    /// uevent `RFKILL_STATE` (0 soft blocked, 1 unblocked, 2 hard blocked).
    /// - Parameter device: The rfkill record.
    /// - Returns: The state, or `nil` when the record says nothing.
    package static func of(_ device: Device) -> RfkillState? {
        if let soft = device.attribute("soft"), let hard = device.attribute("hard") {
            return RfkillState(softBlocked: soft == "1", hardBlocked: hard == "1")
        }
        switch device.attribute("state") ?? device.property("RFKILL_STATE") {
        case "0": return RfkillState(softBlocked: true, hardBlocked: false)
        case "1": return RfkillState(softBlocked: false, hardBlocked: false)
        case "2": return RfkillState(softBlocked: false, hardBlocked: true)
        default: return nil
        }
    }

    /// The state of the rfkill switch whose parent is `parentID` (a phy or an hciN).
    /// - Parameters:
    ///   - parentID: The radio's id.
    ///   - devices: All records.
    /// - Returns: The state, or `nil` when no readable switch hangs below the radio.
    package static func below(_ parentID: String, in devices: [Device]) -> RfkillState? {
        devices.first { $0.is(.rfkill) && $0.parentID == parentID }.flatMap(of)
    }

    /// `unblocked`, `blocked (soft)`, `blocked (hard)` or `blocked (soft, hard)`.
    package var text: String {
        switch (softBlocked, hardBlocked) {
        case (false, false): return "unblocked"
        case (true, false): return "blocked (soft)"
        case (false, true): return "blocked (hard)"
        case (true, true): return "blocked (soft, hard)"
        }
    }
}
