/// What an app store filters devices on, as the manifest declares it and before any
/// mapping to capabilities: the App Store's `UIDeviceFamily`, `MinimumOSVersion` and
/// `UIRequiredDeviceCapabilities` keys, and the SDK range, native code, `<uses-library>`,
/// `<uses-configuration>`, `<supports-gl-texture>`, `<uses-feature>`, `glEsVersion`,
/// `<feature-group>` and screen declarations Google Play reads. Device catalogs are checked against these, key by key and feature by feature,
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

    /// One `<uses-library>`: a shared library the device must (or may) have.
    public struct Library: Sendable, Hashable {
        /// The library name (`com.google.android.maps`).
        public var name: String
        /// `android:required` (true unless it says false).
        public var required: Bool

        /// A library.
        /// - Parameters:
        ///   - name: The name.
        ///   - required: Whether the device must have it.
        public init(name: String, required: Bool) {
            self.name = name
            self.required = required
        }
    }

    /// One `<uses-configuration>`: the input hardware the app needs, as Android's
    /// `ConfigurationInfo` words it (0 or nil = not required).
    public struct Configuration: Sendable, Hashable {
        /// `reqTouchScreen`: 1 notouch, 2 stylus, 3 finger.
        public var touchScreen: Int?
        /// `reqKeyboardType`: 1 nokeys, 2 qwerty, 3 twelvekey.
        public var keyboardType: Int?
        /// `reqHardKeyboard`.
        public var hardKeyboard: Bool
        /// `reqNavigation`: 1 nonav, 2 dpad, 3 trackball, 4 wheel.
        public var navigation: Int?
        /// `reqFiveWayNav`.
        public var fiveWayNav: Bool
        /// The line it was declared on.
        public var line: Int

        /// A configuration.
        /// - Parameters:
        ///   - touchScreen: `reqTouchScreen`.
        ///   - keyboardType: `reqKeyboardType`.
        ///   - hardKeyboard: `reqHardKeyboard`.
        ///   - navigation: `reqNavigation`.
        ///   - fiveWayNav: `reqFiveWayNav`.
        ///   - line: The line.
        public init(
            touchScreen: Int? = nil, keyboardType: Int? = nil, hardKeyboard: Bool = false,
            navigation: Int? = nil, fiveWayNav: Bool = false, line: Int = 0
        ) {
            self.touchScreen = touchScreen
            self.keyboardType = keyboardType
            self.hardKeyboard = hardKeyboard
            self.navigation = navigation
            self.fiveWayNav = fiveWayNav
            self.line = line
        }
    }

    /// The Info.plist's `UIRequiredDeviceCapabilities`, in document order (nil: not an
    /// Info.plist).
    public var appleKeys: [AppleKey]?
    /// `UIDeviceFamily` (1 iPhone and iPod touch, 2 iPad, 3 Apple TV, 4 Apple Watch, 7 Apple
    /// Vision), when the Info.plist gives numbers; nil when it is missing or a build variable.
    public var deviceFamilies: [Int]?
    /// `MinimumOSVersion` as written (`17.0`), when it is a version; nil when it is missing
    /// or a build variable.
    public var minimumOSVersion: String?
    /// Info.plist keys the App Store filters on that hold a build variable instead of a value
    /// (`MinimumOSVersion` → `$(IPHONEOS_DEPLOYMENT_TARGET)`), as written.
    public var appleBuildVariables: [String: String] = [:]
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
    /// `maxSdkVersion`, if the manifest gives a number.
    public var maxSdk: Int?
    /// The ABIs of the native code a built app carries (`lib/<abi>/` of an APK, `base/lib/<abi>/`
    /// of an app bundle), sorted; empty when it has none; nil for a source manifest, which
    /// cannot tell.
    public var nativeABIs: [String]?
    /// `<uses-library>` entries, in document order.
    public var libraries: [Library] = []
    /// `<uses-configuration>` entries, in document order (a device must match one).
    public var configurations: [Configuration] = []
    /// `<supports-gl-texture>` formats (`GL_OES_compressed_ETC1_RGB8_texture`), in document
    /// order: a device must support at least one.
    public var glTextures: [String] = []
    /// Features declared with `android:required="false"`: they filter nothing, but a form
    /// factor's feature (`android.software.leanback`) declared so opts the app in to it.
    public var optionalFeatures: [String] = []
    /// `<supports-screens>` size attributes as written (`smallScreens` → false).
    public var supportsScreens: [String: Bool] = [:]
    /// `<compatible-screens>` entries; empty when the element is absent.
    public var compatibleScreens: [Screen] = []
    /// Whether this came from an AndroidManifest.xml.
    public var isAndroid = false

    /// Nothing declared.
    public init() {}

    /// A `UIDeviceFamily` number in words (`iPhone` for 1).
    /// - Parameter family: The number.
    /// - Returns: Its name.
    public static func deviceFamilyName(_ family: Int) -> String {
        switch family {
        case 1: return "iPhone"
        case 2: return "iPad"
        case 3: return "Apple TV"
        case 4: return "Apple Watch"
        case 7: return "Apple Vision"
        default: return "unknown family"
        }
    }

    /// `1 (iPhone), 2 (iPad)`.
    /// - Parameter families: The numbers.
    /// - Returns: Each with its name.
    public static func deviceFamilyWords(_ families: [Int]) -> String {
        families.map { "\($0) (\(deviceFamilyName($0)))" }.joined(separator: ", ")
    }
}
