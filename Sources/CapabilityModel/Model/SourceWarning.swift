/// Something odd in a recorded input that was tolerated rather than rejected: a continuation
/// line, an unknown line kind, a skipped record.
public struct SourceWarning: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the input, when the input has lines.
    public var line: Int?
    /// What was odd and what was done about it, in words.
    public var reason: String

    /// Creates a warning.
    /// - Parameters:
    ///   - line: The 1-based line, if known.
    ///   - reason: What was tolerated.
    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, or the reason alone when no line is known.
    public var description: String {
        line.map { "line \($0): \(reason)" } ?? reason
    }
}

extension SourceWarning {
    /// How many warnings a source keeps; further ones are only counted, so a file of a
    /// million odd lines cannot grow the report without bound.
    public static let keptLimit = 100
}
