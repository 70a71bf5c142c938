import CapabilityManifest

/// A built-in device catalog: the rows a store filters by the manifest's own keys, not by
/// capabilities (``DeviceMatrix`` is the capability table).
public enum DeviceCatalog: Sendable {
    /// Apple devices × `UIRequiredDeviceCapabilities` keys.
    case apple(AppleCatalog)
    /// Android devices with the features their trees declare.
    case android(AndroidCatalog)
    /// A Play Console device-catalog export, read from a file.
    case play(PlayConsoleCatalog, path: String)
    /// A folder of phone captures, one row each.
    case captures(CaptureCatalog, path: String)

    /// The name it is loaded by (`apple`, `android`), or the export's path.
    public var name: String {
        switch self {
        case .apple: return "apple"
        case .android: return "android"
        case .play(_, let path), .captures(_, let path): return path
        }
    }

    /// The option that loads it, as a message names it (`--builtin`, `--catalog`).
    public var option: String {
        switch self {
        case .apple, .android: return "--builtin"
        case .play, .captures: return "--catalog"
        }
    }

    /// How many device models it holds (an Android device read on several branches counts
    /// once, as its filtered rows do).
    public var count: Int {
        switch self {
        case .apple(let catalog): return catalog.devices.count
        case .android(let catalog): return catalog.modelCount
        case .play(let catalog, _): return catalog.devices.count
        case .captures(let catalog, _): return catalog.entries.count
        }
    }

    /// The manifest kind its store reads.
    public var manifestKind: ManifestKind {
        switch self {
        case .apple: return .plist
        case .android, .play: return .android
        case .captures(let catalog, _): return catalog.manifestKind
        }
    }

    /// Filters the devices as the catalog's store does.
    /// - Parameters:
    ///   - manifest: The manifest: an Info.plist (or capcheck JSON manifest) for `apple`, an
    ///     AndroidManifest.xml for `android`, from source or a built app.
    ///   - path: The manifest path, for the result.
    ///   - options: How a capability manifest is checked against the `apple` catalog's
    ///     capability view (``AppleCatalog/capabilityMatrix()``).
    ///   - settings: What the user states where the manifest is silent (device family,
    ///     minimum OS, Apple Vision Pro).
    /// - Returns: One row per device model, with counts by year or SDK level and by key.
    /// - Throws: ``CatalogError/wrongManifest(catalog:kind:expected:)`` for another kind.
    public func evaluate(
        _ manifest: Manifest, path: String?, options: CheckOptions = CheckOptions(),
        settings: StoreSettings = StoreSettings()
    ) throws(CatalogError) -> MatrixResult {
        var result: MatrixResult
        let labels: [String]
        switch self {
        case .apple(let catalog):
            let source = "builtin:" + name
            if manifest.store.appleKeys != nil {
                result = AppStoreFilter.evaluate(
                    catalog, store: manifest.store, settings: settings, source: source,
                    manifest: path)
            } else if manifest.kind == .json {
                // Capabilities, not App Store keys: the catalog as a capability table.
                let matrix: DeviceMatrix
                do {
                    matrix = try catalog.capabilityMatrix()
                } catch {
                    throw .wrongManifest(catalog: name, kind: manifest.kind, expected: manifestKind)
                }
                result = MatrixFilter.evaluate(
                    matrix, with: ManifestRowEvaluator(manifest: manifest, options: options),
                    manifest: path)
            } else {
                throw .wrongManifest(catalog: name, kind: manifest.kind, expected: manifestKind)
            }
            labels = catalog.devices.map { $0.year.map(String.init) ?? "unknown" }
            result.summary = CatalogSummary(rows: result.rows, groupedBy: "year", labels: labels)
        case .android(let catalog):
            guard manifest.store.isAndroid else {
                throw .wrongManifest(catalog: name, kind: manifest.kind, expected: manifestKind)
            }
            result = PlayFilter.evaluate(
                catalog, store: manifest.store, source: "builtin:" + name, manifest: path)
            result.summary = CatalogSummary(
                rows: result.rows, groupedBy: "SDK level", labels: Self.sdkLabels(result.rows))
        case .play(let catalog, let file):
            guard manifest.store.isAndroid else {
                throw .wrongManifest(catalog: name, kind: manifest.kind, expected: manifestKind)
            }
            result = PlayFilter.evaluate(
                catalog.devices, store: manifest.store, source: file,
                provenance: [
                    "Play Console device-catalog export (\(catalog.variant)): \(catalog.devices.count) device models",
                    "features: \(catalog.rowsWithFeatures) of \(catalog.devices.count) rows matched a builtin:android row (brand + codename, else manufacturer + model, else a codename one built-in vendor uses); the export itself has no system features",
                ], manifest: path)
            result.notes =
                ((result.notes ?? []) + catalog.warnings.map { "\(file): \($0)" }).nilIfEmpty
            result.summary = CatalogSummary(
                rows: result.rows, groupedBy: "form factor",
                labels: result.rows.map { $0.device?.formFactor ?? "unknown" })
        case .captures(let catalog, let folder):
            if manifest.store.isAndroid, !catalog.android.isEmpty {
                result = catalog.playResult(store: manifest.store, source: folder, manifest: path)
            } else if manifest.store.appleKeys != nil, !catalog.apple.isEmpty {
                result = catalog.appStoreResult(
                    store: manifest.store, settings: settings, source: folder, manifest: path)
            } else {
                throw .wrongManifest(catalog: name, kind: manifest.kind, expected: manifestKind)
            }
            result.summary = CatalogSummary(
                rows: result.rows, groupedBy: "form factor",
                labels: result.rows.map { $0.device?.formFactor ?? "unknown" })
        }
        let totals = result.totals
        result.answer =
            "Which devices can install \(path ?? "the app")? \(totals.eligible) of \(totals.total) (\(totals.excluded) excluded, \(totals.undecided) undecided) in \(result.matrix)"
        return result
    }

    /// Each row's newest SDK level, the group the Android summary counts it under.
    static func sdkLabels(_ rows: [MatrixRowResult]) -> [String] {
        rows.map { row in row.device?.sdkLevels?.max().map { "SDK \($0)" } ?? "unknown" }
    }
}

/// Why a catalog cannot filter a manifest.
public enum CatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The manifest is of a kind the catalog's store does not read.
    case wrongManifest(catalog: String, kind: ManifestKind, expected: ManifestKind)

    /// One line naming the catalog and the manifest it needs.
    public var description: String {
        switch self {
        case .wrongManifest(let catalog, let kind, let expected):
            let needs =
                expected == .plist
                ? "an Info.plist or .ipa (or a capcheck JSON manifest)"
                : "an AndroidManifest.xml, .apk or .aab"
            return "the \(catalog) catalog checks \(needs), not \(kind.noun)"
        }
    }
}

extension Array {
    /// Nil for an empty array.
    var nilIfEmpty: [Element]? { isEmpty ? nil : self }
}
