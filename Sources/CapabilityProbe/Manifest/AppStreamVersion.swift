/// Version ordering as libappstream's `as_vercmp` does it (Debian's rules): an optional
/// `epoch:`, the upstream part and a `-revision` after the last hyphen, each compared by
/// alternating non-digit runs (letters before other characters, `~` before everything, even
/// the end) and digit runs (numerically).
public enum AppStreamVersion {
    /// Compares two versions.
    /// - Parameters:
    ///   - a: The installed version (left side).
    ///   - b: The wanted version.
    /// - Returns: -1, 0 or 1.
    public static func compare(_ a: String, _ b: String) -> Int {
        if a == b { return 0 }
        let left = split(a)
        let right = split(b)
        if left.epoch != right.epoch { return left.epoch < right.epoch ? -1 : 1 }
        let upstream = compareParts(Array(left.upstream.utf8), Array(right.upstream.utf8))
        if upstream != 0 { return upstream }
        return compareParts(Array(left.revision.utf8), Array(right.revision.utf8))
    }

    private static func split(_ text: String) -> (epoch: Int, upstream: String, revision: String) {
        var rest = Substring(text)
        var epoch = 0
        if let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) {
            epoch = number
            rest = rest[rest.index(after: colon)...]
        }
        if let hyphen = rest.lastIndex(of: "-") {
            return (epoch, String(rest[..<hyphen]), String(rest[rest.index(after: hyphen)...]))
        }
        return (epoch, String(rest), "")
    }

    /// The weight of one non-digit character: `~` lowest, end next, letters, then the rest.
    private static func order(_ byte: UInt8?) -> Int {
        guard let byte else { return 0 }
        if byte == UInt8(ascii: "~") { return -1 }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { return Int(byte) }
        return Int(byte) + 256
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func compareParts(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            while (i < a.count && !isDigit(a[i])) || (j < b.count && !isDigit(b[j])) {
                let left = order(i < a.count && !isDigit(a[i]) ? a[i] : nil)
                let right = order(j < b.count && !isDigit(b[j]) ? b[j] : nil)
                if left != right { return left < right ? -1 : 1 }
                if i < a.count, !isDigit(a[i]) { i += 1 }
                if j < b.count, !isDigit(b[j]) { j += 1 }
            }
            while i < a.count, a[i] == UInt8(ascii: "0") { i += 1 }
            while j < b.count, b[j] == UInt8(ascii: "0") { j += 1 }
            var first = 0
            while i < a.count, isDigit(a[i]), j < b.count, isDigit(b[j]) {
                if first == 0, a[i] != b[j] { first = a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
            if i < a.count, isDigit(a[i]) { return 1 }
            if j < b.count, isDigit(b[j]) { return -1 }
            if first != 0 { return first }
        }
        return 0
    }
}
