/// Why bytes are not a usable EDID.
public enum EDIDError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 128 bytes.
    case tooShort(count: Int)
    /// The base block does not start with `00 FF FF FF FF FF FF 00`.
    case badHeader
    /// Hex text could not be read (place and reason).
    case badHex(String)

    /// A one-line description.
    public var description: String {
        switch self {
        case .tooShort(let count): return "edid: \(count) bytes, need at least 128"
        case .badHeader: return "edid: block 0: header is not 00 ff ff ff ff ff ff 00"
        case .badHex(let reason): return "edid hex: \(reason)"
        }
    }
}
