/// What an app store filters devices on, as the manifest declares it and before any
/// mapping to capabilities: the App Store's `UIRequiredDeviceCapabilities` keys, and the
/// `<uses-feature>`, `glEsVersion`, `<feature-group>`, screen and SDK declarations Google
/// Play reads. Device catalogs are checked against these, key by key and feature by feature,
/// as the stores do; a machine is checked through ``Manifest/requirements``.
public struct StoreDeclarations: Sendable, Hashable {
    /// One `UIRequiredDeviceCapabilities` key: required (array form, or `true`) or forbidden
    /// (`false` in the dictionary form).
    public struct AppleKey: Sendable, Hashable {
        /// The key as written (`arm64`, `iphone-performance-gaming-tier`).
        public var key: String
        /// True when the device must have it; false when it must not.
        public var required: Bool

        /// A key.
        /// - Parameters:
        ///   - key: The key.
        ///   - required: Required (true) or forbidden (false).
        public init(key: String, required: Bool) {
            self.key = key
            self.required = required
        }
    }

    /// One feature Play filters on: a `<uses-feature android:name>` (with `android:version`),
    /// a parent aapt adds, or a feature aapt implies.
    public struct AndroidFeature: Sendable, Hashable {
        /// The feature name (`android.hardware.camera`).
        public var name: String
        /// The least version the device must declare (`android:version`), if any.
        public var version: Int?
        /// Why it is required when the manifest does not say so itself (aapt's reason), or
        /// nil for a declared feature.
        public var impliedBy: String?

        /// A feature.
        /// - Parameters:
        ///   - name: The name.
        ///   - version: The least version, if any.
        ///   - impliedBy: aapt's reason for an implied feature.
        public init(name: String, version: Int? = nil, impliedBy: String? = nil) {
            self.name = name
            self.version = version
            self.impliedBy = impliedBy
        }
    }

    /// One `<compatible-screens><screen>`: a screen size and density the app lists.
    public struct Screen: Sendable, Hashable {
        /// `small`, `normal`, `large` or `xlarge`.
        public var size: String
        /// The density in dpi (`hdpi` = 240), as written.
        public var density: Int

        /// A screen.
        /// - Parameters:
        ///   - size: The size class.
        ///   - density: The density in dpi.
        public init(size: String, density: Int) {
            self.size = size
            self.density = density
        }
    }

    /// The Info.plist's `UIRequiredDeviceCapabilities`, in document order (nil: not an
    /// Info.plist).
    public var appleKeys: [AppleKey]?
    /// The required features outside any `<feature-group>` (declared, parents, implied).
    public var androidFeatures: [AndroidFeature] = []
    /// The `<feature-group>`s: a device must have every feature of at least one.
    public var androidFeatureGroups: [[AndroidFeature]] = []
    /// The highest `glEsVersion` (`0x00030002` for OpenGL ES 3.2), if any.
    public var glEsVersion: Int?
    /// `minSdkVersion`, if the manifest gives a number (nil: 1, Android's default).
    public var minSdk: Int?
    /// `targetSdkVersion`, if the manifest gives a number.
    public var targetSdk: Int?
    /// `<supports-screens>` size attributes as written (`smallScreens` → false).
    public var supportsScreens: [String: Bool] = [:]
    /// `<compatible-screens>` entries; empty when the element is absent.
    public var compatibleScreens: [Screen] = []
    /// Whether this came from an AndroidManifest.xml.
    public var isAndroid = false

    /// Nothing declared.
    public init() {}
}
