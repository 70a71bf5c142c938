import Foundation

/// The right-hand side of a predicate.
public enum PredicateValue: Sendable, Hashable {
    /// A plain number (megapixels, scale, dpi, points).
    case number(Double)
    /// A size in bytes.
    case bytes(Double)
    /// A video mode; `fps` nil means any frame rate.
    case videoMode(width: Int, height: Int, fps: Int?)
    /// A dotted version (`3.2`, `1.0.3`).
    case version([Int])

    /// Binary and decimal size units, lower-cased.
    static let units: [(String, Double)] = [
        ("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824), ("tib", 1_099_511_627_776),
        ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("tb", 1e12), ("b", 1),
    ]

    /// Parses a size such as `3GiB`, `512 MB` or `1024`.
    static func parseBytes(_ text: String) -> Double? {
        let lower = text.lowercased().trimmingCharacters(in: .whitespaces)
        for (unit, factor) in units where lower.hasSuffix(unit) {
            let number = lower.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
            return value * factor
        }
        guard let value = Double(lower), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// Parses `WxH@fps` or `WxH`.
    static func parseVideoMode(_ text: String) -> (width: Int, height: Int, fps: Int?)? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let size = parts[0].lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = CheckedNumber.dimension(Int(size[0])),
            let height = CheckedNumber.dimension(Int(size[1]))
        else { return nil }
        var fps: Int?
        if parts.count == 2 {
            guard let rate = Double(parts[1]), rate > 0, let rounded = CheckedNumber.int(rate),
                rounded <= CheckedNumber.maximumDimension
            else { return nil }
            fps = rounded
        }
        return (width, height, fps)
    }

    /// Parses a dotted version of one to three numbers.
    static func parseVersion(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part), number >= 0 else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Formats a byte count with a binary unit (`3 GiB`, `7.6 GiB`).
    static func formatBytes(_ value: Double) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var amount = value
        var index = 0
        while amount >= 1024, index < units.count - 1 {
            amount /= 1024
            index += 1
        }
        return "\(formatNumber(amount)) \(units[index])"
    }

    /// Formats a number without a needless `.0`, to at most two decimals.
    static func formatNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The value as a person reads it.
    public var description: String {
        switch self {
        case .number(let value): return Self.formatNumber(value)
        case .bytes(let value): return Self.formatBytes(value)
        case .videoMode(let width, let height, let fps):
            return "\(width)x\(height)" + (fps.map { "@\($0)" } ?? "")
        case .version(let parts): return parts.map(String.init).joined(separator: ".")
        }
    }
}
