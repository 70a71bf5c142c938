import CapabilityManifest

/// A folder of phone captures read as a device catalog (`--catalog DIR`): each capture is one
/// row, an Android one filtered as Google Play does (``PlayFilter``) on the device's own
/// features, SDK level, ABIs, OpenGL ES version, screen and libraries, an iOS one as the App
/// Store does (``AppStoreFilter``) on the built-in catalog's row of its model with the OS it
/// has installed. Rows keep the folder's file-name order and name their file.
public struct CaptureCatalog: Sendable {
    /// An iPhone or iPad capture: its model and installed OS.
    public struct AppleDevice: Sendable, Hashable {
        /// The capture's file name.
        public var file: String
        /// `ProductType` (`iPhone10,2`), if the capture gives it.
        public var productType: String?
        /// `ProductVersion` (`11.4`), if given and a version.
        public var installed: OSVersion?

        /// An iPhone or iPad capture.
        /// - Parameters:
        ///   - file: The capture's file name.
        ///   - productType: The model identifier.
        ///   - installed: The installed OS.
        public init(file: String, productType: String?, installed: OSVersion?) {
            self.file = file
            self.productType = productType
            self.installed = installed
        }
    }

    /// One capture: an Android device as Play sees it, or an iPhone or iPad.
    public enum Entry: Sendable, Hashable {
        /// An Android capture (its file name, the device).
        case android(file: String, device: PlayDevice)
        /// An iOS capture.
        case apple(AppleDevice)

        /// The capture's file name.
        public var file: String {
            switch self {
            case .android(let file, _): return file
            case .apple(let device): return device.file
            }
        }
    }

    /// The captures, in file-name order.
    public var entries: [Entry]
    /// The built-in Apple catalog the iOS captures are looked up in (nil: every iOS row is
    /// undecided).
    public var appleCatalog: AppleCatalog?

    /// A catalog of captures.
    /// - Parameter entries: The captures, in the order the rows keep.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The Android captures.
    public var android: [(file: String, device: PlayDevice)] {
        entries.compactMap {
            if case .android(let file, let device) = $0 { return (file, device) }
            return nil
        }
    }

    /// The iOS captures.
    public var apple: [AppleDevice] {
        entries.compactMap {
            if case .apple(let device) = $0 { return device }
            return nil
        }
    }

    /// The manifest kind the folder's captures are checked with: an AndroidManifest.xml when
    /// it holds an Android capture, else an Info.plist.
    public var manifestKind: ManifestKind { android.isEmpty ? .plist : .android }

    /// Filters every Android capture as Google Play does, one row each.
    /// - Parameters:
    ///   - store: The AndroidManifest.xml's declarations.
    ///   - source: The result's matrix name (the folder).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per Android capture, naming its file.
    public func playResult(store: StoreDeclarations, source: String, manifest: String?)
        -> MatrixResult
    {
        var rows: [MatrixRowResult] = []
        var notes: [String]?
        for (file, device) in android {
            let one = PlayFilter.evaluate(
                [device], store: store, source: source, provenance: [], manifest: manifest)
            notes = notes ?? one.notes
            for var row in one.rows {
                row.file = file
                // A capture that names no model is its file.
                if device.model == nil { row.name = file }
                rows.append(row)
            }
        }
        var result = MatrixResult(
            matrix: source, provenance: provenance(kind: "Android", count: android.count),
            manifest: manifest, rows: rows)
        result.notes = notes
        return result
    }

    /// Filters every iOS capture as the App Store does: the catalog row of its model with its
    /// installed OS; a capture whose model the catalog does not list is undecided.
    /// - Parameters:
    ///   - store: The Info.plist's declarations.
    ///   - settings: What the user stated where the manifest is silent.
    ///   - source: The result's matrix name (the folder).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per iOS capture, naming its file.
    public func appStoreResult(
        store: StoreDeclarations, settings: StoreSettings,
        source: String, manifest: String?
    ) -> MatrixResult {
        var rows: [MatrixRowResult] = []
        var notes: [String]?
        for device in apple {
            guard let productType = device.productType, let catalog = appleCatalog,
                let one = AppStoreFilter.evaluate(
                    productType: productType, installed: device.installed, catalog: catalog,
                    store: store, settings: settings, source: source, manifest: manifest),
                var row = one.rows.first
            else {
                let why =
                    device.productType.map { "\($0) is not in the built-in apple catalog" }
                    ?? "the capture has no ProductType"
                var row = MatrixRowResult(
                    name: device.productType ?? device.file, family: "unknown", line: 1,
                    file: device.file,
                    evaluation: RowEvaluation(
                        failing: [],
                        unknown: [RowIssue(key: "ProductType", capability: nil, reason: why)]))
                var details = CatalogRowDetails()
                details.identifiers = device.productType.map { [$0] }
                row.device = details
                rows.append(row)
                continue
            }
            notes = notes ?? one.notes
            row.file = device.file
            row.line = 1
            rows.append(row)
        }
        var result = MatrixResult(
            matrix: source, provenance: provenance(kind: "iOS", count: apple.count),
            manifest: manifest, rows: rows)
        result.notes = notes
        return result
    }

    /// The provenance line of a result: how many captures of the kind the folder holds.
    private func provenance(kind: String, count: Int) -> [String] {
        let others = entries.count - count
        var line = "\(count) \(kind) capture\(count == 1 ? "" : "s") of a folder"
        if others > 0 {
            line += " (\(others) of the other store left out)"
        }
        return [line + "; each row is one capture, with the device's own facts"]
    }
}
