import CapabilityModel
import CapabilitySupport
import FoundationEssentials
import Glibc

/// The one way the CLI writes bytes: ``FileDescriptor/writeAll(_:)``, `write(2)` until done,
/// retrying after `EINTR`.
///
/// `FileHandle.write` traps on `EPIPE` and `ENOSPC`; these calls report them instead, so a
/// full disk or a closed pipe ends the command with one line and exit 74.
enum FileWriter {
    /// An operating-system failure: the errno and its text (`No space left on device`).
    typealias Failure = Errno

    /// Writes all bytes to a descriptor.
    /// - Returns: `nil` on success, else the failure.
    static func write(_ bytes: some Collection<UInt8>, to descriptor: FileDescriptor) -> Failure? {
        let failure: Failure?? = bytes.withContiguousStorageIfAvailable { buffer in
            write(UnsafeRawBufferPointer(buffer), to: descriptor)
        }
        if let failure { return failure }
        return Array(bytes).withUnsafeBytes { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: FileDescriptor)
        -> Failure?
    {
        do {
            try descriptor.writeAll(buffer)
            return nil
        } catch {
            return error
        }
    }

    /// Why a named file was not written.
    enum FileFailure: Error, Equatable, CustomStringConvertible {
        /// A system call failed.
        case system(Errno)
        /// The path names something other than a regular file (its kind in words).
        case notRegular(String)

        /// `No space left on device`, or `not a regular file (a symbolic link)`.
        var description: String {
            switch self {
            case .system(let errno): return errno.description
            case .notRegular(let kind): return "not a regular file (\(kind))"
            }
        }
    }

    /// Writes the bytes to a file, atomically: into a new temporary file in the same folder,
    /// then renamed over the path, so a reader (a Prometheus textfile collector) never sees
    /// half a file. A path that exists must be a regular file: a symbolic link (whose target
    /// would be clobbered or created), a FIFO (which would block) or a device is refused.
    /// An existing file keeps its permission bits; a new one gets `0666` less the umask.
    /// - Returns: `nil` on success, else the failure.
    static func write(_ bytes: some Collection<UInt8>, toFile path: String) -> FileFailure? {
        var status = stat()
        var mode = mode_t(0o666)
        if lstat(path, &status) == 0 {
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFREG else { return .notRegular(kindName(kind)) }
            mode = status.st_mode & 0o7777
        } else if errno != ENOENT {
            return .system(Errno.current)
        } else {
            let mask = umask(0)
            umask(mask)
            mode &= ~mask
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // A new name beside the target, created exclusively (never an existing file or link).
        var temporary = ""
        var opened: Result<FileDescriptor, Errno> = .failure(Errno(EEXIST))
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = "\(folder).\(name).\(suffix).tmp"
            let path = temporary
            opened = Result { () throws(Errno) -> FileDescriptor in
                try .open(path, O_WRONLY | O_CREAT | O_EXCL, permissions: 0o600)
            }
            if case .failure(let error) = opened, error == Errno(EEXIST) { continue }
            break
        }
        let descriptor: FileDescriptor
        switch opened {
        case .success(let value): descriptor = value
        case .failure(let error): return .system(error)
        }
        var failure: FileFailure? = write(bytes, to: descriptor).map(FileFailure.system)
        if failure == nil, fchmod(descriptor.rawValue, mode) != 0 {
            failure = .system(Errno.current)
        }
        do {
            try descriptor.close()
        } catch {
            if failure == nil { failure = .system(error) }
        }
        if failure == nil, rename(temporary, path) != 0 { failure = .system(Errno.current) }
        if failure != nil { unlink(temporary) }
        return failure
    }

    /// A file kind in words, for a refused target.
    private static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFDIR: return "a directory"
        case S_IFSOCK: return "a socket"
        default: return "an unknown kind"
        }
    }
}
