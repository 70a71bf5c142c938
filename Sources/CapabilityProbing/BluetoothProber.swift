import CapabilityModel
import CapabilitySupport

/// Bluetooth: `bluetooth` and `bluetooth.le` (detection.md §11).
///
/// `bluetooth` is present when an HCI host (`hciN`, `DEVTYPE=host`) exists, or when a
/// Bluetooth function exists without one (USB interface class e0/01/01, an interface bound
/// to `btusb`, the MediaTek 0e8d:763f vendor-class combo, PCI class 0x0d11 or
/// `btintel_pcie`): then the evidence says "no hci". One adapter = one USB device, PCI
/// function or UART, however many interfaces it has.
/// `bluetooth.le` needs the controller's features (`facts.hci`, read with
/// ``BluetoothControllerFacts/lowEnergy(from:)``); sysfs has none, so it is `unknown`
/// without them, with the recorded reason (decisions.md).
package struct BluetoothProber: CapabilityProber {
    /// USB ids of Bluetooth functions that use vendor-specific interface classes.
    static let vendorClassUSBIDs: Set<String> = ["0e8d:763f"]

    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.bluetooth, .bluetoothLE] }

    /// Classifies Bluetooth controllers.
    /// - Parameter context: The records.
    /// - Returns: The `bluetooth` and `bluetooth.le` findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var adapters: [String: RadioFunction] = [:]
        var hosts: [String: [Device]] = [:]
        func add(
            _ key: String, _ reason: String, _ update: (inout RadioFunction) -> Void = { _ in }
        ) {
            var adapter = adapters[key] ?? RadioFunction(id: key, context: context)
            if !adapter.reasons.contains(reason) { adapter.reasons.append(reason) }
            update(&adapter)
            adapters[key] = adapter
        }
        for device in context.devices(in: .bluetooth) where Self.isHost(device) {
            let key = Self.adapterKey(device.id)
            hosts[key, default: []].append(device)
            add(key, "HCI host \(device.sysname)") { $0.nodes.append(device.sysname) }
        }
        for device in context.devices(in: .usb) where BusFacts.isUSBInterface(device) {
            let interfaceClass = BusFacts.usbInterfaceClass(device)
            let usbID =
                BusFacts.usbID(device)
                ?? context.parent(of: device).flatMap(BusFacts.usbID)
            let reason: String
            if let interfaceClass, interfaceClass == (0xe0, 1, 1) {
                reason = "USB Bluetooth interface (class e0/01/01)"
            } else if let usbID, Self.vendorClassUSBIDs.contains(usbID) {
                reason = "MediaTek Bluetooth \(usbID) (vendor-class interface)"
            } else if device.driver == "btusb" {
                reason = "USB Bluetooth interface (vendor class)"
            } else {
                continue
            }
            let bound = device.driver.map { " bound to \($0)" } ?? " (no driver bound)"
            add(BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true), reason + bound) {
                if let driver = device.driver, $0.driver == nil || $0.driver == "usb" {
                    $0.driver = driver
                }
            }
        }
        // A connection (`hci0:69`, a paired keyboard or pen below it) proves its host even
        // when the recording starts below the host's own record (upower's device subtrees).
        for device in context.devices(in: .bluetooth) where !Self.isHost(device) {
            guard let host = Self.hostPath(containing: device.id), context.device(host) == nil
            else { continue }
            let name = host.split(separator: "/").last.map(String.init) ?? host
            add(
                Self.adapterKey(host),
                "connection \(device.sysname) below \(name) (the host itself is not recorded)")
        }
        for pci in context.devices(in: .pci) {
            if BusFacts.pciClass(pci).map({ $0 >> 8 == 0x0d11 }) == true
                || pci.driver == "btintel_pcie"
            {
                add(
                    pci.id,
                    "PCI Bluetooth function (class 0x0d11)"
                        + (pci.driver == nil ? ", no driver bound" : ""))
            }
        }
        let sorted = adapters.keys.sorted().compactMap { key -> (RadioFunction, [Device])? in
            guard let adapter = adapters[key] else { return nil }
            return (adapter, hosts[key] ?? [])
        }
        var evidence: [Evidence] = []
        for (adapter, hostDevices) in sorted {
            var reason = adapter.reasons.joined(separator: "; ")
            if hostDevices.isEmpty { reason += "; no hci" }
            evidence.append(Evidence(device: adapter.id, reason: reason))
        }
        let details: [String: JSONValue] = ["devices": .array(sorted.map(\.0.detail))]
        let bluetooth =
            sorted.isEmpty
            ? CapabilityFinding(
                id: .bluetooth, status: context.noCandidateStatus, details: details)
            : CapabilityFinding(
                id: .bluetooth, status: .present, count: sorted.count, evidence: evidence,
                details: details)
        return [bluetooth, lowEnergy(sorted, bluetooth: bluetooth)]
    }

    private func lowEnergy(_ adapters: [(RadioFunction, [Device])], bluetooth: CapabilityFinding)
        -> CapabilityFinding
    {
        guard bluetooth.status == .present else {
            return CapabilityFinding(id: .bluetoothLE, status: bluetooth.status)
        }
        var having: [Evidence] = []
        var lacking: [Evidence] = []
        var undecided: [Evidence] = []
        var controllers: [JSONValue] = []
        for (adapter, hosts) in adapters {
            let results = hosts.map { BluetoothControllerFacts.lowEnergy(from: $0.facts.hci) }
            for host in hosts {
                // The recorded facts as a detail, as the snapshot holds them (encoding strings,
                // Booleans and integers cannot fail).
                if case .value(let facts) = host.facts.hci,
                    var entry = (try? JSONValue(encoding: facts))?.objectValue
                {
                    entry["device"] = .string(host.id)
                    controllers.append(.object(entry))
                }
            }
            if results.contains(where: { $0.value == true }) {
                having.append(
                    Evidence(
                        device: adapter.id, reason: "controller supports LE (HCI LMP features)"))
            } else if results.contains(where: { $0.value == false }) {
                lacking.append(
                    Evidence(device: adapter.id, reason: "controller lacks LE (HCI LMP features)"))
            } else {
                undecided.append(
                    Evidence(
                        device: adapter.id,
                        reason: hosts.isEmpty
                            ? "no hci: LE features cannot be read"
                            : results.compactMap(\.reason).first
                                ?? "LE needs the controller features (HCI socket)"))
            }
        }
        let details: [String: JSONValue] =
            controllers.isEmpty ? [:] : ["controllers": .array(controllers)]
        if !having.isEmpty {
            return CapabilityFinding(
                id: .bluetoothLE, status: .present, count: having.count, evidence: having,
                details: details)
        }
        if undecided.isEmpty {
            return CapabilityFinding(
                id: .bluetoothLE, status: .absent, evidence: lacking, details: details)
        }
        return CapabilityFinding(
            id: .bluetoothLE, status: .unknown, evidence: undecided + lacking, details: details)
    }

    /// `hciN` with `DEVTYPE=host` (connections are `hciN:handle`, `DEVTYPE=link`).
    static func isHost(_ device: Device) -> Bool {
        if let devtype = device.devtype { return devtype == "host" }
        return device.sysname.hasPrefix("hci") && !device.sysname.contains(":")
    }

    /// The `…/bluetooth/hciN` path a device id lies below, if any.
    static func hostPath(containing id: String) -> String? {
        guard let range = id.literalRange(of: "/bluetooth/hci") else { return nil }
        let digits = id[range.upperBound...].prefix { $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let end = id.index(range.upperBound, offsetBy: digits.count)
        guard end < id.endIndex, id[end] == "/" else { return nil }
        return String(id[..<end])
    }

    /// The adapter an hci belongs to: its USB device, PCI function, or the device it hangs off.
    static func adapterKey(_ id: String) -> String {
        BusFacts.physicalFunction(of: id, wholeUSBDevice: true)
    }
}
