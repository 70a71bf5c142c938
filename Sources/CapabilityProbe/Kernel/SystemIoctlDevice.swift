import Glibc

/// Owns one open file descriptor and performs `ioctl(2)` on it; closes it in `deinit`.
final class SystemIoctlDevice: IoctlDevice {
    private let descriptor: Int32
    let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    func ioctl(_ request: UInt, name: String, buffer: inout [UInt8]) throws(KernelCallError) {
        let descriptor = self.descriptor
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { raw in
            guard let address = raw.baseAddress else {
                failure = EINVAL
                return
            }
            while true {
                if Glibc.ioctl(descriptor, request, address) >= 0 { return }
                let error = Glibc.errno
                if error != EINTR {
                    failure = error
                    return
                }
            }
        }
        if failure != 0 {
            throw KernelCallError(function: "ioctl \(name)", path: path, errno: failure)
        }
    }
}
