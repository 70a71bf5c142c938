import FoundationEssentials
import CapabilityModel

/// How manifests are read.
public struct ManifestLoadOptions: Sendable, Hashable {
    /// Turn unknown keys into not-applicable requirements with a note instead of an error.
    public var allowUnknown: Bool
    /// Add Android's implied and default requirements.
    public var implied: Bool
    /// How messages name these options when they point at one (the CLI passes its flags).
    public var names: OptionNames

    /// Creates options.
    /// - Parameters:
    ///   - allowUnknown: Unknown keys become not-applicable instead of an error.
    ///   - implied: Add Android's implied and default requirements.
    ///   - names: How messages name the options.
    public init(allowUnknown: Bool = false, implied: Bool = true, names: OptionNames = .swift) {
        self.allowUnknown = allowUnknown
        self.implied = implied
        self.names = names
    }

    /// Resolves a catalog lookup: the entry, or an unknown-key error or not-applicable entry.
    /// - Parameter suggesting: Whether to look for "did you mean" (off past the first
    ///   ``KeyCatalog/suggestedKeys`` keys of a document, which may list thousands).
    package func resolve(
        _ entry: CatalogEntry?, key: String, kind: ManifestKind, path: String, place: String?,
        suggesting: Bool = true
    ) throws(ManifestError) -> CatalogEntry {
        if let entry { return entry }
        let suggestion = suggesting ? KeyCatalog.suggestion(for: key, kind: kind) : nil
        guard allowUnknown else {
            throw .unknownKey(path: path, place: place, key: key, suggestion: suggestion)
        }
        let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
        return CatalogEntry(
            .notApplicable("unknown key, accepted by \(names.allowUnknown)\(hint)"))
    }
}
