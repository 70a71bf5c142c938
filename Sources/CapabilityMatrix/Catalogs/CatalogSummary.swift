/// What a person asks of a filtered device catalog besides the rows: how many devices of
/// each year (Apple) or SDK level (Android) can install the app, and which keys exclude how
/// many devices.
public struct CatalogSummary: Sendable, Hashable, Codable {
    /// How many rows one key excludes (or leaves undecided).
    public struct KeyCount: Sendable, Hashable, Codable {
        /// The manifest key (`iphone-performance-gaming-tier`, `android.hardware.nfc`).
        public var key: String
        /// The rows.
        public var rows: Int
    }

    /// What ``groups`` are by: `year` or `SDK level`.
    public var groupedBy: String
    /// One summary per year or SDK level, in ascending order (`family` is its label).
    public var groups: [FamilySummary]
    /// The keys that exclude rows, most rows first (a row excluded by two keys counts for
    /// both).
    public var excludedBy: [KeyCount]
    /// The keys that leave rows undecided, most rows first.
    public var undecidedBy: [KeyCount]

    /// Summarises rows.
    /// - Parameters:
    ///   - rows: The filtered rows.
    ///   - groupedBy: What the labels are (`year`).
    ///   - labels: Each row's label (`2024`), in the same order as `rows`.
    package init(rows: [MatrixRowResult], groupedBy: String, labels: [String]) {
        self.groupedBy = groupedBy
        var groups: [String: FamilySummary] = [:]
        var excluded: [String: Int] = [:]
        var undecided: [String: Int] = [:]
        for (row, label) in zip(rows, labels) {
            groups[label, default: FamilySummary(family: label)].add(row.verdict)
            for key in Set(row.failing.map(\.key)) { excluded[key, default: 0] += 1 }
            for key in Set(row.unknown.map(\.key)) { undecided[key, default: 0] += 1 }
        }
        self.groups = groups.values.sorted { Self.order($0.family, $1.family) }
        self.excludedBy = Self.counts(excluded)
        self.undecidedBy = Self.counts(undecided)
    }

    /// Numeric labels by number (`SDK 9` before `SDK 10`), others by text.
    static func order(_ lhs: String, _ rhs: String) -> Bool {
        let a = Int(lhs.filter(\.isNumber)) ?? Int.max
        let b = Int(rhs.filter(\.isNumber)) ?? Int.max
        return a != b ? a < b : lhs < rhs
    }

    private static func counts(_ table: [String: Int]) -> [KeyCount] {
        table.map { KeyCount(key: $0.key, rows: $0.value) }.sorted {
            $0.rows != $1.rows ? $0.rows > $1.rows : $0.key < $1.key
        }
    }
}
