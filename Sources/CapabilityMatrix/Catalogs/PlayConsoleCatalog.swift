import CapabilityInput
import CapabilityManifest
import CapabilitySupport

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
        var catalog = try parse(bytes: bytes, path: path, features: nil)
        // Only the built-in rows an export row can match are read whole.
        var codenames: Set<String> = []
        var models: Set<String> = []
        for device in catalog.devices {
            if let codename = device.device { codenames.insert(codename.lowercased()) }
            if let maker = device.manufacturer, let model = device.model {
                models.insert(maker.lowercased() + "/" + model.lowercased())
            }
        }
        let builtin = try AndroidCatalog.parse(
            text: BuiltinCatalogText.android, path: "builtin:android"
        ) { codename, vendor, name in
            let maker = vendor.lowercased()
            let full = name.lowercased()
            return codenames.contains(codename.lowercased())
                || models.contains(maker + "/" + full)
                || (full.hasPrefix(maker + " ")
                    && models.contains(maker + "/" + full.dropFirst(maker.count + 1)))
        }
        catalog.rowsWithFeatures = FeatureLender(builtin).lend(to: &catalog.devices)
        return catalog
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
        let lender = features.map(FeatureLender.init)
        var withFeatures = 0
        var variant = ""
        // Cells stay byte ranges of the file; only the columns a row needs become text.
        var cells = reader.makeFields()
        while let record = try reader.next(into: &cells) {
            guard case .fields(let line) = record else { continue }
            guard let found = columns else {
                let fields = cells.strings
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
            switch found.device(cells, line: line) {
            case .success(var device):
                if let lent = lender?.features(for: device) {
                    device.features = lent.features
                    device.featureSource = lent.source
                    withFeatures += 1
                }
                devices.append(device)
            case .failure(let reason):
                skipped += 1
                if warnings.count < maxWarnings { warnings.append(reason.description) }
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

        func device(_ fields: CSVFields, line: Int) -> Result<PlayDevice, InputProblem> {
            func cell(_ index: Int?) -> String? {
                guard let index, index < fields.count else { return nil }
                let whole = fields.text(at: index)
                let text = Self.trimmed(whole.utf8[...])
                guard !text.isEmpty else { return nil }
                return text.count == whole.utf8.count
                    ? whole : String(decoding: text, as: UTF8.self)
            }
            func list(_ index: Int?) -> [String]? {
                guard let index, index < fields.count else { return nil }
                let items = fields.text(at: index).utf8.split(separator: UInt8(ascii: ";")).map {
                    Self.trimmed($0)
                }.filter { !$0.isEmpty }
                return items.isEmpty ? nil : items.map { String(decoding: $0, as: UTF8.self) }
            }
            guard let sdks = sdks, sdks < fields.count else {
                return .failure(
                    InputProblem(
                        place: .line(line),
                        reason:
                            "\(fields.count) cells, fewer than the header's \(width); row skipped"
                    ))
            }
            // Numbers are read from the cells' bytes: no string per SDK level or screen.
            let levels = Self.numberGroups(fields.text(at: sdks)).compactMap {
                $0.count == 1 ? $0[0] : nil
            }.sorted()
            guard !levels.isEmpty else {
                return .failure(
                    InputProblem(
                        place: .line(line),
                        reason: "no Android SDK level in '\(fields.text(at: sdks))'; row skipped"))
            }
            let manufacturer = cell(self.manufacturer)
            let model = cell(self.model)
            let codename = cell(self.device)
            let brand = cell(self.brand)
            let maker = manufacturer ?? brand
            let name: String
            if let model, let maker, !Self.hasPrefixIgnoringASCIICase(model, maker) {
                name = maker + " " + model
            } else {
                name = model ?? maker ?? ""
            }
            let densities =
                cell(self.densities).map(Self.numberGroups)?.compactMap {
                    $0.count == 1 ? $0[0] : nil
                } ?? []
            let sizes =
                cell(screenSizes).map(Self.numberGroups)?.compactMap {
                    $0.count == 2 ? ($0[0], $0[1]) : nil
                } ?? []
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
            let gl = cell(glES).map(Self.numberGroups)?.compactMap { group -> Int? in
                guard (1...2).contains(group.count), group[0] < 100 else { return nil }
                return group[0] << 16 | (group.count == 2 ? group[1] : 0)
            }.max()
            return .success(
                PlayDevice(
                    name: codename.map { "\(name.isEmpty ? $0 : name) (\($0))" } ?? name,
                    brand: brand, device: codename, manufacturer: manufacturer, model: model,
                    formFactor: PlayDevice.FormFactor(text: cell(formFactor) ?? ""),
                    sdkLevels: levels, abis: list(abis), glEsVersion: gl,
                    screens: screens.isEmpty ? nil : screens, features: nil, featureSource: nil,
                    libraries: nil, ram: cell(ram), confidence: nil, line: line))
        }

        /// The numbers of a `;`-separated cell, each item's numbers split by `x` or `.`:
        /// `34;35` → [[34], [35]], `1080x2340` → [[1080, 2340]], `3.2` → [[3, 2]]. An item
        /// with any other character, or a number of more than nine digits, is left out.
        static func numberGroups(_ text: String) -> [[Int]] {
            var groups: [[Int]] = []
            var current: [Int] = []
            var value = 0
            var digits = 0
            var valid = true
            func endNumber() {
                if digits == 0 || digits > 9 { valid = false }
                current.append(value)
                value = 0
                digits = 0
            }
            func endItem() {
                if digits > 0 || !current.isEmpty { endNumber() }
                if valid, !current.isEmpty { groups.append(current) }
                current.removeAll(keepingCapacity: true)
                valid = true
            }
            for byte in text.utf8 {
                switch byte {
                case 0x30...0x39:
                    value = value &* 10 &+ Int(byte &- 0x30)
                    digits += 1
                case UInt8(ascii: ";"): endItem()
                case UInt8(ascii: "x"), UInt8(ascii: "."): endNumber()
                case 0x20, 0x09: continue
                default: valid = false
                }
            }
            endItem()
            return groups
        }

        /// Whether `text` starts with `prefix`, ASCII letters compared without case.
        static func hasPrefixIgnoringASCIICase(_ text: String, _ prefix: String) -> Bool {
            var rest = text.utf8.makeIterator()
            for byte in prefix.utf8 {
                guard let other = rest.next() else { return false }
                if byte == other { continue }
                guard byte | 0x20 == other | 0x20, (0x61...0x7a).contains(byte | 0x20) else {
                    return false
                }
            }
            return true
        }

        /// The bytes without the spaces and tabs at their ends (the export pads no cell, but
        /// real files hold a tab inside a quoted model name).
        static func trimmed(_ bytes: Substring.UTF8View) -> Substring.UTF8View {
            var text = bytes
            while let first = text.first, first == 0x20 || first == 0x09 { text = text.dropFirst() }
            while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
            return text
        }
    }

    /// The built-in rows, found by brand and codename, else by manufacturer and model.
    private struct FeatureLender {
        var byCodename: [String: AndroidCatalog.Device] = [:]
        var byModel: [String: AndroidCatalog.Device] = [:]
        /// Codenames only one built-in vendor uses (`alioth`: Xiaomi's, which Play lists
        /// under the POCO and Redmi brands).
        var byUniqueCodename: [String: AndroidCatalog.Device] = [:]
        /// The codenames and vendors of the rows, lowercased: most export rows match
        /// neither, and are passed over without building a key.
        var codenames: Set<String> = []
        var vendors: Set<String> = []

        init(_ catalog: AndroidCatalog) {
            var vendors: [String: Set<String>] = [:]
            for device in catalog.devices {
                vendors[device.codename.lowercased(), default: []].insert(device.vendor)
                byUniqueCodename[device.codename.lowercased()] = device
            }
            byUniqueCodename = byUniqueCodename.filter { vendors[$0.key]?.count == 1 }
            for device in catalog.devices {
                let vendor = device.vendor.lowercased()
                codenames.insert(device.codename.lowercased())
                self.vendors.insert(vendor)
                byCodename[vendor + "/" + device.codename.lowercased()] = device
                let name = device.name.lowercased()
                byModel[vendor + "/" + name] = device
                if name.hasPrefix(vendor + " ") {
                    byModel[vendor + "/" + String(name.dropFirst(vendor.count + 1))] = device
                }
            }
        }

        /// Gives each device the features of its built-in row, if it has one.
        /// - Returns: How many devices got features.
        func lend(to devices: inout [PlayDevice]) -> Int {
            var count = 0
            for index in devices.indices {
                guard let lent = features(for: devices[index]) else { continue }
                devices[index].features = lent.features
                devices[index].featureSource = lent.source
                count += 1
            }
            return count
        }

        func features(for device: PlayDevice) -> (features: [String: Int], source: String)? {
            let codename = device.device?.lowercased()
            let knownCodename = codename.map(codenames.contains) ?? false
            let maker = device.manufacturer?.lowercased()
            guard knownCodename || maker.map(vendors.contains) == true else { return nil }
            if let codename, knownCodename {
                for owner in [device.brand, device.manufacturer].compactMap({ $0?.lowercased() }) {
                    if let row = byCodename[owner + "/" + codename] {
                        return (
                            row.features, "builtin:android row \(row.codename) (brand + codename)"
                        )
                    }
                }
            }
            if let maker, let model = device.model?.lowercased(),
                let row = byModel[maker + "/" + model]
            {
                return (row.features, "builtin:android row \(row.codename) (manufacturer + model)")
            }
            if let codename, let row = byUniqueCodename[codename] {
                return (
                    row.features,
                    "builtin:android row \(row.codename) (codename only: one built-in vendor uses it)"
                )
            }
            return nil
        }
    }
}
