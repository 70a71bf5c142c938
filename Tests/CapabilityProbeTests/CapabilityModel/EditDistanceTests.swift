import Testing

@testable import CapabilityManifest
@testable import CapabilityModel
@testable import CapabilityRendering

/// "Did you mean" suggestions: the bounded distance gives the answer of the full table, and
/// the byte scan for deceptive characters agrees with their definition.
@Suite struct EditDistanceTests {
    /// The full optimal string alignment table, written out in full as the reference.
    static func reference(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The suggestion as defined: the nearest word within a third of the length (at least 2),
    /// ties to the first in string order.
    static func referenceNearest(_ word: String, in candidates: [String]) -> String? {
        let limit = max(2, word.count / 3)
        let scored = candidates.map {
            ($0, reference(Array(word.lowercased()), Array($0.lowercased())))
        }
        .filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }?.0
    }

    /// Typos of real vocabulary words: each edit kind, repeated, and words no edit makes.
    static func typos(of words: [String]) -> [String] {
        var generator = SplitMix(seed: 24)
        var typos: [String] = [
            "", "x", "gps", "com.example.scanner", "ANDROID.HARDWARE.NFC", "câmera", "ｇｐｓ",
        ]
        for word in words {
            var characters = Array(word)
            for _ in 0..<Int(generator.next() % 4) + 1 {
                let at = Int(generator.next() % UInt64(max(1, characters.count)))
                switch generator.next() % 4 {
                case 0 where !characters.isEmpty: characters.remove(at: at)
                case 1: characters.insert("q", at: min(at, characters.count))
                case 2 where !characters.isEmpty: characters[at] = "é"
                default:
                    if at + 1 < characters.count { characters.swapAt(at, at + 1) }
                }
            }
            typos.append(String(characters))
        }
        return typos
    }

    @Test func boundedSuggestionsEqualTheFullTableOnTyposOfRealFeatures() {
        let android = KeyCatalog.android.keys.sorted()
        let vocabulary = EditDistance.Vocabulary(android)
        for typo in Self.typos(of: android) {
            #expect(vocabulary.nearest(typo) == Self.referenceNearest(typo, in: android), "\(typo)")
        }
        // Candidates in no particular order: the tie still goes to the first in string order.
        let shuffled = ["lint", "list", "lisp", "lost"].reversed().map { $0 }
        #expect(EditDistance.nearest("lsit", in: shuffled) == "list")
        #expect(EditDistance.nearest("lixt", in: shuffled) == "lint")
    }

    @Test func cutoffDistanceIsExactUpToTheCutoffAndAboveItBeyond() {
        let words = [
            "", "a", "ab", "ba", "kitten", "sitting", "android.hardware.camera", "camera.autofocus",
            "ça",
        ]
        for a in words {
            for b in words {
                let exact = Self.reference(Array(a), Array(b))
                #expect(EditDistance.between(a, b) == exact, "\(a) \(b)")
                for cutoff in 0...6 {
                    let bounded = EditDistance.Folded(a).distance(
                        to: EditDistance.Folded(b), cutoff: cutoff)
                    if exact <= cutoff {
                        #expect(bounded == exact, "\(a) \(b) \(cutoff)")
                    } else {
                        #expect(bounded > cutoff, "\(a) \(b) \(cutoff)")
                    }
                }
            }
        }
    }

    @Test func deceptiveByteScanAgreesWithTheCharacterDefinitionForEveryScalar() {
        var found: [UInt32] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let scanned = TerminalText.containsDeceptive(text)
            if scanned != TerminalText.isDeceptive(scalar) { found.append(value) }
            // At the very end of the text too, where the scan cannot look ahead.
            if TerminalText.containsDeceptive(String(Character(scalar)))
                != TerminalText.isDeceptive(scalar)
            {
                found.append(value)
            }
        }
        #expect(found.isEmpty, "disagree at \(found.prefix(8).map { String($0, radix: 16) })")
    }
}

/// A small deterministic generator (SplitMix64), so the typos are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
