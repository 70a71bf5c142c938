import CapabilityModel

/// A parsed manifest: its requirements in document order, and notes that are not requirements.
public struct Manifest: Sendable, Hashable {
    /// The file the manifest was read from, as given.
    public var path: String
    /// The format it was read as.
    public var kind: ManifestKind
    /// The requirements, in document order (dictionary forms sorted by key).
    public var requirements: [Requirement]
    /// Facts worth showing that filter nothing (e.g. `UIBackgroundModes`).
    public var notes: [String]
    /// Tolerated defects and likely mistakes, each naming its place (`lint` shows them).
    public var warnings: [String]
    /// What an app store filters on, as declared (Info.plist and AndroidManifest.xml).
    public var store = StoreDeclarations()

    /// Creates a manifest.
    /// - Parameters:
    ///   - path: The file name.
    ///   - kind: The format.
    ///   - requirements: The requirements.
    ///   - notes: Notes that are not requirements.
    ///   - warnings: Tolerated defects and likely mistakes.
    public init(
        path: String, kind: ManifestKind, requirements: [Requirement], notes: [String] = [],
        warnings: [String] = []
    ) {
        self.path = path
        self.kind = kind
        self.requirements = requirements
        self.notes = notes
        self.warnings = warnings
    }
}

/// One line of a manifest, resolved to what capcheck can check.
public struct Requirement: Sendable, Hashable {
    /// The key as written (`gps`, `android.hardware.camera`, `memory.total >= 3GiB`).
    public var key: String
    /// Where the requirement came from.
    public var source: RequirementSource
    /// The capability, alternatives, predicate, or the not-applicable reason.
    public var target: RequirementTarget
    /// Present, absent or optional.
    public var wanted: Wanted
    /// Why it exists or how to read it (implied-by reasons, runtime-flag notes), if anything.
    public var note: String?

    /// Creates a requirement.
    /// - Parameters:
    ///   - key: The key as written.
    ///   - source: Where it came from.
    ///   - target: What it is checked against.
    ///   - wanted: Present, absent or optional.
    ///   - note: Why it exists, if worth saying.
    public init(
        key: String, source: RequirementSource, target: RequirementTarget, wanted: Wanted,
        note: String? = nil
    ) {
        self.key = key
        self.source = source
        self.target = target
        self.wanted = wanted
        self.note = note
    }

    /// The reason this key has no Linux meaning, if it has none.
    public var notApplicableReason: String? {
        if case .notApplicable(let reason) = target { return reason }
        return nil
    }
}

/// Where a requirement came from.
public enum RequirementSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// Written in an Info.plist.
    case plist
    /// Declared with `<uses-feature>` in an AndroidManifest.xml (or a parent feature aapt
    /// adds for a required child, which it lists as declared too).
    case android
    /// Written in a native JSON manifest.
    case json
    /// A relation item of an AppStream metainfo or catalog component.
    case appstream
    /// Implied by an Android permission or an activity's fixed orientation (aapt's
    /// `uses-implied-feature`).
    case implied
    /// aapt's default for every app that does not declare the touchscreen (`faketouch`).
    case `default`
}

/// What a requirement is checked against.
public enum RequirementTarget: Sendable, Hashable {
    /// One capability id's status.
    case capability(CapabilityID)
    /// Any of several capability ids (satisfied when one is present).
    case anyOf([CapabilityID])
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
    /// Android `<feature-group>`s: met when every requirement of at least one group holds
    /// (Play's rule), unmet when every group lacks one; the members are the groups' features.
    case anyGroup([[Requirement]])

    /// The capability ids this target reads, in order.
    public var capabilityIDs: [CapabilityID] {
        switch self {
        case .capability(let id): return [id]
        case .anyOf(let ids): return ids
        case .predicate(let predicate): return [predicate.subject.capability]
        case .notApplicable, .unprobed: return []
        case .relation(let item): return item.capabilityIDs
        case .anyGroup(let groups): return groups.flatMap { $0.flatMap(\.target.capabilityIDs) }
        }
    }

    /// How the target is shown: the id, `a|b`, the predicate text, or nothing.
    public var label: String? {
        switch self {
        case .capability(let id): return id.rawValue
        case .anyOf(let ids): return ids.map(\.rawValue).joined(separator: "|")
        case .predicate(let predicate): return predicate.text
        case .notApplicable, .unprobed: return nil
        case .relation(let item): return item.label
        case .anyGroup(let groups):
            return groups.map { "(" + $0.map(\.key).joined(separator: " + ") + ")" }
                .joined(separator: " | ")
        }
    }
}

/// What a requirement wants of its capability or predicate.
public enum Wanted: String, Codable, Sendable, Hashable, CaseIterable {
    /// Must be present (or the predicate must hold).
    case present
    /// Must be absent (or the predicate must not hold): Apple's dictionary `false`, `forbid`.
    case absent
    /// Reported, never failing: Android `required="false"`, native `optional`.
    case optional
    /// Should be present: unmet is a warning that fails only when strict (AppStream
    /// `<recommends>`).
    case recommended
}
