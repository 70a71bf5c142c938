import FoundationEssentials
import CapabilityModel
import CapabilityInput

/// The bytes of a udevadm dump or umockdev recording: in memory, or a file read in pieces of
/// ``pieceSize`` bytes, so a large recording is parsed as it is read and its bytes are never
/// all in memory at once (peak memory is a few records and one piece, or one long line).
package enum RecordBytes {
    /// The whole file in memory.
    case data(Data)
    /// A file: its first bytes, already read (format detection looked at them), and the rest.
    case file(head: [UInt8], reader: InputFile.Reader)

    /// How many bytes are read from a file at a time.
    package static let pieceSize = 1 << 20

    /// Hands on the bytes as pieces of whole lines (each ends with a line end, except the
    /// last), in order.
    /// - Parameters:
    ///   - path: The file name for messages.
    ///   - piece: Called with each piece and whether it is the last.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the file cannot be read.
    func forEachPiece(
        path: String, _ piece: (UnsafeBufferPointer<UInt8>, _ isLast: Bool) -> Void
    ) throws(SourceError) {
        switch self {
        case .data(let data):
            data.withUnsafeBytes { raw in piece(raw.bindMemory(to: UInt8.self), true) }
        case .file(let head, let reader):
            var buffer = head
            buffer.reserveCapacity(max(head.count, Self.pieceSize) + Self.pieceSize)
            // Where the search for a line end starts: bytes before it hold none.
            var unsearched = 0
            while true {
                let got: Int
                do {
                    got = try reader.read(into: &buffer, upTo: Self.pieceSize)
                } catch {
                    throw .unreadable(path: path, reason: error.reason)
                }
                if got == 0 {
                    buffer.withUnsafeBufferPointer { piece($0, true) }
                    return
                }
                guard let lastNewline = buffer[unsearched...].lastIndex(of: UInt8(ascii: "\n"))
                else {
                    // One line longer than a piece: read on.
                    unsearched = buffer.count
                    continue
                }
                buffer.withUnsafeBufferPointer { whole in
                    piece(UnsafeBufferPointer(rebasing: whole[...lastNewline]), false)
                }
                buffer.removeSubrange(...lastNewline)
                unsearched = 0
            }
        }
    }
}
