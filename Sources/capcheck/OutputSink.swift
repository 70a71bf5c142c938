import CapabilityModel
import CapabilitySupport
import FoundationEssentials
import Glibc

/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
///
/// Writes go through ``FileWriter`` (`write(2)`); the first failure (`EPIPE`, `ENOSPC`, …) is
/// kept and later text is dropped, so the command can finish and ``CapCheck`` turns the
/// failure into one line on standard error and exit 74.
final class OutputSink: @unchecked Sendable {
    private let descriptor: FileDescriptor?
    private let lock = Lock()
    private var buffer = ""
    private var firstFailure: FileWriter.Failure?
    /// Whether this sink is a terminal (colour, human defaults).
    let isTerminal: Bool
    /// The terminal's width in columns (`TIOCGWINSZ`), when this sink is a terminal that
    /// reports one.
    let terminalColumns: Int?

    /// A sink over a file descriptor.
    init(fileDescriptor: Int32) {
        descriptor = FileDescriptor(rawValue: fileDescriptor)
        isTerminal = isatty(fileDescriptor) == 1
        terminalColumns = isTerminal ? Self.windowColumns(fileDescriptor) : nil
    }

    /// A buffering sink: for tests, and for a document rendered whole before it is written.
    /// - Parameters:
    ///   - bufferingAsTerminal: Whether it stands for a terminal.
    ///   - columns: The width that terminal reports, if any.
    init(bufferingAsTerminal: Bool = false, columns: Int? = nil) {
        descriptor = nil
        isTerminal = bufferingAsTerminal
        terminalColumns = bufferingAsTerminal ? columns : nil
    }

    /// The width `TIOCGWINSZ` reports for a terminal descriptor; nil when it fails or says 0.
    private static func windowColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes text as is (nothing more once a write has failed).
    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let descriptor else {
            buffer += text
            return
        }
        guard firstFailure == nil else { return }
        firstFailure = FileWriter.write(text.utf8, to: descriptor)
    }

    /// Writes UTF-8 bytes as they are: a piece of a longer text that ends on a character
    /// boundary (nothing more once a write has failed).
    func write(bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard let descriptor else {
            buffer += String(decoding: bytes, as: UTF8.self)
            return
        }
        guard firstFailure == nil else { return }
        firstFailure = FileWriter.write(bytes, to: descriptor)
    }

    /// Writes a line.
    func line(_ text: String = "") { write(text + "\n") }

    /// The first write failure, if any.
    var failure: FileWriter.Failure? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    /// What a buffering sink has collected.
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
