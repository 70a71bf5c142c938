import CapabilityInput
import CapabilityManifest

/// A device-catalog export from Play Console (`Brand, Device, Manufacturer, Model Name, RAM
/// (TotalMem), Form Factor, System on Chip, GPU, Screen Sizes, Screen Densities, ABIs,
/// Android SDK Versions, OpenGL ES Versions, …`; older exports: `Manufacturer, Model Name,
/// Model Code, RAM (TotalMem), …` without Brand, Device and GPU), read offline: one row per
/// device model, multi-values split on `;`. Columns are found by their header, so added
/// columns (install base, vitals) are ignored. The export holds no system features: a row
/// takes them from the built-in Android catalog where it has the same device (brand and
/// codename, else manufacturer and model, else a codename only one built-in vendor uses),
/// and is undecided on features otherwise.
public struct PlayConsoleCatalog: Sendable {
    /// The models, in file order.
    public var devices: [PlayDevice]
    /// Which header variant the file has (`Brand, Device, …` or `Manufacturer, Model Name,
    /// Model Code, …`).
    public var variant: String
    /// Rows skipped, with their line and reason (a row with too few cells).
    public var warnings: [String]
    /// How many rows took their features from a built-in row.
    public var rowsWithFeatures: Int

    /// The most rows a file may hold (Play's catalog has about 25 000 models).
    static let maxRows = 500_000
    /// The most warnings kept; later ones are counted.
    static let maxWarnings = 50

