import CapabilityModel

// The one-request kernel probes: evdev (`EVIOCGABS`, `EVIOCGSW`), HCI (`HCIGETDEVINFO`) and DRM
// (`DRM_IOCTL_MODE_GETCONNECTOR`). Each opens through a ``DeviceOpener``, so tests replay
// recorded replies; the structs they decode live in `Decoding/`.

/// Reads touch points (`EVIOCGABS(ABS_MT_SLOT)`) and the proximity switch
/// (`EVIOCGSW`) of an input event node.
package struct EvdevProbe: Sendable {
    /// `EVIOCGABS(0)` = `_IOR('E', 0x40, struct input_absinfo)` (24 bytes); add the axis.
    static let getAbsoluteBase: UInt = 0x8018_4540
    /// `EVIOCGSW(4)` = `_IOC(_IOC_READ, 'E', 0x1b, 4)`: switch states, bits 0–31.
    static let getSwitches: UInt = 0x8004_451b

    /// Opens nodes; ``SystemDeviceOpener`` live, a replay in tests.
    package var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens device nodes.
    package init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Touch points from a `struct input_absinfo` reply (value, minimum, maximum, fuzz,
    /// flat, resolution: six `s32`).
    /// - Parameter bytes: The 24-byte reply.
    /// - Returns: maximum − minimum + 1, or `nil` when the range is empty.
    package static func touchPoints(absInfo bytes: [UInt8]) -> Int? {
        guard bytes.count >= 24 else { return nil }
        let minimum = Int(ByteLayout.int32(bytes, at: 4))
        let maximum = Int(ByteLayout.int32(bytes, at: 8))
        return maximum >= minimum ? maximum - minimum + 1 : nil
    }

    /// Probes a node for the parts its capabilities announce.
    /// - Parameters:
    ///   - node: The event node, e.g. `/dev/input/event4`.
    ///   - multitouchSlots: Ask `ABS_MT_SLOT` (the `abs` capability has bit 0x2f).
    ///   - proximitySwitch: Ask `SW_FRONT_PROXIMITY` (the `sw` capability has bit 11).
    /// - Returns: The facts (parts that failed are listed in `errors`), or `unknown` when
    ///   the node cannot be opened.
    package func probe(node: String, multitouchSlots: Bool, proximitySwitch: Bool)
        -> KernelProbeResult<EvdevFacts>
    {
        let device: any IoctlDevice
        do {
            device = try opener.open(node)
        } catch {
            return .unknown(reason: error.reason(group: "input"))
        }
        return .value(
            Self.facts(
                of: device, multitouchSlots: multitouchSlots, proximitySwitch: proximitySwitch))
    }

    /// Asks an open event node for the parts its capabilities announce (the watcher keeps
    /// the node open while proximity is watched and asks again on every poll).
    /// - Parameters:
    ///   - device: The open event node.
    ///   - multitouchSlots: Ask `ABS_MT_SLOT`.
    ///   - proximitySwitch: Ask `SW_FRONT_PROXIMITY`.
    /// - Returns: The facts; parts that failed are listed in `errors`.
    package static func facts(
        of device: any IoctlDevice, multitouchSlots: Bool, proximitySwitch: Bool
    ) -> EvdevFacts {
        var facts = EvdevFacts()
        if multitouchSlots {
            var buffer = [UInt8](repeating: 0, count: 24)
            let request = getAbsoluteBase + UInt(EvdevFacts.absoluteMultitouchSlot)
            do {
                try device.ioctl(request, name: "EVIOCGABS(ABS_MT_SLOT)", buffer: &buffer)
                facts.touchPoints = touchPoints(absInfo: buffer)
            } catch {
                facts.errors.append(error.reason(group: "input"))
            }
        }
        if proximitySwitch {
            var buffer = [UInt8](repeating: 0, count: 4)
            do {
                try device.ioctl(getSwitches, name: "EVIOCGSW", buffer: &buffer)
                let bit = EvdevFacts.switchFrontProximity
                facts.near = buffer[bit / 8] & UInt8(1 << (bit % 8)) != 0
            } catch {
                facts.errors.append(error.reason(group: "input"))
            }
        }
        return facts
    }
}

/// Reads a Bluetooth controller's LMP features with `HCIGETDEVINFO` on a raw HCI socket.
///
/// `HCIGETDEVINFO` needs no capability. Without `AF_BLUETOOTH` (no kernel support, a
/// sandbox) the result is `unknown`, never "no LE".
package struct HCIProbe: Sendable {
    /// Opens the socket; ``SystemDeviceOpener`` live, a replay in tests.
    package var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens the HCI socket.
    init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// The controller index of `hciN`.
    /// - Parameter name: The sysfs name, e.g. `hci0`.
    /// - Returns: `N`, or `nil` for other names (`hci0:256` connections).
    package static func index(ofControllerNamed name: String) -> UInt16? {
        guard name.hasPrefix("hci") else { return nil }
        return UInt16(name.dropFirst(3))
    }

    /// Probes one controller.
    /// - Parameter index: The controller index.
    /// - Returns: The facts, or `unknown` with a reason.
    package func probe(index: UInt16) -> KernelProbeResult<BluetoothControllerFacts> {
        let socket: any IoctlDevice
        do {
            socket = try opener.openHCISocket()
        } catch {
            return .unknown(reason: error.reason())
        }
        var buffer = HCIDeviceInfo.request(index: index)
        do {
            try socket.ioctl(
                HCIDeviceInfo.request, name: "HCIGETDEVINFO hci\(index)", buffer: &buffer)
        } catch {
            return .unknown(reason: error.reason())
        }
        guard let info = HCIDeviceInfo(bytes: buffer) else {
            return .unknown(reason: "hci\(index): short HCIGETDEVINFO reply")
        }
        return .value(BluetoothControllerFacts(info: info))
    }
}

/// Asks the DRM card node for a connector's state and physical size
/// (`DRM_IOCTL_MODE_GETCONNECTOR`, which needs no DRM master).
package struct DRMConnectorProbe: Sendable {
    /// Opens nodes; ``SystemDeviceOpener`` live, a replay in tests.
    package var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens device nodes.
    init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Probes one connector.
    /// - Parameters:
    ///   - card: The card node, e.g. `/dev/dri/card0`.
    ///   - connectorID: The connector id (sysfs `connector_id`).
    /// - Returns: The facts, or `unknown` with a reason.
    package func probe(card: String, connectorID: UInt32) -> KernelProbeResult<DRMConnectorFacts> {
        let device: any IoctlDevice
        do {
            device = try opener.open(card)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        var buffer = DRMConnectorFacts.request(connectorID: connectorID)
        do {
            try device.ioctl(
                DRMConnectorFacts.request, name: "DRM_IOCTL_MODE_GETCONNECTOR", buffer: &buffer)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        guard let facts = DRMConnectorFacts(bytes: buffer) else {
            return .unknown(reason: "\(card): short DRM_IOCTL_MODE_GETCONNECTOR reply")
        }
        return .value(facts)
    }
}
