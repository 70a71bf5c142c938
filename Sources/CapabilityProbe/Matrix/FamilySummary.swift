/// How many rows of one family a manifest admits.
public struct FamilySummary: Sendable, Hashable, Codable {
    /// The family name.
    public var family: String
    /// Rows in the family.
    public var total: Int
    /// Eligible rows.
    public var eligible: Int
    /// Excluded rows.
    public var excluded: Int
    /// Undecided rows.
    public var undecided: Int

    /// Creates an empty summary.
    /// - Parameter family: The family name.
    public init(family: String) {
        self.family = family
        self.total = 0
        self.eligible = 0
        self.excluded = 0
        self.undecided = 0
    }

    /// Counts one row.
    /// - Parameter verdict: The row's verdict.
    public mutating func add(_ verdict: RowVerdict) {
        total += 1
        switch verdict {
        case .eligible: eligible += 1
        case .excluded: excluded += 1
        case .undecided: undecided += 1
        }
    }

    /// `iPad 2: 2 of 2 eligible` (with excluded/undecided counts when there are any).
    public var sentence: String {
        var text = "\(family): \(eligible) of \(total) eligible"
        var rest: [String] = []
        if excluded > 0 { rest.append("\(excluded) excluded") }
        if undecided > 0 { rest.append("\(undecided) undecided") }
        if !rest.isEmpty { text += " (" + rest.joined(separator: ", ") + ")" }
        return text
    }
}
