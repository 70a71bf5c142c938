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
        // Three rows (i - 2, i - 1, i) rather than the whole table: memory is linear.
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, older[j - 2] + 1)
                }
                current[j] = best
            }
            swap(&older, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// The longest word a suggestion is looked for (option names, keys and features are far
    /// shorter): a longer word is no typo, and comparing it costs its length times each
    /// candidate's.
    public static let maximumWordLength = 128

    /// The nearest candidate, if it is close enough to be a typo. A word longer than
    /// ``maximumWordLength`` gets none, and a candidate whose length alone is too far from
    /// the word's is not compared.
    /// - Parameters:
    ///   - word: What was typed.
    ///   - candidates: Valid words.
    /// - Returns: The suggestion.
    public static func nearest(_ word: String, in candidates: [String]) -> String? {
        let length = word.count
        guard length <= maximumWordLength else { return nil }
        let lower = word.lowercased()
        let limit = max(2, length / 3)
        var best: (String, Int)?
        for candidate in candidates where abs(candidate.count - length) <= limit {
            let distance = between(lower, candidate.lowercased())
            if best == nil || distance < (best?.1 ?? .max)
                || (distance == best?.1 && candidate < (best?.0 ?? ""))
            {
                best = (candidate, distance)
            }
        }
        guard let best, best.1 <= limit else { return nil }
        return best.0
    }
}
