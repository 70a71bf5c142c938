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
        Folded(a).distance(to: Folded(b), cutoff: .max)
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
        Vocabulary(candidates).nearest(word)
    }

    /// Valid words prepared once (lower-cased, measured) for many look-ups: a reader that
    /// suggests for every unknown key of a document keeps one.
    public struct Vocabulary: Sendable {
        /// The words as given, with their folded forms.
        private let words: [(word: String, length: Int, folded: Folded)]

        /// Prepares a list of valid words.
        /// - Parameter candidates: The words; suggestions come back as written here.
        public init(_ candidates: [String]) {
            words = candidates.map { ($0, $0.count, Folded($0)) }
        }

        /// The nearest word, if it is close enough to be a typo: at most a third of the
        /// word's length in edits (at least 2), or `maximum` if that is less; of equally near
        /// words the first in string order.
        /// - Parameters:
        ///   - word: What was typed.
        ///   - maximum: A tighter bound on the edits, if the caller has one.
        /// - Returns: The suggestion.
        public func nearest(_ word: String, within maximum: Int = .max) -> String? {
            let length = word.count
            guard length <= EditDistance.maximumWordLength else { return nil }
            let folded = Folded(word)
            let limit = min(max(2, length / 3), maximum)
            var best: (word: String, distance: Int)?
            for candidate in words where abs(candidate.length - length) <= limit {
                // Only a word as near as the best so far can change the answer.
                let cutoff = best?.distance ?? limit
                let distance = folded.distance(to: candidate.folded, cutoff: cutoff)
                guard distance <= cutoff else { continue }
                if let current = best, distance == current.distance, current.word <= candidate.word
                {
                    continue
                }
                best = (candidate.word, distance)
            }
            return best?.word
        }
    }

    /// A lower-cased word as the distance compares it: its characters, and its bytes when it
    /// is ASCII (all of capcheck's vocabularies are), which compare much faster.
    struct Folded: Sendable {
        let ascii: [UInt8]?
        let characters: [Character]

        init(_ word: String) {
            let lower = word.lowercased()
            ascii = lower.utf8.allSatisfy({ $0 < 0x80 }) ? Array(lower.utf8) : nil
            characters = Array(lower)
        }

        /// The distance to another word, or some number above `cutoff` once it is certain
        /// to exceed it.
        func distance(to other: Folded, cutoff: Int) -> Int {
            if let a = ascii, let b = other.ascii {
                return EditDistance.distance(a, b, cutoff: cutoff)
            }
            return EditDistance.distance(characters, other.characters, cutoff: cutoff)
        }
    }

    /// The optimal string alignment distance of two sequences, row by row; it stops as soon
    /// as two rows in a row lie above `cutoff` (no later row can come back below it) and then
    /// returns `cutoff + 1`.
    static func distance<Element: Equatable>(_ a: [Element], _ b: [Element], cutoff: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows (i - 2, i - 1, i) rather than the whole table: memory is linear.
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, older[j - 2] + 1)
                }
                current[j] = best
                rowMinimum = min(rowMinimum, best)
            }
            // Row i + 1 is at least min(this row's minimum, the previous row's + 1).
            if rowMinimum > cutoff, previousMinimum >= cutoff { return cutoff &+ 1 }
            previousMinimum = rowMinimum
            swap(&older, &previous)
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
