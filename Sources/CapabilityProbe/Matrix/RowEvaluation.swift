/// What a manifest check says about one matrix row.
public struct RowEvaluation: Sendable, Hashable, Codable {
    /// Eligible, excluded or undecided.
    public var verdict: RowVerdict
    /// The unsatisfied requirements (the failing keys), sorted by key.
    public var failing: [RowIssue]
    /// The requirements the row's cells cannot decide, sorted by key.
    public var unknown: [RowIssue]

    /// Creates an evaluation; the verdict follows from the issues: any failing key
    /// excludes, else any unknown key leaves the row undecided, else it is eligible.
    /// - Parameters:
    ///   - failing: Unsatisfied requirements.
    ///   - unknown: Undecidable requirements.
    public init(failing: [RowIssue], unknown: [RowIssue]) {
        self.failing = failing.sorted()
        self.unknown = unknown.sorted()
        self.verdict = failing.isEmpty ? (unknown.isEmpty ? .eligible : .undecided) : .excluded
    }
}