    /// Reads an export from a file, its features lent by the built-in Android catalog.
    /// - Parameter path: The file.
    /// - Returns: The catalog.
    /// - Throws: ``MatrixError/unreadable(path:reason:)`` for a file that cannot be read,
    ///   else what ``parse(bytes:path:features:)`` throws.
    public static func parse(contentsOf path: String) throws(MatrixError) -> PlayConsoleCatalog {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.bytes(path)
        } catch {
            throw .unreadable(path: path, reason: error.reason)
        }
        let builtin = try AndroidCatalog.parse(
            text: BuiltinCatalogText.android, path: "builtin:android")
        return try parse(bytes: bytes, path: path, features: builtin)
    }

    /// Whether a CSV header row is a Play Console export's (either variant).
    /// - Parameter fields: The first record's cells.
    /// - Returns: True when it names the model and SDK columns an export has.
    public static func isExportHeader(_ fields: [String]) -> Bool {
        let names = Set(fields.map { $0.trimming(.whitespaces) })
        return names.isSuperset(of: ["Manufacturer", "Model Name", "Android SDK Versions"])
            && (names.contains("Device") || names.contains("Model Code"))
    }

    /// Reads an export.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - path: The name used in messages.
    ///   - features: The built-in catalog rows lend their features to the rows of the same
    ///     device.
    /// - Returns: The catalog.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for a file that is not an
    ///   export (its header), a broken quote, or more than 500 000 rows.
    public static func parse(bytes: [UInt8], path: String, features: AndroidCatalog?)
        throws(MatrixError) -> PlayConsoleCatalog
    {
        var reader = CSVReader(bytes: bytes, path: path)
        var columns: Columns?
        var devices: [PlayDevice] = []
        var warnings: [String] = []
        var skipped = 0
        let lender = FeatureLender(features)
        var withFeatures = 0
        var variant = ""
        while let record = try reader.next() {
            guard case .fields(let fields, let line) = record else { continue }
            guard let found = columns else {
                guard isExportHeader(fields) else {
                    throw .malformed(
                        path: path, line: line,
                        reason:
                            "not a Play Console device-catalog export (its header needs Manufacturer, Model Name, Device or Model Code, and Android SDK Versions)"
                    )
                }
                let table = Columns(fields)
                columns = table
                variant =
                    table.brand == nil
                    ? "Manufacturer, Model Name, Model Code, …" : "Brand, Device, Manufacturer, …"
                continue
            }
            guard devices.count < maxRows else {
                throw .malformed(
                    path: path, line: line,
                    reason: "more than \(maxRows) device rows; not a device-catalog export")
            }
            switch found.device(fields, line: line) {
            case .success(var device):
                if let lent = lender.features(for: device) {
                    device.features = lent.features
                    device.featureSource = lent.source
                    withFeatures += 1
                }
                devices.append(device)
            case .failure(let reason):
                skipped += 1
                if warnings.count < maxWarnings { warnings.append("line \(line): \(reason.text)") }
            }
        }
        guard columns != nil else {
            throw .malformed(path: path, line: nil, reason: "empty: no header row")
        }
        if skipped > warnings.count {
            warnings.append("\(skipped - warnings.count) more rows skipped")
        }
        return PlayConsoleCatalog(
            devices: devices, variant: variant, warnings: warnings, rowsWithFeatures: withFeatures)
    }

    /// A row that could not be read, in words.
    struct RowProblem: Error {
        var text: String
    }

    /// Where each column is.
    private struct Columns {
        var brand: Int?
        var device: Int?
        var manufacturer: Int?
        var model: Int?
        var ram: Int?
        var formFactor: Int?
        var screenSizes: Int?
        var densities: Int?
        var abis: Int?
        var sdks: Int?
        var glES: Int?
        var width: Int

        init(_ header: [String]) {
            let names = header.map { $0.trimming(.whitespaces) }
            func at(_ name: String) -> Int? { names.firstIndex(of: name) }
            brand = at("Brand")
            device = at("Device") ?? at("Model Code")
            manufacturer = at("Manufacturer")
            model = at("Model Name")
            ram = at("RAM (TotalMem)")
            formFactor = at("Form Factor")
            screenSizes = at("Screen Sizes")
            densities = at("Screen Densities")
            abis = at("ABIs")
            sdks = at("Android SDK Versions")
            glES = at("OpenGL ES Versions")
            width = names.count
        }

        func device(_ fields: [String], line: Int) -> Result<PlayDevice, RowProblem> {
            func cell(_ index: Int?) -> String? {
                guard let index, index < fields.count else { return nil }
                let text = fields[index].trimming(.whitespaces)
                return text.isEmpty ? nil : text
            }
            func list(_ index: Int?) -> [String]? {
                cell(index).map {
                    $0.split(separator: ";").map { $0.trimming(.whitespaces) }.filter {
                        !$0.isEmpty
                    }
                }
            }
            guard let sdks = sdks, sdks < fields.count else {
                return .failure(
                    RowProblem(
                        text: "\(fields.count) cells, fewer than the header's \(width); row skipped"
                    ))
            }
            let levels = (list(sdks) ?? []).compactMap { Int($0) }.sorted()
            guard !levels.isEmpty else {
                return .failure(
                    RowProblem(text: "no Android SDK level in '\(fields[sdks])'; row skipped"))
            }
            let manufacturer = cell(self.manufacturer)
            let model = cell(self.model)
            let codename = cell(self.device)
            let brand = cell(self.brand)
            let maker = manufacturer ?? brand
            let name: String
            if let model, let maker, !model.lowercased().hasPrefix(maker.lowercased()) {
                name = maker + " " + model
            } else {
                name = model ?? maker ?? ""
            }
            let densities = (list(self.densities) ?? []).compactMap { Int($0) }
            let sizes = (list(screenSizes) ?? []).compactMap(Self.pixels)
            var screens: [PlayDevice.Screen] = []
            let pairs: [((Int, Int), Int)] =
                sizes.count == densities.count
                ? Array(zip(sizes, densities))
                : sizes.flatMap { size in densities.map { (size, $0) } }
            for ((width, height), density) in pairs {
                if let size = PlayDevice.sizeClass(width: width, height: height, density: density),
                    !screens.contains(PlayDevice.Screen(size: size, density: density))
                {
                    screens.append(PlayDevice.Screen(size: size, density: density))
                }
            }
            let gl = (list(glES) ?? []).compactMap(Self.glVersion).max()
            return .success(
                PlayDevice(
                    name: codename.map { "\(name.isEmpty ? $0 : name) (\($0))" } ?? name,
                    brand: brand, device: codename, manufacturer: manufacturer, model: model,
                    formFactor: PlayDevice.FormFactor(text: cell(formFactor) ?? ""),
                    sdkLevels: levels, abis: list(abis), glEsVersion: gl,
                    screens: screens.isEmpty ? nil : screens, features: nil, featureSource: nil,
                    libraries: nil, ram: cell(ram), confidence: nil, line: line))
        }

        /// `1080x2340` → (1080, 2340).
        static func pixels(_ text: String) -> (Int, Int)? {
            let parts = text.split(separator: "x")
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]) else {
                return nil
            }
            return (a, b)
        }

        /// `3.2` → `0x00030002`.
        static func glVersion(_ text: String) -> Int? {
            let parts = text.split(separator: ".")
            guard (1...2).contains(parts.count), let major = Int(parts[0]), major < 100 else {
                return nil
            }
            let minor = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
            return major << 16 | minor
        }
    }

    /// The built-in rows, found by brand and codename, else by manufacturer and model.
    private struct FeatureLender {
        var byCodename: [String: AndroidCatalog.Device] = [:]
        var byModel: [String: AndroidCatalog.Device] = [:]
        /// Codenames only one built-in vendor uses (`alioth`: Xiaomi's, which Play lists
        /// under the POCO and Redmi brands).
        var byUniqueCodename: [String: AndroidCatalog.Device] = [:]

        init(_ catalog: AndroidCatalog?) {
            var vendors: [String: Set<String>] = [:]
            for device in catalog?.devices ?? [] {
                vendors[device.codename.lowercased(), default: []].insert(device.vendor)
                byUniqueCodename[device.codename.lowercased()] = device
            }
            byUniqueCodename = byUniqueCodename.filter { vendors[$0.key]?.count == 1 }
            for device in catalog?.devices ?? [] {
                let vendor = device.vendor.lowercased()
                byCodename[vendor + "/" + device.codename.lowercased()] = device
                let name = device.name.lowercased()
                byModel[vendor + "/" + name] = device
                if name.hasPrefix(vendor + " ") {
                    byModel[vendor + "/" + String(name.dropFirst(vendor.count + 1))] = device
                }
            }
        }

        func features(for device: PlayDevice) -> (features: [String: Int], source: String)? {
            if let codename = device.device?.lowercased() {
                for owner in [device.brand, device.manufacturer].compactMap({ $0?.lowercased() }) {
                    if let row = byCodename[owner + "/" + codename] {
                        return (row.features, "builtin:android row \(row.codename) (brand + codename)")
                    }
                }
            }
            if let maker = device.manufacturer?.lowercased(), let model = device.model?.lowercased(),
                let row = byModel[maker + "/" + model]
            {
                return (row.features, "builtin:android row \(row.codename) (manufacturer + model)")
            }
            if let codename = device.device?.lowercased(), let row = byUniqueCodename[codename] {
                return (
                    row.features,
                    "builtin:android row \(row.codename) (codename only: one built-in vendor uses it)"
                )
            }
            return nil
        }
    }
}
