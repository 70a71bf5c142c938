import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// A numeric test on a finding's details: `memory.total >= 3GiB`, `camera.video >= 1280x720@30`.
public struct Predicate: Sendable, Hashable {
    /// The fact tested.
    public var subject: PredicateSubject
    /// The comparison.
    public var comparison: ComparisonOperator
    /// The manifest's value.
    public var value: PredicateValue
    /// The text as written (trimmed).
    public var text: String

    /// Creates a predicate.
    /// - Parameters:
    ///   - subject: The fact tested.
    ///   - comparison: The comparison.
    ///   - value: The value.
    ///   - text: The text to show; defaults to `subject op value`.
    public init(
        subject: PredicateSubject, comparison: ComparisonOperator, value: PredicateValue,
        text: String? = nil
    ) {
        self.subject = subject
        self.comparison = comparison
        self.value = value
        self.text = text ?? "\(subject.rawValue) \(comparison.rawValue) \(value.description)"
    }

    /// The result of testing a predicate against details.
    package struct Outcome: Sendable, Hashable {
        /// Whether it holds; nil when the details lack the fact.
        var holds: Bool?
        /// The measured value in words (`8 GiB`, `best mode 640x480@30`), or why it is unknown.
        var actual: String
    }

    /// Whether the text looks like a predicate (contains a comparison operator).
    /// - Parameter text: A manifest entry.
    /// - Returns: True when an operator character occurs.
    static func looksLikePredicate(_ text: String) -> Bool {
        text.contains(where: { $0 == "<" || $0 == ">" || $0 == "=" })
    }

