/// The verdict on one matrix row, with the keys behind it.
public struct MatrixRowResult: Sendable, Hashable, Codable {
    /// The row name.
    public var name: String
    /// The row's family (the `Family` cell, else the row name).
    public var family: String
    /// The line the row came from.
    public var line: Int
    /// Eligible, excluded or undecided.
    public var verdict: RowVerdict
    /// The unsatisfied keys (why the row is excluded).
    public var failing: [RowIssue]
    /// The keys the row's cells cannot decide.
    public var unknown: [RowIssue]

    /// Creates a row result.
    public init(name: String, family: String, line: Int, evaluation: RowEvaluation) {
        self.name = name
        self.family = family
        self.line = line
        self.verdict = evaluation.verdict
        self.failing = evaluation.failing
        self.unknown = evaluation.unknown
    }
}
