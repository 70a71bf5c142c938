import CapabilityModel
import FoundationEssentials
import Glibc

/// The one way the CLI writes bytes: `write(2)` until done, retrying after `EINTR`.
///
/// `FileHandle.write` traps on `EPIPE` and `ENOSPC`; these calls report them instead, so a
/// full disk or a closed pipe ends the command with one line and exit 74.
enum FileWriter {
    /// An operating-system failure: the errno and its text (`No space left on device`).
    typealias Failure = Errno

    /// Writes all bytes to a descriptor.
    /// - Returns: `nil` on success, else the failure.
    static func write(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Failure? {
        let failure: Failure?? = bytes.withContiguousStorageIfAvailable { buffer in
            write(UnsafeRawBufferPointer(buffer), to: descriptor)
        }
        if let failure { return failure }
        return Array(bytes).withUnsafeBytes { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Failure? {
        var offset = 0
        while offset < buffer.count, let base = buffer.baseAddress {
            do {
                offset += try Retrying.call {
                    Glibc.write(descriptor, base + offset, buffer.count - offset)
                }
            } catch {
                return error
            }
        }
        return nil
    }

    /// Creates or truncates a file and writes the bytes.
    /// - Returns: `nil` on success, else the failure (opening, writing or closing).
    static func write(_ bytes: some Collection<UInt8>, toFile path: String) -> Failure? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return .current }
        let failure = write(bytes, to: descriptor)
        if close(descriptor) != 0, failure == nil { return .current }
        return failure
    }
}
