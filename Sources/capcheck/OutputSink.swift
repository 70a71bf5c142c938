import Foundation

/// Where a command writes text: the process's stdout/stderr, or a buffer in tests.
final class OutputSink: @unchecked Sendable {
    private let handle: FileHandle?
    private let lock = NSLock()
    private var buffer = ""
    /// Whether this sink is a terminal (colour, human defaults).
    let isTerminal: Bool

    /// A sink over a file descriptor.
    init(fileDescriptor: Int32) {
        handle = FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
        isTerminal = isatty(fileDescriptor) == 1
    }

    /// A buffering sink for tests.
    init(bufferingAsTerminal: Bool = false) {
        handle = nil
        isTerminal = bufferingAsTerminal
    }

    /// Writes text as is.
    func write(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if let handle {
            // In 64 KiB pieces: a 100 MB document is not copied whole into a `Data` first.
            let bytes = text.utf8
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end =
                    bytes.index(start, offsetBy: 65_536, limitedBy: bytes.endIndex)
                    ?? bytes.endIndex
                handle.write(Data(bytes[start..<end]))
                start = end
            }
        } else {
            buffer += text
        }
    }

    /// Writes a line.
    func line(_ text: String = "") { write(text + "\n") }

    /// What a buffering sink has collected.
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }
}
