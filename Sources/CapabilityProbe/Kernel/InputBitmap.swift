/// A sysfs input capability bitmap (`capabilities/abs`, `capabilities/sw`, …): hex words,
/// most significant first, each one `unsigned long` (64 bits on the 64-bit machines the
/// recordings come from).
public struct InputBitmap: Sendable, Equatable {
    /// The words, least significant first.
    public var words: [UInt64]

    /// Parses `"3 0 0 1000003"`-style text.
    /// - Parameter text: The attribute value.
    public init(_ text: String) {
        words = text.split(whereSeparator: \.isWhitespace).reversed().map {
            UInt64($0, radix: 16) ?? 0
        }
    }

    /// Whether bit `bit` is set.
    /// - Parameter bit: The code (e.g. `ABS_MT_SLOT` 0x2f, `SW_FRONT_PROXIMITY` 11).
    /// - Returns: `true` when set.
    public func contains(_ bit: Int) -> Bool {
        let word = bit / 64
        guard bit >= 0, word < words.count else { return false }
        return words[word] & (1 << UInt64(bit % 64)) != 0
    }
}
