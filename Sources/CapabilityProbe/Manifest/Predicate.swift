import Foundation

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
    public struct Outcome: Sendable, Hashable {
        /// Whether it holds; nil when the details lack the fact.
        public var holds: Bool?
        /// The measured value in words (`8 GiB`, `best mode 640x480@30`), or why it is unknown.
        public var actual: String
    }

    /// Whether the text looks like a predicate (contains a comparison operator).
    /// - Parameter text: A manifest entry.
    /// - Returns: True when an operator character occurs.
    public static func looksLikePredicate(_ text: String) -> Bool {
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
        let trimmed = text.trimmingCharacters(in: .whitespaces)
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
        let name = trimmed[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        let rest = trimmed[range.upperBound...].trimmingCharacters(in: .whitespaces)
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
        switch subject {
        case .memoryTotal:
            guard let bytes = PredicateValue.parseBytes(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .bytes(bytes)
        case .cameraVideo:
            guard let mode = PredicateValue.parseVideoMode(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .videoMode(width: mode.width, height: mode.height, fps: mode.fps)
        case .glesVersion, .vulkanVersion:
            guard let version = PredicateValue.parseVersion(rest) else {
                throw bad("expected \(subject.example)")
            }
            value = .version(version)
        case .cameraMegapixels, .displayScale, .displayDPI, .touchscreenPoints:
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
    public func evaluate(_ details: [String: JSONValue]) -> Outcome {
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
            switch subject {
            case .memoryTotal: shown = PredicateValue.formatBytes(actual)
            case .cameraMegapixels: shown = PredicateValue.formatNumber(actual) + " MP"
            default: shown = PredicateValue.formatNumber(actual)
            }
            return Outcome(holds: comparison.holds(actual, wanted), actual: shown)
        case .version(let wanted):
            let text =
                detail.stringValue ?? detail.doubleValue.map { PredicateValue.formatNumber($0) }
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
    static func lowerBound(_ floor: [Int], _ comparison: ComparisonOperator, _ wanted: [Int])
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
