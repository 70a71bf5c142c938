/// Reads touch points (`EVIOCGABS(ABS_MT_SLOT)`) and the proximity switch
/// (`EVIOCGSW`) of an input event node.
public struct EvdevProbe: Sendable {
    /// `EVIOCGABS(0)` = `_IOR('E', 0x40, struct input_absinfo)` (24 bytes); add the axis.
    public static let getAbsoluteBase: UInt = 0x8018_4540
    /// `EVIOCGSW(4)` = `_IOC(_IOC_READ, 'E', 0x1b, 4)`: switch states, bits 0–31.
    public static let getSwitches: UInt = 0x8004_451b

    /// Opens nodes; ``SystemDeviceOpener`` live, a replay in tests.
    public var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens device nodes.
    public init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Touch points from a `struct input_absinfo` reply (value, minimum, maximum, fuzz,
    /// flat, resolution: six `s32`).
    /// - Parameter bytes: The 24-byte reply.
    /// - Returns: maximum − minimum + 1, or `nil` when the range is empty.
    public static func touchPoints(absInfo bytes: [UInt8]) -> Int? {
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
    public func probe(node: String, multitouchSlots: Bool, proximitySwitch: Bool)
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
    public static func facts(
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
