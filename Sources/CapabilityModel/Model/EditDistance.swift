/// Levenshtein distance, for "did you mean …?" suggestions.
public enum EditDistance {
    /// The number of single-character edits (insert, delete, substitute, swap two
    /// neighbours) between two strings: the optimal string alignment distance, so the
    /// typo `lsit` is one edit from `list`.
    /// - Parameters:
    ///   - a: One string.
    ///   - b: The other.
    /// - Returns: The distance.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = best
            }
        }
        return rows[a.count][b.count]
    }

    /// The nearest candidate, if it is close enough to be a typo.
    /// - Parameters:
    ///   - word: What was typed.
    ///   - candidates: Valid words.
    /// - Returns: The suggestion.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let lower = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = between(lower, candidate.lowercased())
            if best == nil || distance < (best?.1 ?? .max)
                || (distance == best?.1 && candidate < (best?.0 ?? ""))
            {
                best = (candidate, distance)
            }
        }
        guard let best, best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
