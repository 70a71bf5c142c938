/// Dotted version numbers (`3.2`, `1.3.0`) as lists of parts, compared part by part.
package enum DottedVersion {
    /// -1, 0 or 1 comparing dotted versions, missing parts counting as 0 (`3.2` = `3.2.0`).
    package static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}
