/// Reads a Bluetooth controller's LMP features with `HCIGETDEVINFO` on a raw HCI socket.
///
/// `HCIGETDEVINFO` needs no capability. Without `AF_BLUETOOTH` (no kernel support, a
/// sandbox) the result is `unknown`, never "no LE".
public struct HCIProbe: Sendable {
    /// Opens the socket; ``SystemDeviceOpener`` live, a replay in tests.
    public var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens the HCI socket.
    public init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// The controller index of `hciN`.
    /// - Parameter name: The sysfs name, e.g. `hci0`.
    /// - Returns: `N`, or `nil` for other names (`hci0:256` connections).
    public static func index(ofControllerNamed name: String) -> UInt16? {
        guard name.hasPrefix("hci") else { return nil }
        return UInt16(name.dropFirst(3))
    }

    /// Probes one controller.
    /// - Parameter index: The controller index.
    /// - Returns: The facts, or `unknown` with a reason.
    public func probe(index: UInt16) -> KernelProbeResult<BluetoothControllerFacts> {
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
