/// How a row's verdict moves between an old and a new manifest.
public enum MatrixChange: String, Sendable, Hashable, Codable, CaseIterable {
    /// Excluded before, eligible now.
    case gained
    /// Eligible before, excluded now: the update would strand these devices.
    case lost
    /// Eligible before, undecided now, or undecided before and excluded now.
    case mayBeLost = "may-be-lost"
    /// Undecided before and eligible now, or excluded before and undecided now.
    case mayBeGained = "may-be-gained"

    /// The change between two verdicts, or nil when nothing that matters changed.
    /// - Parameters:
    ///   - old: The verdict under the old manifest.
    ///   - new: The verdict under the new manifest.
    /// - Returns: The change.
    public static func between(_ old: RowVerdict, _ new: RowVerdict) -> MatrixChange? {
        switch (old, new) {
        case (.excluded, .eligible): return .gained
        case (.eligible, .excluded): return .lost
        case (.eligible, .undecided), (.undecided, .excluded): return .mayBeLost
        case (.undecided, .eligible), (.excluded, .undecided): return .mayBeGained
        default: return nil
        }
    }
}
