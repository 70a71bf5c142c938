/// Where a requirement came from.
public enum RequirementSource: String, Codable, Sendable, Hashable, CaseIterable {
    /// Written in an Info.plist.
    case plist
    /// Declared with `<uses-feature>` in an AndroidManifest.xml.
    case android
    /// Written in a native JSON manifest.
    case json
    /// A relation item of an AppStream metainfo or catalog component.
    case appstream
    /// Implied by an Android permission or a declared child feature.
    case implied
    /// A Google Play default that applies to every app.
    case `default`
}
