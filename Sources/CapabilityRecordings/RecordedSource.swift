import FoundationEssentials
import CapabilityModel
import CapabilityInput

/// Picks the right reader for a recorded file by looking at its content.
public enum RecordedSource {
    /// The formats a recorded file can have.
    public enum Format: String, Sendable, CaseIterable {
        /// `udevadm info --export-db` text.
        case udevadm
        /// `umockdev-record` text.
        case umockdev
        /// A `capcheck list --json` snapshot.
        case snapshot
    }

    /// How many leading bytes ``detect(_:path:)`` looks at.
    public static let detectionWindow = 64 * 1024

    /// Detects the format of a file's content from its first ``detectionWindow`` bytes.
    ///
    /// A byte order mark and leading white space are skipped; a NUL byte in the first line, or
    /// many NUL bytes, mean binary data (fewer, later ones are odd lines of a recording); `{` starts a snapshot, `P:` a
    /// recording, which is a umockdev one when its first bytes hold sysfs attribute lines
    /// (`A:`, `H:`, `L: name=target`; udevadm's `L:` is a number) and a udevadm dump otherwise.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name for messages.
    /// - Returns: The format.
    /// - Throws: ``SourceError/unrecognized(path:line:reason:)`` with the line and a reason.
    public static func detect(_ data: Data, path: String) throws(SourceError) -> Format {
        try detect(data, path: path, quotingContent: true)
    }

    /// The most bytes of a file's first line a message quotes.
    static let quotedBytes = 16

    /// ``detect(_:path:)``; without `quotingContent` a message names no byte of the file.
    static func detect(_ data: Data, path: String, quotingContent: Bool) throws(SourceError)
        -> Format
    {
        guard !data.isEmpty else {
            throw .unrecognized(path: path, line: nil, reason: "the file is empty")
        }
        let bytes = [UInt8](data.prefix(detectionWindow))
        let newline = UInt8(ascii: "\n")
        func lineNumber(at index: Int) -> Int {
            bytes[..<index].reduce(1) { $1 == newline ? $0 + 1 : $0 }
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count else {
            throw .unrecognized(path: path, line: nil, reason: "the file holds only white space")
        }
        let lineEnd = bytes[index...].firstIndex(of: newline) ?? bytes.count
        // Binary data: a NUL in the first line, or more NULs than 64 and than 1/64 of the bytes.
        // A stray NUL further on is one odd line of a text recording, tolerated by its reader.
        let nuls = bytes.reduce(0) { $1 == 0 ? $0 + 1 : $0 }
        if let nul = bytes.firstIndex(of: 0), nul < lineEnd || nuls > max(64, bytes.count / 64) {
            throw .unrecognized(
                path: path, line: lineNumber(at: nul), reason: "binary data (a NUL byte), not text")
        }
        if bytes[index] == UInt8(ascii: "{") { return .snapshot }
        guard bytes[index...].starts(with: Array("P:".utf8)) else {
            let neither = "is neither a 'P: /devices/…' line nor a JSON object"
            guard quotingContent else {
                throw .unrecognized(
                    path: path, line: lineNumber(at: index), reason: "the first line \(neither)")
            }
            // A few bytes only: the file may be one the user can read but should not print.
            let end = min(lineEnd, index + quotedBytes)
            let firstLine = String(decoding: bytes[index..<end], as: UTF8.self)
            let cut = end < lineEnd ? "…" : ""
            throw .unrecognized(
                path: path, line: lineNumber(at: index),
                reason: "'\(RecordText.preview(firstLine))\(cut)' \(neither)")
        }
        return hasSysfsAttributeLines(bytes[index...]) ? .umockdev : .udevadm
    }

    /// Whether some line starts with `A:`, `H:` or `L: name=` (a letter after `L:`).
    private static func hasSysfsAttributeLines(_ bytes: ArraySlice<UInt8>) -> Bool {
        var lineStart = bytes.startIndex
        while lineStart + 2 < bytes.endIndex {
            let kind = bytes[lineStart]
            if bytes[lineStart + 1] == UInt8(ascii: ":") {
                if kind == UInt8(ascii: "A") || kind == UInt8(ascii: "H") { return true }
                if kind == UInt8(ascii: "L") {
                    var first = lineStart + 2
                    if first < bytes.endIndex && bytes[first] == UInt8(ascii: " ") { first += 1 }
                    if first < bytes.endIndex,
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[first])
                    {
                        return true
                    }
                }
            }
            guard let next = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            lineStart = next + 1
        }
        return false
    }

    /// Reads a recorded file of any supported format.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name for messages.
    /// - Returns: The inventory.
    /// - Throws: ``SourceError`` naming the file, place and reason.
    public static func inventory(_ data: Data, path: String) throws(SourceError) -> DeviceInventory
    {
        switch try detect(data, path: path) {
        case .snapshot:
            return try SnapshotDeviceSource(data: data, path: path).inventory()
        case .umockdev:
            return try UmockdevRecordingSource(data: data, path: path).inventory()
        case .udevadm:
            return try UdevadmDumpSource(data: data, path: path).inventory()
        }
    }

    /// Reads a recorded file from disk (`-` = standard input is the caller's job).
    ///
    /// A message quotes at most a few bytes of the file, and none when the path is a
    /// symbolic link another user owns.
    /// - Parameters:
    ///   - path: The file path.
    ///   - regularFileOnly: Refuse a FIFO, terminal or device without waiting on it (for
    ///     files found in a directory rather than named by the user).
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the file cannot be read.
    public static func inventory(contentsOf path: String, regularFileOnly: Bool = false)
        throws(SourceError) -> DeviceInventory
    {
        // A recording is parsed as it is read; only a snapshot (JSON) is read whole.
        var head: [UInt8] = []
        let reader: InputFile.Reader
        do {
            reader = try InputFile.Reader(path, regularFileOnly: regularFileOnly)
            // A regular file shorter than the window is read whole at once (one byte more
            // finds its end), into a buffer of its size.
            let window = reader.size > 0 ? min(detectionWindow, reader.size + 1) : detectionWindow
            while head.count < window, try reader.read(into: &head, upTo: window - head.count) > 0 {
            }
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let quoting = InputFile.mayQuoteContent(of: path)
        let format = try detect(Data(head), path: path, quotingContent: quoting)
        do {
            return try inventory(format, head: head, reader: reader, path: path)
        } catch {
            // A message about a file reached through another user's link quotes nothing of it.
            throw quoting ? error : error.quotingNothing()
        }
    }

    /// The inventory of a detected recording, read on from its first bytes.
    private static func inventory(
        _ format: Format, head: [UInt8], reader: InputFile.Reader, path: String
    ) throws(SourceError) -> DeviceInventory {
        switch format {
        case .snapshot:
            let data: Data
            do {
                data = try reader.readToEnd(after: head)
            } catch {
                throw .unreadable(path: path, reason: error.reason)
            }
            return try SnapshotDeviceSource(data: data, path: path).inventory()
        case .umockdev:
            return try UmockdevRecordingSource(bytes: .file(head: head, reader: reader), path: path)
                .inventory()
        case .udevadm:
            return try UdevadmDumpSource(bytes: .file(head: head, reader: reader), path: path)
                .inventory()
        }
    }
}
