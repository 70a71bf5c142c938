/// An open device node or socket that answers ioctls: the seam between kernel probes and
/// the kernel.
///
/// The real implementation (``SystemIoctlDevice``) calls `ioctl(2)`; tests use
/// ``ReplayDeviceOpener`` replies. The buffer holds the argument struct: it is sent as is
/// and overwritten with what the kernel wrote back.
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
