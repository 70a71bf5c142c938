/// One device model as Google Play's filters see it, whichever catalog it came from: a
/// built-in row (a LineageOS device tree) or a row of Play Console's device-catalog export.
/// A fact the source does not hold is nil, and a filter that needs it leaves the row
/// undecided with the fact named.
public struct PlayDevice: Sendable, Hashable {
    /// The form factors Play offers apps on by their own rules.
    public enum FormFactor: String, Sendable, Hashable, Codable, CaseIterable {
        /// A phone (Play's default rules).
        case phone
        /// A tablet (the phone rules).
        case tablet
        /// Android TV or Google TV: only apps that declare `android.software.leanback`.
        case tv
        /// Wear OS: only apps that declare `android.hardware.type.watch`.
        case watch
        /// Android Automotive OS: only apps that declare `android.hardware.type.automotive`.
        case car
        /// A Chromebook (the phone rules).
        case chromebook
        /// The source does not say.
        case unknown

        /// The feature an app must declare (required or not) to be offered on this form
        /// factor, or nil for the phone rules.
        public var optInFeature: String? {
            switch self {
            case .tv: return "android.software.leanback"
            case .watch: return "android.hardware.type.watch"
            case .car: return "android.hardware.type.automotive"
            case .phone, .tablet, .chromebook, .unknown: return nil
            }
        }

        /// The form factor a Play Console export or a catalog row names (`Phone`, `TV`,
        /// `Wearable`, `Android Automotive`, `tv`, `watch`).
        /// - Parameter text: The cell.
        public init(text: String) {
            // The export's own spellings first, without a lowercased copy per row.
            switch text {
            case "Phone": self = .phone
            case "Tablet": self = .tablet
            case "TV": self = .tv
            case "Wearable": self = .watch
            case "Android Automotive": self = .car
            case "Chromebook": self = .chromebook
            default: self.init(lowercased: text.lowercased())
            }
        }

        private init(lowercased text: String) {
            switch text {
            case "phone": self = .phone
            case "tablet": self = .tablet
            case "tv", "google tv", "android tv": self = .tv
            case "wearable", "watch", "wear os": self = .watch
            case "android automotive", "car", "automotive": self = .car
            case "chromebook": self = .chromebook
            default: self = .unknown
            }
        }
    }

    /// One screen a model ships with: its size class and density.
    public struct Screen: Sendable, Hashable {
        /// `small`, `normal`, `large` or `xlarge`.
        public var size: String
        /// The density in dpi.
        public var density: Int

        /// A screen.
        /// - Parameters:
        ///   - size: `small`, `normal`, `large` or `xlarge`.
        ///   - density: The density in dpi.
        public init(size: String, density: Int) {
            self.size = size
            self.density = density
        }
    }

    /// The name a row shows (`Google Pixel 4 XL (coral)`).
    public var name: String
    /// The brand (`google`), if known.
    public var brand: String?
    /// The device codename (`Build.DEVICE`: `coral`), if known.
    public var device: String?
    /// The manufacturer (`Google`), if known.
    public var manufacturer: String?
    /// The model name (`Pixel 4 XL`), if known.
    public var model: String?
    /// The form factor.
    public var formFactor: FormFactor
    /// The SDK levels the model runs (its variants' levels), ascending.
    public var sdkLevels: [Int]
    /// The ABIs, if known.
    public var abis: [String]?
    /// The highest OpenGL ES version (`0x00030002`), if known.
    public var glEsVersion: Int?
    /// The screens (size class and density), if known.
    public var screens: [Screen]?
    /// The system features with their versions, if known (a Play export has none).
    public var features: [String: Int]?
    /// Where ``features`` came from when the source itself lacks them (the built-in row it
    /// was matched to).
    public var featureSource: String?
    /// The shared libraries the device declares beyond the platform's own, if known.
    public var libraries: Set<String>?
    /// RAM as the source gives it (`3618-7825MB`), kept as written.
    public var ram: String?
    /// How complete the source's facts are (a built-in row's confidence), if it says.
    public var confidence: String?
    /// The line of the row in its source.
    public var line: Int
    /// Whether the facts were read from the device itself (a capture of `getprop`, `pm list
    /// features`, `pm list libraries`), so a library it does not list is missing rather than
    /// unknown.
    public var observed = false

    /// Android's screen size class (`small`, `normal`, `large`, `xlarge`: at least
    /// 426×320, 470×320, 640×480, 960×720 dp), from the pixels and the density.
    /// - Parameters:
    ///   - width: Pixels on one side.
    ///   - height: Pixels on the other.
    ///   - density: The density in dpi.
    /// - Returns: The class, or nil without a density.
    public static func sizeClass(width: Int, height: Int, density: Int) -> String? {
        guard density > 0 else { return nil }
        let long = Double(max(width, height)) * 160 / Double(density)
        let short = Double(min(width, height)) * 160 / Double(density)
        if long >= 960, short >= 720 { return "xlarge" }
        if long >= 640, short >= 480 { return "large" }
        if long >= 470, short >= 320 { return "normal" }
        return "small"
    }
}

extension PlayDevice {
    /// A device read from the device itself (``observed``): every list it gives is complete.
    /// - Parameters:
    ///   - name: The name a row shows.
    ///   - brand: The brand (`google`).
    ///   - device: The codename (`panther`).
    ///   - manufacturer: The manufacturer (`Google`).
    ///   - model: The model name (`Pixel 7`).
    ///   - formFactor: The form factor.
    ///   - sdk: The SDK level it runs, if known.
    ///   - abis: The ABIs, if known.
    ///   - glEsVersion: The OpenGL ES version, if known.
    ///   - screens: The screen, if known.
    ///   - features: The system features with their versions, if known.
    ///   - libraries: The shared libraries, if known.
    public init(
        observedName name: String, brand: String?, device: String?, manufacturer: String?,
        model: String?, formFactor: FormFactor, sdk: Int?, abis: [String]?, glEsVersion: Int?,
        screens: [Screen]?, features: [String: Int]?, libraries: Set<String>?
    ) {
        self.init(
            name: name, brand: brand, device: device, manufacturer: manufacturer, model: model,
            formFactor: formFactor, sdkLevels: sdk.map { [$0] } ?? [], abis: abis,
            glEsVersion: glEsVersion, screens: screens, features: features,
            featureSource: nil, libraries: libraries, ram: nil, confidence: nil, line: 1,
            observed: true)
    }
}

extension AndroidCatalog.Device {
    /// The row as Play's filters see it.
    public var playDevice: PlayDevice {
        let screen = screenSize.flatMap { size in
            density.map { [PlayDevice.Screen(size: size, density: $0)] }
        }
        return PlayDevice(
            name: "\(name) (\(codename))", brand: vendor, device: codename, manufacturer: vendor,
            model: name, formFactor: PlayDevice.FormFactor(text: formFactor), sdkLevels: [sdk],
            abis: abis, glEsVersion: glEsVersion, screens: screen, features: features,
            featureSource: nil, libraries: libraries.map(Set.init), ram: nil,
            confidence: confidence, line: line, observed: false)
    }
}
