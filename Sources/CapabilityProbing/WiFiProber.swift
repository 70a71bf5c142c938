import CapabilityModel

/// Wi-Fi: `net.wifi` (detection.md §10).
///
/// Present when an `ieee80211` phy or a net device with `DEVTYPE=wlan` exists; they are
/// grouped by the function they hang off (PCI function, SDIO function, USB interface), so a
/// phy and its netdev count once. A PCI function of class 0x0280 (or a network-class
/// function named wireless/802.11/WLAN) without a phy or wlan netdev below it is still a
/// Wi-Fi radio ("no driver bound" / "no wireless netdev"). PCI class alone is weak evidence
/// (the SAMSUNG_N310 Atheros reports 0x0200), so a bound phy/netdev is used first.
/// `DEVTYPE=wimax` is not Wi-Fi; virtual radios (`mac80211_hwsim`) are ignored.
/// `details["radios"]` lists each phy of a counted radio (``WiFiRadio``: phy, driver,
/// interfaces, rfkill `unblocked`/`blocked (soft)`/…): a blocked radio is still present.
package struct WiFiProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.netWiFi] }

    /// Classifies wireless devices.
    /// - Parameter context: The records.
    /// - Returns: The `net.wifi` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let scan = Self.scan(context)
        var details: [String: JSONValue] = [
            "devices": .array(scan.radios.map(\.detail))
        ]
        // Per phy: driver, interfaces and the rfkill state (blocked is a state, not absence).
        let radioIDs = Set(scan.radios.map(\.id))
        let phys = WiFiRadio.radios(in: context.devices).filter { phy in
            ProbeContext.pathAncestors(of: phy.id).contains { radioIDs.contains($0) }
        }
        if !phys.isEmpty { details["radios"] = .array(phys.map(\.json)) }
        if !scan.ignored.isEmpty {
            details["ignored"] = .array(
                scan.ignored.map {
                    .object(["device": .string($0.device), "reason": .string($0.reason)])
                })
        }
        if scan.radios.isEmpty {
            return [
                CapabilityFinding(
                    id: .netWiFi, status: context.noCandidateStatus, details: details)
            ]
        }
        return [
            CapabilityFinding(
                id: .netWiFi, status: .present, count: scan.radios.count,
                evidence: scan.radios.map {
                    Evidence(device: $0.id, reason: $0.reasons.joined(separator: "; "))
                },
                details: details)
        ]
    }

    /// The Wi-Fi radios and the ignored look-alikes of a machine (also used by
    /// ``LocationProber``), computed once per context.
    package static func scan(_ context: ProbeContext) -> (
        radios: [RadioFunction], ignored: [Evidence]
    ) {
        context.scans.radios(.wifi) { computeScan(context) }
    }

    private static func computeScan(_ context: ProbeContext) -> ProbeScans.Radios {
        var radios: [String: RadioFunction] = [:]
        var ignored: [Evidence] = []
        func add(
            _ key: String, _ reason: String, _ update: (inout RadioFunction) -> Void = { _ in }
        ) {
            var radio = radios[key] ?? RadioFunction(id: key, context: context)
            radio.reasons.append(reason)
            update(&radio)
            radios[key] = radio
        }
        for device in context.devices {
            let virtual = device.id.hasPrefix("/devices/virtual/")
            if device.is(.ieee80211) {
                if virtual {
                    ignored.append(
                        Evidence(device: device.id, reason: "virtual wiphy (mac80211_hwsim?)"))
                    continue
                }
                add(BusFacts.classParent(of: device.id), "wiphy \(device.sysname)") {
                    $0.phys.append(device.sysname)
                }
            } else if device.is(.net), device.devtype == "wlan" {
                if virtual {
                    ignored.append(Evidence(device: device.id, reason: "virtual wlan netdev"))
                    continue
                }
                add(BusFacts.classParent(of: device.id), "wlan netdev \(device.sysname)") {
                    $0.interfaces.append(device.sysname)
                    if let driver = device.property("ID_NET_DRIVER") {
                        $0.driver = $0.driver ?? driver
                    }
                }
            } else if device.is(.net), device.devtype == "wimax" {
                ignored.append(
                    Evidence(device: device.id, reason: "WiMAX netdev \(device.sysname): not Wi-Fi")
                )
            }
        }
        // PCI Wi-Fi functions with no driver bound or no wireless netdev.
        var coveredPaths: Set<String> = []
        for key in radios.keys {
            coveredPaths.insert(key)
            coveredPaths.formUnion(ProbeContext.pathAncestors(of: key))
        }
        for pci in context.devices(in: .pci) {
            guard let klass = BusFacts.pciClass(pci), Self.looksLikeWiFi(pci, pciClass: klass)
            else { continue }
            if coveredPaths.contains(pci.id) { continue }
            let reason =
                pci.driver == nil
                ? "Wi-Fi PCI function (class 0x\(String(klass, radix: 16))), no driver bound"
                : "Wi-Fi PCI function (class 0x\(String(klass, radix: 16))), driver \(pci.driver ?? "") bound but no wireless netdev"
            add(pci.id, reason)
        }
        return (radios.keys.sorted().compactMap { radios[$0] }, ignored.sorted())
    }

    /// Class 0x0280 ("network controller: other"), or any network class named wireless.
    static func looksLikeWiFi(_ pci: Device, pciClass: Int) -> Bool {
        if pciClass >> 8 == 0x0280 { return true }
        guard pciClass >> 16 == 0x02, let name = BusFacts.name(pci)?.lowercased() else {
            return false
        }
        return ["wireless", "802.11", "wlan", "wi-fi", "wifi"].contains { name.contains($0) }
    }
}
