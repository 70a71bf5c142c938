import CapabilityModel
import CapabilitySupport
import FoundationEssentials
import Glibc

/// Reads a small host file (a procfs value, `os-release`, a device-tree model) the way a
/// file under a root someone else may have made is read: at most ``limit`` bytes, a regular
/// file only (a FIFO would block, a device would be read), opened with `O_NONBLOCK`, and,
/// under a root other than `/`, only when its real path stays inside the root (a test bed's
/// `proc/sys/kernel/hostname` linked to `/etc/shadow` is not read).
package enum BoundedHostFile {
    /// The most bytes read of one file (the largest such file, `/proc/cpuinfo` of a
    /// 256-CPU machine, is about 300 KiB).
    package static let limit = 1 << 20

    /// The file's first ``limit`` bytes.
    /// - Parameters:
    ///   - path: The path to read.
    ///   - root: The root the path must stay inside after links are resolved (`/`: anywhere).
    /// - Returns: The bytes, or nil when the file is missing, not regular, or leaves the root.
    package static func read(_ path: String, within root: String = "/") -> Data? {
        var target = path
        if HostRoot.path("/", under: root) != "/" {
            guard let real = realPath(path), let realRoot = realPath(root),
                real == realRoot
                    || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
            else { return nil }
            target = real
        }
        guard let descriptor = try? FileDescriptor.open(target, O_RDONLY | O_NONBLOCK | O_NOCTTY)
        else { return nil }
        defer { try? descriptor.close() }
        guard let status = try? descriptor.status(), status.isRegularFile else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let got = bytes.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in
                    try descriptor.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                }
            }
            guard case .success(let count) = got else { return nil }
            if count == 0 { break }
            filled += count
        }
        return Data(bytes[..<filled])
    }

    /// The path with every link resolved (`realpath(3)`), if it exists.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
