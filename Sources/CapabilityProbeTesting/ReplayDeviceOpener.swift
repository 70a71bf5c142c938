import CapabilityProbe
import Glibc

/// A ``DeviceOpener`` that replays recorded ioctl replies instead of calling the kernel.
///
/// Each reply answers one request whose input struct starts with `match` (the index,
/// type or id fields the caller filled in); a request without a reply fails with
/// `EINVAL`, which is how the kernel ends an enumeration. Nodes listed in `refusals` fail
/// to open with the given `errno` (e.g. `EACCES`), which tests cannot get from the real
/// kernel when they run as root.
public struct ReplayDeviceOpener: DeviceOpener {
    /// One recorded reply.
    public struct Reply: Sendable, Equatable {
        /// The ioctl request number.
        public var request: UInt
        /// Leading bytes the request's input struct must have.
        public var match: [UInt8]
        /// The struct the kernel wrote back, or `nil` when the call failed.
        public var output: [UInt8]?
        /// The `errno` of a failed call.
        public var errno: Int32

        /// A successful reply.
        /// - Parameters:
        ///   - request: The request number.
        ///   - match: Leading input bytes to match.
        ///   - output: The reply struct.
        public init(request: UInt, match: [UInt8] = [], output: [UInt8]) {
            self.request = request
            self.match = match
            self.output = output
            self.errno = 0
        }

        /// A failed call.
        /// - Parameters:
        ///   - request: The request number.
        ///   - match: Leading input bytes to match.
        ///   - errno: The error number.
        public init(request: UInt, match: [UInt8] = [], errno: Int32) {
            self.request = request
            self.match = match
            self.output = nil
            self.errno = errno
        }
    }

    /// Replies per device node path.
    public var nodes: [String: [Reply]]
    /// Nodes whose open fails, with the `errno`.
    public var refusals: [String: Int32]
    /// Replies on the HCI socket, or `nil` when `socket(AF_BLUETOOTH)` fails.
    public var socketReplies: [Reply]?
    /// The `errno` of a failing HCI socket.
    public var socketErrno: Int32

    /// Creates a replay.
    /// - Parameters:
    ///   - nodes: Replies per node.
    ///   - refusals: Nodes that refuse to open.
    ///   - socketReplies: HCI socket replies; `nil` makes the socket fail.
    ///   - socketErrno: The socket's `errno` when it fails.
    public init(
        nodes: [String: [Reply]] = [:], refusals: [String: Int32] = [:],
        socketReplies: [Reply]? = nil,
        socketErrno: Int32 = EAFNOSUPPORT
    ) {
        self.nodes = nodes
        self.refusals = refusals
        self.socketReplies = socketReplies
        self.socketErrno = socketErrno
    }

    /// Opens a recorded node.
    /// - Parameter path: The node.
    /// - Returns: A device answering from the replies.
    /// - Throws: ``KernelCallError`` with the refusal's `errno`, or `ENOENT` for unknown nodes.
    public func open(_ path: String) throws(KernelCallError) -> any IoctlDevice {
        if let error = refusals[path] {
            throw KernelCallError(function: "open", path: path, errno: error)
        }
        guard let replies = nodes[path] else {
            throw KernelCallError(function: "open", path: path, errno: ENOENT)
        }
        return ReplayIoctlDevice(path: path, replies: replies)
    }

    /// Opens the recorded HCI socket.
    /// - Returns: A socket answering from ``socketReplies``.
    /// - Throws: ``KernelCallError`` (`socket`) when ``socketReplies`` is `nil`.
    public func openHCISocket() throws(KernelCallError) -> any IoctlDevice {
        let path = "AF_BLUETOOTH HCI socket"
        guard let socketReplies else {
            throw KernelCallError(function: "socket", path: path, errno: socketErrno)
        }
        return ReplayIoctlDevice(path: path, replies: socketReplies)
    }
}

/// Answers ioctls from recorded replies (first match wins).
final class ReplayIoctlDevice: IoctlDevice {
    let path: String
    private let replies: [ReplayDeviceOpener.Reply]

    init(path: String, replies: [ReplayDeviceOpener.Reply]) {
        self.path = path
        self.replies = replies
    }

    func ioctl(_ request: UInt, name: String, buffer: inout [UInt8]) throws(KernelCallError) {
        let input = buffer
        guard
            let reply = replies.first(where: {
                $0.request == request && input.count >= $0.match.count
                    && Array(input.prefix($0.match.count)) == $0.match
            })
        else { throw KernelCallError(function: "ioctl \(name)", path: path, errno: EINVAL) }
        guard let output = reply.output else {
            throw KernelCallError(function: "ioctl \(name)", path: path, errno: reply.errno)
        }
        buffer =
            Array(output.prefix(buffer.count))
            + Array(repeating: 0, count: max(0, buffer.count - output.count))
    }
}
