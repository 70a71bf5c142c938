import Glibc

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

    /// A one-line reason suitable for `unknown`, with a hint for permission problems.
    ///
    /// - Parameter group: The group that usually grants access (`video`, `input`), if any.
    /// - Returns: e.g. `permission denied opening /dev/video0 (run as a member of group video)`.
    public func reason(group: String? = nil) -> String {
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

    /// `strerror(3)` text in lower case.
    static func message(_ errno: Int32) -> String {
        guard let text = strerror(errno) else { return "errno \(errno)" }
        return String(cString: text).lowercased()
    }
}
