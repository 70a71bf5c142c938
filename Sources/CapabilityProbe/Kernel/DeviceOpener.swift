/// Opens device nodes and sockets for kernel probes; the seam tests replace.
///
/// Implementations open with `O_RDONLY | O_NONBLOCK | O_CLOEXEC`, so no probe can block
/// or change a device.
public protocol DeviceOpener: Sendable {
    /// Opens a device node read-only and non-blocking.
    /// - Parameter path: The node, e.g. `/dev/video0`.
    /// - Returns: The open device; closed when released.
    /// - Throws: ``KernelCallError`` (`open`) with the `errno`.
    func open(_ path: String) throws(KernelCallError) -> any IoctlDevice

    /// Opens a raw HCI socket: `socket(AF_BLUETOOTH, SOCK_RAW | SOCK_CLOEXEC, BTPROTO_HCI)`.
    /// - Returns: The socket; closed when released.
    /// - Throws: ``KernelCallError`` (`socket`), e.g. `EAFNOSUPPORT` without Bluetooth.
    func openHCISocket() throws(KernelCallError) -> any IoctlDevice
}
