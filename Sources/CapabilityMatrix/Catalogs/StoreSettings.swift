import CapabilityManifest

/// What a person states about an app where its manifest is silent or cannot say: the App
/// Store's device family and minimum OS for a source Info.plist that holds build variables,
/// and the App Store Connect setting that offers an iPhone or iPad app on Apple Vision Pro.
public struct StoreSettings: Sendable, Hashable {
    /// `UIDeviceFamily` as stated (1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch, 7 Apple
    /// Vision); it replaces the manifest's.
    public var deviceFamilies: [Int]?
    /// `MinimumOSVersion` as stated; it replaces the manifest's.
    public var minimumOS: OSVersion?
    /// Whether the iPhone or iPad app is offered on Apple Vision Pro (App Store Connect);
    /// nil: not stated, so Vision Pro rows are undecided.
    public var visionPro: Bool?
    /// How notes name the options that state these (the CLI passes its flags).
    public var names: Names

    /// How notes name the settings.
    public struct Names: Sendable, Hashable {
        /// The device-family setting.
        public var deviceFamily: String
        /// The minimum-OS setting.
        public var minimumOS: String
        /// The Vision Pro setting.
        public var visionPro: String

        /// Names.
        /// - Parameters:
        ///   - deviceFamily: The device-family setting.
        ///   - minimumOS: The minimum-OS setting.
        ///   - visionPro: The Vision Pro setting.
        public init(deviceFamily: String, minimumOS: String, visionPro: String) {
            self.deviceFamily = deviceFamily
            self.minimumOS = minimumOS
            self.visionPro = visionPro
        }

        /// The Swift names (`deviceFamilies`, `minimumOS`, `visionPro`).
        public static let swift = Names(
            deviceFamily: "deviceFamilies", minimumOS: "minimumOS", visionPro: "visionPro")
    }

    /// Settings.
    /// - Parameters:
    ///   - deviceFamilies: `UIDeviceFamily` as stated.
    ///   - minimumOS: `MinimumOSVersion` as stated.
    ///   - visionPro: Whether the app is offered on Apple Vision Pro.
    ///   - names: How notes name the settings.
    public init(
        deviceFamilies: [Int]? = nil, minimumOS: OSVersion? = nil, visionPro: Bool? = nil,
        names: Names = .swift
    ) {
        self.deviceFamilies = deviceFamilies
        self.minimumOS = minimumOS
        self.visionPro = visionPro
        self.names = names
    }

    /// The device family numbers a word or number names (`iphone` = 1, `ipad` = 2, `tv` = 3,
    /// `watch` = 4, `vision` = 7).
    /// - Parameter word: The word or number.
    /// - Returns: The number, or nil for neither.
    public static func deviceFamily(_ word: String) -> Int? {
        switch word.lowercased() {
        case "1", "iphone", "ipod": return 1
        case "2", "ipad": return 2
        case "3", "tv", "appletv", "apple-tv": return 3
        case "4", "watch": return 4
        case "7", "vision", "visionpro", "vision-pro": return 7
        default: return nil
        }
    }
}
