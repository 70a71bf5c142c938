import CapabilityModel

/// Runs the kernel probes that match each record and stores their answers in
/// `Device.facts` (``KernelFacts``), so snapshots keep them and probers re-classify offline.
///
/// Only these kinds of records are probed, so listing stays cheap:
/// - `video4linux` nodes `videoN` → ``KernelFacts/v4l2`` (``CameraFacts``) and sensor,
///   lens or flash sub-devices `v4l-subdevN` → ``KernelFacts/v4l2Subdevice``
///   (``V4L2SubdeviceFacts``),
/// - connected DRM connectors without an EDID (DSI phone panels) → ``KernelFacts/drm``
///   (``DRMConnectorFacts``: the kernel's mm size, from the panel driver or DT),
/// - Bluetooth controllers `hciN` → ``KernelFacts/hci`` (``BluetoothControllerFacts``),
/// - input `eventN` nodes whose parent announces `ABS_MT_SLOT` or `SW_FRONT_PROXIMITY` →
///   ``KernelFacts/evdev`` (``EvdevFacts``).
/// - ALSA PCMs `pcmCcDdp|c` → ``KernelFacts/alsa`` (``ALSAPCMInfo``: id and name from
///   `/proc/asound`).
/// A probe that cannot answer stores `unknown` with the reason (`{"error": reason}` in JSON);
/// nothing here throws or blocks.
package struct KernelFactsCollector: Sendable {
    /// Opens nodes and sockets.
    package var opener: any DeviceOpener
    /// The procfs mount point ALSA's PCM names are read under (`/proc/asound`).
    package var procRoot: String

    /// Creates a collector.
    /// - Parameters:
    ///   - opener: ``SystemDeviceOpener`` live, a replay in tests.
    ///   - procRoot: The procfs mount point (a test bed's `proc`, so the host never mixes in).
    package init(opener: any DeviceOpener = SystemDeviceOpener(), procRoot: String = "/proc") {
        self.opener = opener
        self.procRoot = procRoot
    }

    /// Returns the records with kernel facts added.
    /// - Parameter devices: Records with parents linked.
    /// - Returns: The same records, in the same order, with `facts` filled where probed.
    func addingFacts(to devices: [Device]) -> [Device] {
        let byID = Dictionary(devices.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return devices.map { device in
            var device = device
            let parent = device.parentID.flatMap { byID[$0] }
            device.facts.merge(facts(for: device, parent: parent))
            return device
        }
    }

    /// The kernel facts for one record.
    /// - Parameters:
    ///   - device: The record.
    ///   - parent: Its parent record (the `inputN` of an `eventN`).
    /// - Returns: The facts; empty when nothing applies.
    package func facts(for device: Device, parent: Device?) -> KernelFacts {
        switch device.subsystemKind {
        case .video4linux:
            guard let node = device.devnode else { return KernelFacts() }
            if device.sysname.hasPrefix("v4l-subdev") {
                let result = V4L2Probe(opener: opener).probeSubdevice(node: node)
                return KernelFacts(v4l2Subdevice: result)
            }
            guard device.sysname.hasPrefix("video") else { return KernelFacts() }
            return KernelFacts(v4l2: V4L2Probe(opener: opener).probe(node: node))
        case .sound:
            // PCM names (`HDMI 0`, `ALC269VC Analog`) live only in ALSA's procfs.
            guard let info = ALSAPCMInfo.read(pcm: device.sysname, root: procRoot + "/asound")
            else { return KernelFacts() }
            return KernelFacts(alsa: info)
        case .bluetooth:
            guard device.devtype == "host" || device.devtype == nil,
                let index = HCIProbe.index(ofControllerNamed: device.sysname)
            else { return KernelFacts() }
            return KernelFacts(hci: HCIProbe(opener: opener).probe(index: index))
        case .drm:
            // Connected connectors (`card0-DSI-1`) without an EDID: the kernel's mm size is
            // the only one. Others are skipped: their EDID has the size, and opening a card
            // nobody drives makes this process DRM master, whose GETCONNECTOR re-probes.
            guard device.sysname.hasPrefix("card"), device.sysname.contains("-"),
                device.attribute("status") == "connected", device.binaryAttributes["edid"] == nil,
                let connectorID = device.attribute("connector_id").flatMap({ UInt32($0) }),
                let card = parent?.devnode
            else { return KernelFacts() }
            let result = DRMConnectorProbe(opener: opener).probe(
                card: card, connectorID: connectorID)
            return KernelFacts(drm: result)
        case .input:
            guard let node = device.devnode, device.sysname.hasPrefix("event"), let parent else {
                return KernelFacts()
            }
            let parts = Self.evdevParts(announcedBy: parent)
            guard parts.multitouchSlots || parts.proximitySwitch else { return KernelFacts() }
            let result = EvdevProbe(opener: opener).probe(
                node: node, multitouchSlots: parts.multitouchSlots,
                proximitySwitch: parts.proximitySwitch)
            switch result {
            case .value(let facts): return KernelFacts(evdev: facts)
            case .unknown(let reason): return KernelFacts(evdev: EvdevFacts(errors: [reason]))
            }
        default:
            return KernelFacts()
        }
    }

    /// The evdev parts an `inputN` record announces: `ABS_MT_SLOT` and `SW_FRONT_PROXIMITY`,
    /// from the sysfs bitmap, else the same bitmap from the uevent (`ABS=`, `SW=`), in words
    /// of this (live) machine's `long`.
    /// - Parameter input: The `inputN` record (the parent of an `eventN` node).
    /// - Returns: Which parts to ask its event node for.
    package static func evdevParts(announcedBy input: Device) -> (
        multitouchSlots: Bool, proximitySwitch: Bool
    ) {
        let bits = MemoryLayout<Int>.size * 8
        let slots = input.bitmask(attribute: "capabilities/abs", property: "ABS", wordBits: bits)
        let switches = input.bitmask(attribute: "capabilities/sw", property: "SW", wordBits: bits)
        return (
            slots?.contains(EvdevFacts.absoluteMultitouchSlot) == true,
            switches?.contains(EvdevFacts.switchFrontProximity) == true
        )
    }
}
