/// What a requirement is checked against.
public enum RequirementTarget: Sendable, Hashable {
    /// One capability id's status.
    case capability(String)
    /// Any of several capability ids (satisfied when one is present).
    case anyOf([String])
    /// A numeric predicate over a finding's details.
    case predicate(Predicate)
    /// A key with no Linux meaning; the reason says why.
    case notApplicable(String)
    /// A name capcheck cannot probe (a vendor's or a newer Android feature): always
    /// `unknown`, never absent; the reason says why.
    case unprobed(String)
    /// An AppStream relation item that is not a plain capability (display length, kernel,
    /// modalias, hardware id, internet, firmware, console, or an item capcheck does not know).
    case relation(RelationItem)

    /// The capability ids this target reads, in order.
    public var capabilityIDs: [String] {
        switch self {
        case .capability(let id): return [id]
        case .anyOf(let ids): return ids
        case .predicate(let predicate): return [predicate.subject.capability]
        case .notApplicable, .unprobed: return []
        case .relation(let item): return item.capabilityIDs
        }
    }

    /// How the target is shown: the id, `a|b`, the predicate text, or nothing.
    public var label: String? {
        switch self {
        case .capability(let id): return id
        case .anyOf(let ids): return ids.joined(separator: "|")
        case .predicate(let predicate): return predicate.text
        case .notApplicable, .unprobed: return nil
        case .relation(let item): return item.label
        }
    }
}
