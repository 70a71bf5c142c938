import CapabilityModel

/// Location: `location.gnss` and `location.any` (detection.md §4).
///
/// `location.gnss` is present for a kernel GNSS device (`gnssN`), a port ModemManager tags
/// `ID_MM_PORT_TYPE_GPS`, or a USB receiver with a GNSS-specific id from gpsd's rules
/// (u-blox, Garmin, DeLorme, MediaTek, …). Generic USB-serial ids gpsd also matches
/// (CP210x, PL2303, FTDI), a `gps` rfkill switch, or a cellular modem (GNSS behind
/// ModemManager's Location interface) make it `unknown`, never `absent`. On a live machine
/// that asked ModemManager (``MachineIdentity/modemManager``), a modem whose Location
/// capabilities have a satellite bit (gps-raw, gps-nmea, gps-unmanaged, agps-msa, agps-msb)
/// is a receiver; one whose capabilities have none (only 3gpp-lac-ci or cdma-bs) is no longer
/// a candidate, so the other evidence decides, with that said in the evidence; a modem
/// without the Location interface, or ModemManager not asked, not running or refusing, stays
/// `unknown`.
/// `location.any` is present when GNSS is; otherwise `unknown` when Wi-Fi or a modem exists
/// (network location is a service, not a device); `absent` only when nothing could locate.
package struct LocationProber: CapabilityProber {
    /// USB ids of GNSS receivers (gpsd `60-gpsd.rules`).
    static let receiverIDs: Set<String> = [
        "1546:01a5", "1546:01a6", "1546:01a7", "1546:01a8", "1546:01a9", "091e:0003", "1163:0100",
        "1163:0200", "0e8d:3329", "067b:aaa0", "0557:2008",
    ]
    /// Generic USB-serial ids gpsd also matches: weak evidence.
    static let genericSerialIDs: Set<String> = ["10c4:ea60", "10c4:ea71", "067b:2303", "0403:6001"]

    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.locationGNSS, .locationAny] }

    /// Classifies location sources.
    /// - Parameter context: The records.
    /// - Returns: The `location.gnss` and `location.any` findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var receivers: [String: RadioFunction] = [:]
        func add(_ device: Device, _ reason: String) {
            let key = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
            var receiver = receivers[key] ?? RadioFunction(id: key, context: context)
            if !receiver.reasons.contains(reason) { receiver.reasons.append(reason) }
            if device.devnode != nil, !device.is(.usb) {
                receiver.nodes.append(device.sysname)
            }
            receivers[key] = receiver
        }
        var maybe: [Evidence] = []
        for device in context.devices {
            if device.is(.gnss) {
                let type = device.property("GNSS_TYPE") ?? device.attribute("type")
                add(
                    device,
                    "GNSS receiver \(device.sysname) (kernel gnss class\(type.map { ", \($0)" } ?? ""))"
                )
            }
            if device.property("ID_MM_PORT_TYPE_GPS") == "1" {
                add(device, "ModemManager GPS port \(device.sysname)")
            }
            if BusFacts.isUSBDevice(device), let usbID = BusFacts.usbID(device) {
                if Self.receiverIDs.contains(usbID) {
                    add(device, "USB GNSS receiver \(usbID) (gpsd rules)")
                } else if Self.genericSerialIDs.contains(usbID) {
                    maybe.append(
                        Evidence(
                            device: device.id,
                            reason:
                                "generic USB-serial \(usbID) that gpsd also matches: may be a GNSS receiver"
                        ))
                }
            }
            if device.is(.rfkill),
                device.property("RFKILL_TYPE") == "gps" || device.attribute("type") == "gps"
            {
                maybe.append(
                    Evidence(
                        device: device.id, reason: "gps rfkill switch: a receiver may sit behind it"
                    ))
            }
        }
        let modems = CellularProber.scan(context).modems
        let manager = ModemManagerEvidence(context)
        // ModemManager's modems whose Location sources have no satellite bit: not GNSS
        // candidates any more, said next to whatever the other evidence decides.
        var notes: [Evidence] = []
        switch manager.facts {
        case nil:
            for modem in modems where !receivers.keys.contains(modem.id) {
                maybe.append(
                    Evidence(
                        device: modem.id,
                        reason: "cellular modem: GNSS, if any, is only visible through ModemManager"
                    ))
            }
        case .unavailable(let reason)?:
            for modem in modems where !receivers.keys.contains(modem.id) {
                maybe.append(
                    Evidence(
                        device: modem.id,
                        reason:
                            "cellular modem: GNSS, if any, is only visible through ModemManager: \(reason)"
                    ))
            }
        case .modems(let managed)?:
            for modem in managed {
                let id = manager.deviceID(of: modem)
                let sources = modem.locationSourceNames.joined(separator: ", ")
                if modem.hasGNSS {
                    let reason = "\(ModemManagerEvidence.name(modem)): location sources \(sources)"
                    var receiver = receivers[id] ?? RadioFunction(id: id, context: context)
                    if !receiver.reasons.contains(reason) { receiver.reasons.append(reason) }
                    receivers[id] = receiver
                } else if modem.locationCapabilities == nil {
                    maybe.append(
                        Evidence(
                            device: id,
                            reason:
                                "\(ModemManagerEvidence.name(modem)) has no Location interface: GNSS, if any, is not visible"
                        ))
                } else {
                    notes.append(
                        Evidence(
                            device: id,
                            reason:
                                "\(ModemManagerEvidence.name(modem)): location sources \(sources.isEmpty ? "none" : sources), no satellite source"
                        ))
                }
            }
            for modem in manager.unmanagedKernelModems where !receivers.keys.contains(modem.id) {
                maybe.append(
                    Evidence(
                        device: modem.id,
                        reason:
                            "cellular modem ModemManager does not manage: GNSS, if any, is not visible"
                    ))
            }
        }
        let sorted = receivers.keys.sorted().compactMap { receivers[$0] }
        let details: [String: JSONValue] = ["devices": .array(sorted.map(\.detail))]
        let gnss: CapabilityFinding
        if !sorted.isEmpty {
            gnss = CapabilityFinding(
                id: .locationGNSS, status: .present, count: sorted.count,
                evidence: sorted.map {
                    Evidence(device: $0.id, reason: $0.reasons.joined(separator: "; "))
                } + notes,
                details: details)
        } else if !maybe.isEmpty {
            gnss = CapabilityFinding(
                id: .locationGNSS, status: .unknown, evidence: maybe + notes, details: details)
        } else {
            gnss = CapabilityFinding(
                id: .locationGNSS, status: context.noCandidateStatus, evidence: notes,
                details: details)
        }
        return [gnss, any(gnss: gnss, modems: modems, context: context)]
    }

    private func any(gnss: CapabilityFinding, modems: [RadioFunction], context: ProbeContext)
        -> CapabilityFinding
    {
        if gnss.status == .present {
            return CapabilityFinding(
                id: .locationAny, status: .present, count: gnss.count, evidence: gnss.evidence)
        }
        var evidence = gnss.status == .unknown ? gnss.evidence : []
        for radio in WiFiProber.scan(context).radios {
            evidence.append(
                Evidence(
                    device: radio.id,
                    reason: "Wi-Fi: network location is a service, not visible in the device tree"))
        }
        for modem in modems where !evidence.contains(where: { $0.device == modem.id }) {
            evidence.append(
                Evidence(
                    device: modem.id,
                    reason: "cellular modem: cell-based location needs ModemManager"))
        }
        if !evidence.isEmpty {
            return CapabilityFinding(id: .locationAny, status: .unknown, evidence: evidence)
        }
        return CapabilityFinding(id: .locationAny, status: context.noCandidateStatus)
    }
}
