/// The three AppStream relation blocks of a component.
public enum AppStreamRelationKind: String, Sendable, Hashable, CaseIterable {
    /// Must hold: unmet → the app cannot run here (exit 1).
    case requires
    /// Should hold: unmet is a warning (exit 0 unless `--strict`).
    case recommends
    /// Works with it when there: listed, never failing.
    case supports

    /// What a requirement from this block wants.
    public var wanted: Wanted {
        switch self {
        case .requires: return .present
        case .recommends: return .recommended
        case .supports: return .optional
        }
    }
}
