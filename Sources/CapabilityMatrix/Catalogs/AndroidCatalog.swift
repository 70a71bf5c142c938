import CapabilitySupport
import CapabilityModel

/// The `android` built-in catalog: real devices as their LineageOS device trees declare
/// them to `PackageManager` (the permission files a tree installs, its GL ES version and
/// density), one row per device. The committed data is `Catalogs/android/android-devices.json`
/// (every row with the tree files it came from, repository @ commit); the binary embeds the
/// same rows in a compact form (`BuiltinCatalogText.android`, one tab-separated line a
/// device, made by `Scripts/catalog/generate-builtin-catalogs.py`).
public struct AndroidCatalog: Sendable {
    /// One device.
    public struct Device: Sendable, Hashable {
        /// The device codename (`Build.DEVICE`: `alioth`).
        public var codename: String
        /// The marketing name, vendor included (`Xiaomi POCO F3`).
        public var name: String
        /// The vendor.
        public var vendor: String
        /// `phone`, `tablet`, `tv`, `watch` or `car`.
        public var formFactor: String
        /// The SDK level of the tree (its branch: lineage-21 = 34).
        public var sdk: Int
        /// `ro.opengles.version` (`0x00030002`), if the tree sets it.
        public var glEsVersion: Int?
        /// `ro.sf.lcd_density` in dpi, if known.
        public var density: Int?
        /// Panel pixels, portrait (width ≤ height), if known.
        public var screenWidthPx: Int?
        /// Panel pixels, portrait, if known.
        public var screenHeightPx: Int?
        /// Screen diagonal in inches, if known.
        public var screenInches: Double?
        /// The features it declares, with their versions (0 when none is given).
        public var features: [String: Int]
        /// The ABIs in `ro.product.cpu.abilist` order, if known.
        public var abis: [String]?
        /// The shared libraries its permission files declare (`<library>`), if known.
        public var libraries: [String]?
        /// `complete`, or `partial: …` naming the parts of the product that were not read.
        public var confidence: String?
        /// The LineageOS branch the row was read from (`lineage-21.0`), if recorded.
        public var branch: String?
        /// How the GL ES version was decided (a property and its file, or a GPU rule).
        public var glEsBasis: String?
        /// The line of the row in the embedded text.
        public var line: Int

        /// Android's screen size class (`small`, `normal`, `large`, `xlarge`: at least
        /// 426×320, 470×320, 640×480, 960×720 dp), from the pixels and the density.
        public var screenSize: String? {
            guard let width = screenWidthPx, let height = screenHeightPx, let density else {
                return nil
            }
            return PlayDevice.sizeClass(width: width, height: height, density: density)
        }
    }

    /// The devices, sorted by codename.
    public var devices: [Device]
    /// The `#` lines (how the catalog was made, its sources and date), without the `#`.
    public var provenance: [String]

    /// How many device models the rows are: rows of one vendor and codename (the same device
    /// on several branches) count once.
    public var modelCount: Int {
        Set(devices.map { $0.vendor.lowercased() + "/" + $0.codename }).count
    }

    /// Reads the compact form: `#` lines, then one line a device with the tab-separated
    /// fields codename, name, vendor, form factor, SDK, GL ES (hex), density, width, height,
    /// inches and the space-separated features (`name` or `name=version`), optionally
    /// followed by the comma-separated ABIs, the space-separated libraries, the confidence,
    /// the branch and the GL ES basis; `-` = unknown.
    /// - Parameters:
    ///   - text: The text.
    ///   - path: The name used in messages.
    ///   - keep: Which rows to read whole, by codename, vendor and name (nil: all); the
    ///     others are left out before their features are read, so a caller that needs a few
    ///     rows of a large catalog does not pay for the rest.
    /// - Returns: The catalog.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for a line that does not have
    ///   the eleven fields or a number that is not one.
    public static func parse(
        text: String, path: String,
        keeping keep: ((_ codename: String, _ vendor: String, _ name: String) -> Bool)? = nil
    ) throws(MatrixError) -> AndroidCatalog {
        var devices: [Device] = []
        var provenance: [String] = []
        // Lines and fields are split on their UTF-8 bytes: the text is half a megabyte, and
        // splitting it by Characters cost more than all the filtering after it.
        for (index, raw) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = index + 1
            if raw.isEmpty { continue }
            if raw.first == UInt8(ascii: "#") {
                provenance.append(
                    String(decoding: raw.dropFirst(), as: UTF8.self).trimmingPrefixSpaces())
                continue
            }
            let fields = raw.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard fields.count == 11 || fields.count == 16, let sdk = Int(fields[4]) else {
                throw .malformed(
                    path: path, line: line,
                    reason: "expected 11 or 16 tab-separated fields with a numeric SDK level")
            }
            func optional(_ index: Int) -> String? {
                index < fields.count && fields[index] != "-" ? fields[index] : nil
            }
            if let keep, !keep(fields[0], fields[2], fields[1]) { continue }
            let features: [String: Int]
            switch Self.features(Array(fields[10].utf8)) {
            case .success(let parsed): features = parsed
            case .failure(let problem):
                throw .malformed(
                    path: path, line: line,
                    reason: "feature '\(problem.reason)' has no numeric version")
            }
            devices.append(
                Device(
                    codename: fields[0], name: fields[1], vendor: fields[2], formFactor: fields[3],
                    sdk: sdk,
                    glEsVersion: fields[5] == "-" ? nil : Int(fields[5].dropFirst(2), radix: 16),
                    density: Int(fields[6]), screenWidthPx: Int(fields[7]),
                    screenHeightPx: Int(fields[8]), screenInches: Double(fields[9]),
                    features: features,
                    abis: optional(11).map { $0.split(separator: ",").map(String.init) },
                    libraries: optional(12).map { $0.split(separator: " ").map(String.init) },
                    confidence: optional(13), branch: optional(14), glEsBasis: optional(15),
                    line: line))
        }
        return AndroidCatalog(devices: devices, provenance: provenance)
    }

    /// The space-separated `name` and `name=version` words of a row (a problem's reason is a
    /// feature without a numeric version, as written), read byte by byte: a
    /// row holds about seventy, and the catalog several hundred rows.
    static func features(_ bytes: [UInt8]) -> Result<[String: Int], InputProblem> {
        var features: [String: Int] = [:]
        features.reserveCapacity(bytes.count / 32)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 {
                index += 1
                continue
            }
            let start = index
            var equals: Int?
            while index < bytes.count, bytes[index] != 0x20 {
                if equals == nil, bytes[index] == UInt8(ascii: "=") { equals = index }
                index += 1
            }
            guard let equals else {
                features[String(decoding: bytes[start..<index], as: UTF8.self)] = 0
                continue
            }
            var version = 0
            var digits = 0
            var valid = equals + 1 < index
            for byte in bytes[(equals + 1)..<index] {
                guard (0x30...0x39).contains(byte), digits < 18 else {
                    valid = false
                    break
                }
                version = version * 10 + Int(byte - 0x30)
                digits += 1
            }
            guard valid else {
                return .failure(
                    InputProblem(reason: String(decoding: bytes[start..<index], as: UTF8.self)))
            }
            features[String(decoding: bytes[start..<equals], as: UTF8.self)] = version
        }
        return .success(features)
    }
}

extension String {
    /// The text without leading spaces.
    fileprivate func trimmingPrefixSpaces() -> String {
        String(drop { $0 == " " })
    }
}
