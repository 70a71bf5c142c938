/// The manifest formats `capcheck verify` reads.
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
