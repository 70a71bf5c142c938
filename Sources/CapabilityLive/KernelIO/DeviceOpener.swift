import CapabilityModel
import CapabilitySupport
import Glibc

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

/// An open device node or socket that answers ioctls: the seam between kernel probes and
/// the kernel.
///
/// The real implementation (``SystemIoctlDevice``) calls `ioctl(2)`; tests use
/// `ReplayDeviceOpener` replies (target `CapabilityProbeTesting`). The buffer holds the
/// argument struct: it is sent as is and overwritten with what the kernel wrote back.
public protocol IoctlDevice: AnyObject {
    /// The node or socket description, for messages.
    var path: String { get }

    /// Performs one ioctl whose argument is a struct of `buffer.count` bytes.
    /// - Parameters:
    ///   - request: The request number (e.g. `VIDIOC_QUERYCAP` 0x80685600).
    ///   - name: The request's C name, for messages.
    ///   - buffer: The argument struct, in and out.
    /// - Throws: ``KernelCallError`` with the `errno` of a failed call.
    func ioctl(_ request: UInt, name: String, buffer: inout [UInt8]) throws(KernelCallError)
}

/// The real ``DeviceOpener``: `open(2)` through ``FileDescriptor``, and `socket(2)`.
package struct SystemDeviceOpener: DeviceOpener {
    /// `AF_BLUETOOTH` from `<sys/socket.h>`.
    static let addressFamilyBluetooth: Int32 = 31
    /// `BTPROTO_HCI` from bluez `lib/bluetooth.h`.
    static let protocolHCI: Int32 = 1

    /// Creates the opener.
    package init() {}

    /// Opens a node with `O_RDONLY | O_NONBLOCK | O_CLOEXEC`, retrying after `EINTR`.
    /// - Parameter path: The device node.
    /// - Returns: The open device.
    /// - Throws: ``KernelCallError`` (`open`).
    package func open(_ path: String) throws(KernelCallError) -> any IoctlDevice {
        do {
            let descriptor = try FileDescriptor.open(path, O_RDONLY | O_NONBLOCK)
            return SystemIoctlDevice(descriptor: descriptor, path: path)
        } catch {
            throw KernelCallError(function: "open", path: path, error: error)
        }
    }

    /// Opens a raw HCI socket.
    /// - Returns: The socket.
    /// - Throws: ``KernelCallError`` (`socket`).
    package func openHCISocket() throws(KernelCallError) -> any IoctlDevice {
        let type = Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(Self.addressFamilyBluetooth, type, Self.protocolHCI)
        let path = "AF_BLUETOOTH HCI socket"
        guard descriptor >= 0 else {
            throw KernelCallError(function: "socket", path: path, error: .current)
        }
        return SystemIoctlDevice(descriptor: FileDescriptor(rawValue: descriptor), path: path)
    }
}

/// Owns one open file descriptor and performs `ioctl(2)` on it; closes it in `deinit`.
package final class SystemIoctlDevice: IoctlDevice {
    private let descriptor: FileDescriptor
    package let path: String

    init(descriptor: FileDescriptor, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { try? descriptor.close() }

    package func ioctl(_ request: UInt, name: String, buffer: inout [UInt8]) throws(KernelCallError)
    {
        let descriptor = self.descriptor
        let result = buffer.withUnsafeMutableBytes { raw in
            guard let address = raw.baseAddress else {
                return Result<Int32, Errno>.failure(.invalidArgument)
            }
            return Retrying.result { Glibc.ioctl(descriptor.rawValue, request, address) }
        }
        if case .failure(let error) = result {
            throw KernelCallError(function: "ioctl \(name)", path: path, error: error)
        }
    }
}

/// A failed system call in a kernel probe: the call, the path or socket, and `errno`.
public struct KernelCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed (`open`, `ioctl VIDIOC_QUERYCAP`, `socket`).
    public var function: String
    /// The device node or socket description (`/dev/video0`, `AF_BLUETOOTH socket`).
    public var path: String
    /// The `errno` value.
    public var errno: Int32

    /// Creates an error.
    /// - Parameters:
    ///   - function: The failing call.
    ///   - path: The node or socket.
    ///   - errno: The error number.
    public init(function: String, path: String, errno: Int32) {
        self.function = function
        self.path = path
        self.errno = errno
    }

    /// Creates an error from the ``Errno`` of the failed call.
    /// - Parameters:
    ///   - function: The failing call.
    ///   - path: The node or socket.
    ///   - error: What the call left in `errno`.
    package init(function: String, path: String, error: Errno) {
        self.init(function: function, path: path, errno: error.code)
    }

    /// A one-line reason suitable for `unknown`, with a hint for permission problems.
    ///
    /// - Parameter group: The group that usually grants access (`video`, `input`), if any.
    /// - Returns: e.g. `permission denied opening /dev/video0 (run as a member of group video)`.
    package func reason(group: String? = nil) -> String {
        let action = function == "open" ? "opening \(path)" : "\(function) on \(path)"
        switch errno {
        case EACCES, EPERM:
            let hint = group.map { " (run as a member of group \($0))" } ?? ""
            return "permission denied \(action)\(hint)"
        case ENOENT where function == "open":
            return "\(path) does not exist"
        case ENODEV, ENXIO:
            return "no device behind \(path) (\(function))"
        case EAFNOSUPPORT:
            return "\(path): address family not supported by this kernel"
        case ENOTTY, EINVAL:
            return "\(path): \(function) not supported by the driver"
        case EBUSY:
            return "\(path) is busy (\(function))"
        default:
            return "\(action) failed: \(Self.message(errno))"
        }
    }

    /// A one-line description naming the call, the path and the error.
    public var description: String { "\(path): \(function): \(Self.message(errno))" }

    /// `strerror(3)` text in lower case (``Errno/lowercasedDescription``).
    package static func message(_ errno: Int32) -> String {
        Errno(errno).lowercasedDescription
    }
}
