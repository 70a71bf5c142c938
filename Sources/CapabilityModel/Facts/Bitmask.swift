import FoundationEssentials

/// A kernel bitmap as sysfs and uevents print it: hex words, most significant first.
///
/// Input devices publish `capabilities/ev`, `capabilities/key`, … (and the `EV=`, `KEY=`
/// uevent properties) as space-separated `unsigned long` words in hex. The word size is the
/// kernel's `long`: 64 bits on 64-bit kernels, 32 bits on 32-bit ones.
package struct Bitmask: Sendable, Hashable {
    /// The words, least significant first.
    private let words: [UInt64]
    /// Bits per word.
    private let wordBits: Int

    /// Parses a bitmap.
    /// - Parameters:
    ///   - text: The hex words, most significant first (`"10000 0 0"`).
    ///   - wordBits: 64 or 32.
    /// - Returns: `nil` when a word is not hexadecimal.
    init?(_ text: String, wordBits: Int = 64) {
        var parsed: [UInt64] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            guard let value = UInt64(word, radix: 16) else { return nil }
            parsed.append(value)
        }
        self.words = parsed.reversed()
        self.wordBits = wordBits
    }

    /// Whether a bit is set.
    /// - Parameter bit: The bit number (e.g. `BTN_TOUCH` = 0x14a).
    /// - Returns: `true` when set.
    package func contains(_ bit: Int) -> Bool {
        guard bit >= 0 else { return false }
        let index = bit / wordBits
        guard index < words.count else { return false }
        return words[index] >> UInt64(bit % wordBits) & 1 == 1
    }

    /// Whether any bit in a range is set.
    /// - Parameter range: The bit numbers.
    /// - Returns: `true` when one is set.
    package func containsAny(_ range: ClosedRange<Int>) -> Bool {
        range.contains { contains($0) }
    }

    /// The kernel `long` size for an architecture name (`uname -m`); 64 when unknown.
    /// - Parameter arch: The architecture, if known.
    /// - Returns: 32 or 64.
    package static func wordBits(arch: String?) -> Int {
        guard let arch else { return 64 }
        if arch.hasPrefix("armv") || arch.hasPrefix("i") && arch.hasSuffix("86") || arch == "arm" {
            return 32
        }
        return 64
    }
}

extension Device {
    /// A kernel bitmap from an attribute (`capabilities/ev`) or its uevent property (`EV`).
    /// - Parameters:
    ///   - attribute: The sysfs attribute.
    ///   - property: The uevent property.
    ///   - wordBits: The kernel `long` size.
    /// - Returns: The bitmap, if recorded and well formed.
    package func bitmask(attribute: String, property: String, wordBits: Int) -> Bitmask? {
        value(attribute: attribute, property: property).flatMap { Bitmask($0, wordBits: wordBits) }
    }
}
