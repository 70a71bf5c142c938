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
