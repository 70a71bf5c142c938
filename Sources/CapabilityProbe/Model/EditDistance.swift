/// Levenshtein distance, for "did you mean …?" suggestions.
public enum EditDistance {
    /// The number of single-character edits between two strings.
    /// - Parameters:
    ///   - a: One string.
    ///   - b: The other.
    /// - Returns: The distance.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
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
            if best == nil || distance < (best?.1 ?? .max) || (distance == best?.1 && candidate < (best?.0 ?? "")) {
                best = (candidate, distance)
            }
        }
        guard let best, best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
