/// What a requirement wants of its capability or predicate.
public enum Wanted: String, Codable, Sendable, Hashable, CaseIterable {
    /// Must be present (or the predicate must hold).
    case present
    /// Must be absent (or the predicate must not hold): Apple's dictionary `false`, `forbid`.
    case absent
    /// Reported, never failing: Android `required="false"`, native `optional`.
    case optional
    /// Should be present: unmet is a warning that fails only with `--strict` (AppStream
    /// `<recommends>`).
    case recommended
}