    /// Parses `subject op value`.
    /// - Parameters:
    ///   - text: The entry.
    ///   - path: The manifest file, for errors.
    ///   - place: The place in the file, for errors.
    /// - Returns: The predicate.
    /// - Throws: ``ManifestError`` naming the predicate and what was expected.
    public static func parse(_ text: String, path: String, place: String?) throws(ManifestError)
        -> Predicate
    {
        let trimmed = text.trimming(.whitespaces)
        func bad(_ reason: String) -> ManifestError {
            .malformed(path: path, place: place, reason: "bad predicate '\(trimmed)': \(reason)")
        }
        guard let start = trimmed.firstIndex(where: { $0 == "<" || $0 == ">" || $0 == "=" }) else {
            throw bad("expected one of >= > <= < ==")
        }
        let tail = trimmed[start...]
        guard
            let comparison = ComparisonOperator.parseOrder.first(where: {
                tail.hasPrefix($0.rawValue)
            })
        else {
            throw bad("expected one of >= > <= < ==")
        }
        let range = start..<trimmed.index(start, offsetBy: comparison.rawValue.count)
        let name = trimmed[..<range.lowerBound].trimming(.whitespaces)
        let rest = trimmed[range.upperBound...].trimming(.whitespaces)
        guard !name.isEmpty else { throw bad("missing the name before \(comparison.rawValue)") }
        guard let subject = PredicateSubject(rawValue: name) else {
            throw .unknownKey(
                path: path, place: place, key: name,
                suggestion: EditDistance.nearest(
                    name, in: PredicateSubject.allCases.map(\.rawValue)))
        }
        guard !rest.isEmpty else { throw bad("missing the value after \(comparison.rawValue)") }
        if rest.contains(where: { $0 == "<" || $0 == ">" || $0 == "=" }) {
            throw bad("expected one comparison")
        }
        let value: PredicateValue
        switch subject.definition.unit {
        case .bytes:
            guard let bytes = PredicateValue.parseBytes(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .bytes(bytes)
        case .videoModes:
            guard let mode = PredicateValue.parseVideoMode(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .videoMode(width: mode.width, height: mode.height, fps: mode.fps)
        case .version:
            guard let version = PredicateValue.parseVersion(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .version(version)
        case .megapixels, .number:
            guard let number = Double(rest), number.isFinite, number >= 0 else {
                throw bad("expected \(subject.example)")
            }
            value = .number(number)
        }
        return Predicate(subject: subject, comparison: comparison, value: value, text: trimmed)
    }

    /// Tests the predicate against a finding's details.
    /// - Parameter details: The finding's details.
    /// - Returns: Whether it holds and the measured value; `holds` is nil when the fact is missing.
    package func evaluate(_ details: [String: JSONValue]) -> Outcome {
        let missing = Outcome(
            holds: nil, actual: "\(subject.capability) has no '\(subject.detailKey)' detail")
        if details[subject.detailKey] == nil, case .version(let wanted) = value,
            let floor = details["versionAtLeast"]?.stringValue.flatMap(PredicateValue.parseVersion)
        {
            return Self.lowerBound(floor, comparison, wanted)
        }
        guard let detail = details[subject.detailKey] else { return missing }
        switch value {
        case .number(let wanted), .bytes(let wanted):
            guard let actual = detail.doubleValue else { return missing }
            let shown: String
            switch subject.definition.unit {
            case .bytes: shown = PredicateValue.formatBytes(actual)
            case .megapixels: shown = CheckedNumber.formatted(actual) + " MP"
            case .number, .videoModes, .version: shown = CheckedNumber.formatted(actual)
            }
            return Outcome(holds: comparison.holds(actual, wanted), actual: shown)
        case .version(let wanted):
            let text =
                detail.stringValue ?? detail.doubleValue.map { CheckedNumber.formatted($0) }
            guard let text, let actual = PredicateValue.parseVersion(text) else { return missing }
            return Outcome(
                holds: comparison.holds(Double(DottedVersion.compare(actual, wanted)), 0),
                actual: "version \(actual.map(String.init).joined(separator: "."))")
        case .videoMode(let width, let height, let fps):
            guard let list = detail.arrayValue else { return missing }
            let modes = list.compactMap { $0.stringValue.flatMap(PredicateValue.parseVideoMode) }
            guard !modes.isEmpty || list.isEmpty else { return missing }
            let wanted = [width, height] + (fps.map { [$0] } ?? [])
            let matches = modes.contains { mode in
                let actual = [mode.width, mode.height] + (fps == nil ? [] : [mode.fps ?? 0])
                return Self.componentwise(actual, comparison, wanted)
            }
            let best = modes.max {
                ($0.width * $0.height, $0.fps ?? 0) < ($1.width * $1.height, $1.fps ?? 0)
            }
            let shown = best.map {
                "best mode \($0.width)x\($0.height)" + ($0.fps.map { "@\($0)" } ?? "")
            }
            return Outcome(holds: matches, actual: shown ?? "no video modes")
        }
    }

    /// A version known only from below (`versionAtLeast`: one GPU decided, another not):
    /// `>=` and `>` hold when the known level already satisfies them; nothing else can be
    /// decided.
    package static func lowerBound(
        _ floor: [Int], _ comparison: ComparisonOperator, _ wanted: [Int]
    )
        -> Outcome
    {
        let shown = "version at least \(floor.map(String.init).joined(separator: "."))"
        let order = DottedVersion.compare(floor, wanted)
        switch comparison {
        case .atLeast where order >= 0, .greater where order > 0:
            return Outcome(holds: true, actual: shown)
        default:
            return Outcome(holds: nil, actual: shown + " (another GPU's level is undecided)")
        }
    }

    /// A mode matches when every component compares as asked (strict ones need one strict part).
    static func componentwise(_ actual: [Int], _ comparison: ComparisonOperator, _ wanted: [Int])
        -> Bool
    {
        let pairs = zip(actual, wanted)
        switch comparison {
        case .equal: return pairs.allSatisfy { $0 == $1 }
        case .atLeast: return pairs.allSatisfy { $0 >= $1 }
        case .atMost: return pairs.allSatisfy { $0 <= $1 }
        case .greater: return pairs.allSatisfy { $0 >= $1 } && pairs.contains { $0 > $1 }
        case .less: return pairs.allSatisfy { $0 <= $1 } && pairs.contains { $0 < $1 }
        }
    }
}

/// A numeric fact a predicate can test, and where it lives in a capability report: one of
/// the core's quantities (``Quantity``), the table matrix value columns read too.
public typealias PredicateSubject = Quantity

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
        let lower = text.lowercased().trimming(.whitespaces)
        for (unit, factor) in units where lower.hasSuffix(unit) {
            let number = lower.dropLast(unit.count).trimming(.whitespaces)
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
    package static func parseVersion(_ text: String) -> [Int]? {
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
        return "\(CheckedNumber.formatted(amount)) \(units[index])"
    }

    /// The value as a person reads it.
    public var description: String {
        switch self {
        case .number(let value): return CheckedNumber.formatted(value)
        case .bytes(let value): return Self.formatBytes(value)
        case .videoMode(let width, let height, let fps):
            return "\(width)x\(height)" + (fps.map { "@\($0)" } ?? "")
        case .version(let parts): return parts.map(String.init).joined(separator: ".")
        }
    }
}

/// A comparison in a numeric predicate.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// At least.
    case atLeast = ">="
    /// More than.
    case greater = ">"
    /// At most.
    case atMost = "<="
    /// Less than.
    case less = "<"
    /// Exactly.
    case equal = "=="

    /// Operators in the order a parser must try them (two-character ones first).
    static let parseOrder: [ComparisonOperator] = [.atLeast, .atMost, .equal, .greater, .less]

    /// Compares two numbers.
    /// - Parameters:
    ///   - actual: The measured value.
    ///   - wanted: The manifest's value.
    /// - Returns: Whether `actual op wanted` holds.
    func holds(_ actual: Double, _ wanted: Double) -> Bool {
        switch self {
        case .atLeast: return actual >= wanted
        case .greater: return actual > wanted
        case .atMost: return actual <= wanted
        case .less: return actual < wanted
        case .equal: return actual == wanted
        }
    }
}
