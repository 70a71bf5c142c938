/// A dotted OS version as Info.plist and Apple's release notes write it (`17.0`, `15.8.3`):
/// compared part by part, a missing part counting as zero (`15.8` = `15.8.0` < `15.8.3`).
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numbers, as written (`[15, 8, 3]`).
    public var parts: [Int]

    /// Reads a version: one to four dot-separated numbers of at most four digits.
    /// - Parameter text: The text (`17.0`).
    public init?(_ text: some StringProtocol) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count) else { return nil }
        var parts: [Int] = []
        for piece in pieces {
            guard (1...4).contains(piece.count), piece.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(piece)
            else { return nil }
            parts.append(number)
        }
        self.parts = parts
    }

    /// A version from its numbers.
    /// - Parameter parts: The numbers.
    public init(parts: [Int]) {
        self.parts = parts
    }

    /// The major version (`17`).
    public var major: Int { parts.first ?? 0 }

    /// The version as written.
    public var description: String { parts.map(String.init).joined(separator: ".") }

    /// Part by part, missing parts as zero.
    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        for index in 0..<max(lhs.parts.count, rhs.parts.count) {
            let a = index < lhs.parts.count ? lhs.parts[index] : 0
            let b = index < rhs.parts.count ? rhs.parts[index] : 0
            if a != b { return a < b }
        }
        return false
    }

    /// Equal part by part, missing parts as zero (`17` = `17.0`).
    public static func == (lhs: OSVersion, rhs: OSVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    /// Hashes the version without its trailing zeros, as equality ignores them.
    public func hash(into hasher: inout Hasher) {
        var trimmed = parts
        while trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }
}
