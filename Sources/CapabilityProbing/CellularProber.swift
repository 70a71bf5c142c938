import CapabilityModel

/// Cellular modems: `cellular` and `cellular.sms` (detection.md §12).
///
/// A modem is any of: a kernel WWAN device or port (`wwan_dev`, `wwan_port`), a net device
/// with `DEVTYPE=wwan`, a `cdc-wdm` control node on `qmi_wwan`/`cdc_mbim`, a port tagged by
/// ModemManager (`ID_MM_PORT_TYPE_*`, `ID_MM_ERICSSON_MBM`), or a PCIe WWAN function (class
/// 0x0d40, `iosm`, `mhi-pci-generic`). One modem = one USB device or PCI function. Platform
/// rfkill switches (`tpacpi_wwan_sw`) are not radios. A modem ModemManager exports on a live
/// machine (``MachineIdentity/modemManager``) is one too. SMS is visible only through
/// ModemManager: `cellular.sms` is present for a modem with its `Modem.Messaging` interface,
/// and `unknown` for any other modem, with what ModemManager said (recordings: not asked).
package struct CellularProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.cellular, .cellularSMS] }

    /// Classifies modems.
    /// - Parameter context: The records.
    /// - Returns: The `cellular` and `cellular.sms` findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let scan = Self.scan(context)
        let manager = ModemManagerEvidence(context)
        var details: [String: JSONValue] = ["devices": .array(scan.modems.map(\.detail))]
        if !scan.ignored.isEmpty {
            details["ignored"] = .array(
                scan.ignored.map {
                    .object(["device": .string($0.device), "reason": .string($0.reason)])
                })
        }
        // ModemManager's modems that no kernel record shows (another path, a test bed) are
        // modems too.
        let kernelIDs = Set(scan.modems.map(\.id))
        let managedOnly = manager.modems.filter { !kernelIDs.contains(manager.deviceID(of: $0)) }
        guard !scan.modems.isEmpty || !managedOnly.isEmpty else {
            // No modem: what ModemManager said (often: not running) is not worth a detail.
            return [
                CapabilityFinding(
                    id: .cellular, status: context.noCandidateStatus, details: details),
                CapabilityFinding(id: .cellularSMS, status: context.noCandidateStatus),
            ]
        }
        let evidence =
            scan.modems.map {
                Evidence(device: $0.id, reason: $0.reasons.joined(separator: "; "))
            }
            + managedOnly.map {
                Evidence(device: manager.deviceID(of: $0), reason: ModemManagerEvidence.name($0))
            }
        if let detail = manager.detail { details["modemManager"] = detail }
        return [
            CapabilityFinding(
                id: .cellular, status: .present, count: evidence.count, evidence: evidence,
                details: details),
            Self.sms(scan.modems, manager),
        ]
    }

    /// `cellular.sms`: present for a modem ModemManager exports with the `Modem.Messaging`
    /// interface; otherwise `unknown`, saying what ModemManager said (not asked, not running,
    /// access denied, the modem without Messaging, or not managed). Never `absent`: a modem
    /// that is still initialising or locked has no Messaging interface yet.
    static func sms(_ modems: [RadioFunction], _ manager: ModemManagerEvidence)
        -> CapabilityFinding
    {
        guard let facts = manager.facts else {
            return CapabilityFinding(
                id: .cellularSMS, status: .unknown,
                evidence: modems.map {
                    Evidence(
                        device: $0.id, reason: "SMS support is only visible through ModemManager")
                })
        }
        if let reason = facts.reason {
            return CapabilityFinding(
                id: .cellularSMS, status: .unknown,
                evidence: modems.map {
                    Evidence(
                        device: $0.id,
                        reason: "SMS support is only visible through ModemManager: \(reason)")
                })
        }
        let messaging = manager.modems.filter(\.messaging)
        if !messaging.isEmpty {
            return CapabilityFinding(
                id: .cellularSMS, status: .present, count: messaging.count,
                evidence: messaging.map {
                    Evidence(
                        device: manager.deviceID(of: $0),
                        reason: "\(ModemManagerEvidence.name($0)) has the Messaging interface")
                })
        }
        var evidence = manager.modems.map {
            Evidence(
                device: manager.deviceID(of: $0),
                reason:
                    "\(ModemManagerEvidence.name($0)) has no Messaging interface (no SMS, or not initialised yet)"
            )
        }
        for modem in manager.unmanagedKernelModems {
            evidence.append(
                Evidence(
                    device: modem.id,
                    reason: "ModemManager runs but does not manage this modem: SMS is not visible"))
        }
        return CapabilityFinding(id: .cellularSMS, status: .unknown, evidence: evidence)
    }

    /// The modems and ignored look-alikes of a machine (also used by ``LocationProber``),
    /// computed once per context.
    package static func scan(_ context: ProbeContext) -> (
        modems: [RadioFunction], ignored: [Evidence]
    ) {
        let scan = context.scans.radios(.cellular) { computeScan(context) }
        return (scan.radios, scan.ignored)
    }

    private static func computeScan(_ context: ProbeContext) -> ProbeScans.Radios {
        var modems: [String: RadioFunction] = [:]
        var ignored: [Evidence] = []
        func add(_ device: Device, _ reason: String) {
            let key = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
            var modem = modems[key] ?? RadioFunction(id: key, context: context)
            if !modem.reasons.contains(reason) { modem.reasons.append(reason) }
            if device.is(.net) {
                modem.interfaces.append(device.sysname)
            } else if device.devnode != nil, !device.is(.usb) {
                modem.nodes.append(device.sysname)
            }
            modems[key] = modem
        }
        for device in context.devices {
            // Asked only by the two kinds that name it, not for every record.
            var interfaceDriver: String? {
                device.property("ID_USB_DRIVER") ?? context.parent(of: device)?.driver
            }
            switch device.subsystemKind {
            case .wwan:
                add(
                    device,
                    device.devtype == "wwan_port"
                        ? "WWAN port \(device.sysname)" : "WWAN device \(device.sysname)")
            case .net where device.devtype == "wwan":
                add(
                    device,
                    "wwan netdev \(device.sysname)" + (interfaceDriver.map { " (\($0))" } ?? ""))
            case .usbmisc where device.sysname.hasPrefix("cdc-wdm"):
                if let interfaceDriver = interfaceDriver,
                    ["qmi_wwan", "cdc_mbim"].contains(interfaceDriver)
                {
                    add(device, "\(device.sysname) control node on \(interfaceDriver)")
                }
            case .pci:
                let klass = BusFacts.pciClass(device)
                if klass.map({ $0 >> 8 == 0x0d40 }) == true
                    || ["iosm", "mhi-pci-generic", "mhi_pci_generic"].contains(device.driver ?? "")
                {
                    add(
                        device,
                        "PCIe WWAN modem"
                            + (device.driver.map { " (\($0))" } ?? ", no driver bound"))
                }
            case .rfkill
            where device.property("RFKILL_TYPE") == "wwan" || device.attribute("type") == "wwan":
                if device.id.hasPrefix("/devices/platform/") {
                    ignored.append(
                        Evidence(
                            device: device.id,
                            reason:
                                "platform rfkill switch '\(device.property("RFKILL_NAME") ?? device.attribute("name") ?? device.sysname)', not a radio"
                        ))
                }
            default:
                break
            }
            let tags = device.propertyList.pairs(withPrefix: "ID_MM_PORT_TYPE_").filter {
                $0.value == "1"
            }.map(\.key)
            if !tags.isEmpty {
                add(
                    device,
                    "ModemManager port \(device.sysname) (\(tags.sorted().joined(separator: ", ")))"
                )
            }
            if device.property("ID_MM_ERICSSON_MBM") == "1", BusFacts.isUSBDevice(device) {
                add(device, "ModemManager: Ericsson MBM modem")
            }
        }
        return (modems.keys.sorted().compactMap { modems[$0] }, ignored.sorted())
    }
}
