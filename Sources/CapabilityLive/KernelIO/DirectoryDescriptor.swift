import CSyscalls
import CapabilityModel
import CapabilitySupport
import Glibc

/// An open directory (a ``FileDescriptor`` opened with `O_DIRECTORY | O_NOFOLLOW`), closed in
/// `deinit`: the one place where the sysfs walk touches system calls and raw buffers. Everything is relative
/// to the descriptor (`openat`, `readlinkat`, `getdents64`), so no path is resolved twice.
package final class DirectoryDescriptor {
    /// What a directory entry is (`d_type`, resolved with `fstatat` when the file system
    /// does not say).
    package enum Kind: Equatable {
        case directory, regular, symlink, other
    }

    /// One entry of a directory listing.
    package struct Entry: Equatable {
        /// The name (never `.` or `..`).
        package var name: String
        /// The kind of file.
        package var kind: Kind
    }

    private let descriptor: FileDescriptor

    private init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    deinit { try? descriptor.close() }

    /// Opens a directory by absolute path.
    /// - Returns: The directory, or the `errno` of the failure.
    static func open(_ path: String) -> Result<DirectoryDescriptor, KernelCallError> {
        do {
            return .success(
                DirectoryDescriptor(descriptor: try .open(path, O_RDONLY | O_DIRECTORY)))
        } catch {
            return .failure(KernelCallError(function: "open", path: path, error: error))
        }
    }

    /// Whether a path exists (`access(2)` with `F_OK`).
    package static func exists(_ path: String) -> Bool {
        path.withCString { access($0, F_OK) } == 0
    }

    /// Opens a subdirectory without following symlinks; nil when it cannot be opened.
    package func directory(_ name: String) -> DirectoryDescriptor? {
        var failure: Errno?
        return directory(name, failure: &failure)
    }

    /// ``directory(_:)`` that also gives the ``Errno`` of a failed open (nil on success).
    package func directory(_ name: String, failure: inout Errno?) -> DirectoryDescriptor? {
        do {
            let child = try FileDescriptor.open(
                name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW, relativeTo: descriptor)
            failure = nil
            return DirectoryDescriptor(descriptor: child)
        } catch {
            failure = error
            return nil
        }
    }

    /// Every entry but `.` and `..`, in the order the kernel lists them.
    ///
    /// `getdents64` is called until it returns 0, except that a first batch that leaves more
    /// than one maximal entry (280 bytes) of the buffer unused is the whole directory: the
    /// kernel stops filling only when the next entry does not fit.
    /// - Parameter buffer: Scratch space reused across calls (grown to 32 KiB once).
    package func entries(buffer: inout [UInt8]) -> [Entry] {
        var result: [Entry] = []
        let capacity = 32_768
        if buffer.count < capacity { buffer = [UInt8](repeating: 0, count: capacity) }
        while true {
            let read = buffer.withUnsafeMutableBytes { raw in
                Retrying.result {
                    capcheck_getdents64(descriptor.rawValue, raw.baseAddress, UInt(raw.count))
                }
            }
            guard case .success(let count) = read, count > 0 else { break }
            var offset = 0
            while offset + 19 < count {
                // struct linux_dirent64: d_ino (8), d_off (8), d_reclen (2), d_type (1), d_name.
                let length = Int(buffer[offset + 16]) | Int(buffer[offset + 17]) << 8
                guard length > 19, offset + length <= count else { break }
                let type = buffer[offset + 18]
                var end = offset + 19
                while end < offset + length, buffer[end] != 0 { end += 1 }
                let name = String(decoding: buffer[(offset + 19)..<end], as: UTF8.self)
                offset += length
                if name == "." || name == ".." { continue }
                result.append(Entry(name: name, kind: kind(type: type, name: name)))
            }
            if count < capacity - 280 { break }
        }
        return result
    }

    private func kind(type: UInt8, name: String) -> Kind {
        switch Int32(type) {
        case Int32(DT_DIR): return .directory
        case Int32(DT_REG): return .regular
        case Int32(DT_LNK): return .symlink
        case Int32(DT_UNKNOWN):
            var status = stat()
            let rc = name.withCString {
                fstatat(descriptor.rawValue, $0, &status, AT_SYMLINK_NOFOLLOW)
            }
            guard rc == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .regular
            case S_IFLNK: return .symlink
            default: return .other
            }
        default: return .other
        }
    }

    /// The bytes of a file in this directory (`name` may hold a `/`, e.g. `capabilities/ev`);
    /// nil when it cannot be opened or read.
    ///
    /// - Parameter whole: Read to end of file (binary attributes such as `edid`); otherwise
    ///   one `read(2)` as libudev does for sysfs attributes (kernfs hands over the whole
    ///   value at once, and a second read could see a newer value), continued only while the
    ///   buffer comes back full (large regular files in test beds).
    /// - Parameter buffer: Scratch space reused across calls (grown to 8 KiB once).
    package func read(_ name: String, whole: Bool = false, buffer: inout [UInt8]) -> [UInt8]? {
        var failure: Errno?
        return read(name, whole: whole, buffer: &buffer, failure: &failure)
    }

    /// ``read(_:whole:buffer:)`` that also says why it failed: `failure` is the ``Errno`` of
    /// the failing `open`/`read` (nil on success), so a caller can tell a missing file
    /// (`ENOENT`) from one it may not read (`EACCES`).
    package func read(
        _ name: String, whole: Bool = false, buffer: inout [UInt8], failure: inout Errno?
    )
        -> [UInt8]?
    {
        failure = nil
        let file: FileDescriptor
        do {
            file = try .open(name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW, relativeTo: descriptor)
        } catch {
            failure = error
            return nil
        }
        defer { try? file.close() }
        let chunk = 8192
        if buffer.count < chunk { buffer = [UInt8](repeating: 0, count: chunk) }
        var result: [UInt8] = []
        while true {
            let read = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<chunk]))
                }
            }
            let count: Int
            switch read {
            case .success(let value): count = value
            case .failure(let error):
                failure = error
                return nil
            }
            result.append(contentsOf: buffer[0..<count])
            if count == 0 || (!whole && count < chunk) { break }
        }
        return result
    }

    /// The last path component of a symlink's target (`driver` → `iwlwifi`), as libudev
    /// reports `driver` and `subsystem`; nil when it is not a readable link.
    func linkTargetName(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            name.withCString { path -> Int in
                guard let base = raw.baseAddress else { return -1 }
                return readlinkat(descriptor.rawValue, path, base, raw.count)
            }
        }
        guard count > 0 else { return nil }
        let target = buffer[0..<count].map { UInt8(bitPattern: $0) }
        let start = target.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return String(decoding: target[start...], as: UTF8.self)
    }
}
