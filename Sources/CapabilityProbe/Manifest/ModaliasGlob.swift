/// Shell-style glob matching for modalias patterns (`usb:v1130p0202d*`): `*` any run, `?` one
/// character, `[…]` a set (with ranges and a leading `!` or `^`); a backslash is an ordinary
/// character (fnmatch with FNM_NOESCAPE, as libappstream calls it).
public enum ModaliasGlob {
    /// Whether the text matches the pattern.
    /// - Parameters:
    ///   - pattern: The glob.
    ///   - text: A device's modalias.
    /// - Returns: True on a full match.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        let t = Array(text.unicodeScalars)
        var pi = 0
        var ti = 0
        var star: Int?
        var resume = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" {
                star = pi
                pi += 1
                resume = ti
                continue
            }
            if pi < p.count, let next = step(p, pi, t[ti]) {
                pi = next
                ti += 1
                continue
            }
            guard let starAt = star else { return false }
            pi = starAt + 1
            resume += 1
            ti = resume
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// Matches one pattern element at `index` against a character; the next pattern index.
    private static func step(_ p: [Unicode.Scalar], _ index: Int, _ c: Unicode.Scalar) -> Int? {
        switch p[index] {
        case "?": return index + 1
        case "[":
            var i = index + 1
            var negate = false
            if i < p.count, p[i] == "!" || p[i] == "^" {
                negate = true
                i += 1
            }
            var matched = false
            var first = true
            while i < p.count, p[i] != "]" || first {
                first = false
                if i + 2 < p.count, p[i + 1] == "-", p[i + 2] != "]" {
                    if p[i] <= c && c <= p[i + 2] { matched = true }
                    i += 3
                } else {
                    if p[i] == c { matched = true }
                    i += 1
                }
            }
            guard i < p.count else { return p[index] == c ? index + 1 : nil }
            return matched != negate ? i + 1 : nil
        default:
            return p[index] == c ? index + 1 : nil
        }
    }
}
