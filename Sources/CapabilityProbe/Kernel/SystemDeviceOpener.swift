import Glibc

/// The real ``DeviceOpener``: Glibc `open(2)` and `socket(2)`.
public struct SystemDeviceOpener: DeviceOpener {
    /// `AF_BLUETOOTH` from `<sys/socket.h>`.
    static let addressFamilyBluetooth: Int32 = 31
    /// `BTPROTO_HCI` from bluez `lib/bluetooth.h`.
    static let protocolHCI: Int32 = 1

    /// Creates the opener.
    public init() {}

    /// Opens a node with `O_RDONLY | O_NONBLOCK | O_CLOEXEC`, retrying after `EINTR`.
    /// - Parameter path: The device node.
    /// - Returns: The open device.
    /// - Throws: ``KernelCallError`` (`open`).
    public func open(_ path: String) throws(KernelCallError) -> any IoctlDevice {
        while true {
            let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return SystemIoctlDevice(descriptor: descriptor, path: path) }
            let error = Glibc.errno
            if error != EINTR { throw KernelCallError(function: "open", path: path, errno: error) }
        }
    }

    /// Opens a raw HCI socket.
    /// - Returns: The socket.
    /// - Throws: ``KernelCallError`` (`socket`).
    public func openHCISocket() throws(KernelCallError) -> any IoctlDevice {
        let type = Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(Self.addressFamilyBluetooth, type, Self.protocolHCI)
        let path = "AF_BLUETOOTH HCI socket"
        guard descriptor >= 0 else {
            throw KernelCallError(function: "socket", path: path, errno: Glibc.errno)
        }
        return SystemIoctlDevice(descriptor: descriptor, path: path)
    }
}
