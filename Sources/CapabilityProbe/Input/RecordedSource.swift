import Foundation

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

    /// Detects the format of a file's content.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name for messages.
    /// - Returns: The format.
    /// - Throws: ``SourceError/unrecognized(path:reason:)`` with a one-line reason.
    public static func detect(_ data: Data, path: String) throws(SourceError) -> Format {
        guard !data.isEmpty else { throw .unrecognized(path: path, reason: "the file is empty") }
        if data.prefix(8).contains(0) || String(data: data, encoding: .utf8) == nil {
            throw .unrecognized(path: path, reason: "binary data, not UTF-8 text")
        }
        let text = String(decoding: data, as: UTF8.self)
        let trimmed = text.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
        if trimmed.first == "{" { return .snapshot }
        guard trimmed.hasPrefix("P: ") || trimmed.hasPrefix("P:/") else {
            let firstLine = trimmed.prefix { $0 != "\n" }
            throw .unrecognized(
                path: path,
                reason:
                    "first line '\(RecordText.preview(firstLine))' is neither 'P: /devices/…' nor a JSON object"
            )
        }
        // umockdev recordings carry sysfs attributes (A:/H:) and never udevadm's M:/R:/U:/D:.
        for line in text.split(separator: "\n") {
            if line.hasPrefix("A: ") || line.hasPrefix("H: ") || line.hasPrefix("L: driver=")
                || line.hasPrefix("L: device=") || line.hasPrefix("L: subsystem=")
            {
                return .umockdev
            }
        }
        return .udevadm
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
            return try UmockdevRecordingSource(
                text: String(decoding: data, as: UTF8.self), path: path
            )
            .inventory()
        case .udevadm:
            return try UdevadmDumpSource(text: String(decoding: data, as: UTF8.self), path: path)
                .inventory()
        }
    }

    /// Reads a recorded file from disk (`-` = standard input is the caller's job).
    /// - Parameter path: The file path.
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the file cannot be read.
    public static func inventory(contentsOf path: String) throws(SourceError) -> DeviceInventory {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        return try inventory(data, path: path)
    }
}
