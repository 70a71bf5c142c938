/// The manifest formats `capcheck verify` reads; each has one ``ManifestFormat`` in
/// ``ManifestFormats/all``.
public enum ManifestKind: String, Codable, Sendable, Hashable, CaseIterable {
    /// An Apple Info.plist (XML or binary), or a plist whose root is the capabilities list.
    case plist
    /// An AndroidManifest.xml.
    case android
    /// capcheck's native, versioned JSON manifest.
    case json
    /// An AppStream metainfo file (`<component>`) or catalog (`<components>`, also gzip).
    case appstream
}

/// The registry of manifest formats: a new format is its reader's file, which declares its
/// ``ManifestFormat``, plus one ``ManifestKind`` case and one line below.
package enum ManifestFormats {
    /// Every format, in the order detection tries them and messages list them.
    package static let all: [any ManifestFormat] = [
        PlistManifestFormat(),
        AndroidManifestFormat(),
        AppStreamManifestFormat(),
        JSONManifestFormat(),
    ]

    /// The format that reads a kind.
    /// - Parameter kind: The kind.
    /// - Returns: Its format (every kind has one; ManifestFormatsTests checks it).
    package static func format(of kind: ManifestKind) -> (any ManifestFormat)? {
        all.first { $0.kind == kind }
    }

    /// Words listed as prose: `a`, `a or b`, `a, b or c`.
    /// - Parameter words: The words.
    /// - Returns: The list.
    package static func listed(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}

extension ManifestKind {
    /// A manifest of this kind in words (`an Info.plist`), as its format names it.
    public var noun: String { ManifestFormats.format(of: self)?.noun ?? rawValue }

    /// Every kind's word as prose (`plist, android, json or appstream`), in case order.
    public static var listed: String { ManifestFormats.listed(allCases.map(\.rawValue)) }

    /// Every kind's word as a usage line's choice (`plist|android|json|appstream`).
    public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
