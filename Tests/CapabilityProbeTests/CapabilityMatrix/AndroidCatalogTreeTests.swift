import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix

/// The `android` catalog: rows re-derived from what their device trees say (the evidence
/// files in `Fixtures/android-trees`, one fact a line with its repository @ commit and place,
/// and the AOSP permission-file table), the embedded rows against the committed JSON, and
/// Play's filters on real manifests.
struct AndroidCatalogTreeTests {
    static let catalog: AndroidCatalog = {
        (try? AndroidCatalog.parse(text: BuiltinCatalogText.android, path: "builtin:android"))
            ?? AndroidCatalog(devices: [], provenance: [])
    }()

    static let repository = Fixtures.root.deletingLastPathComponent()

    static let evidence: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("android-trees")))
            ?? []
        return names.filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// `FILE.xml` → its features (`name`, `name=version`, `!name` for unavailable ones), from
    /// the table of one frameworks/native branch.
    static func permissionTable(branch: String) throws -> [String: [String]] {
        let file =
            [
                "18": "-lineage-18.1", "19": "-lineage-19.1", "20": "-lineage-20.0",
                "22": "-lineage-22.0",
            ][branch] ?? ""
        let text = try String(
            contentsOf: repository.appendingPathComponent(
                "Catalogs/android/aosp-permission-features\(file).tsv"), encoding: .utf8)
        var table: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 2 else { continue }
            table[String(fields[0])] = fields[1].split(separator: " ").map(String.init)
        }
        return table
    }

    /// The features and properties an evidence file proves.
    static func derive(_ codename: String) throws -> (
        features: [String: Int], props: [String: String], meta: [String: String]
    ) {
        let text = try Fixtures.text("android-trees/\(codename).txt")
        var facts: [(String, String)] = []
        var props: [String: String] = [:]
        var meta: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(
                String.init)
            guard fields.count >= 2 else { continue }
            facts.append((fields[0], fields[1]))
            let pair = fields[1].split(separator: "=", maxSplits: 1).map(String.init)
            // prop lines come in the order init applies them: the last one per key wins
            if pair.count == 2, fields[0] == "prop" { props[pair[0]] = pair[1] }
            // no property sets GL ES: the version the GPU rule gives (only then is it written)
            if fields[0] == "gles-rule" { props["ro.opengles.version"] = fields[1] }
            if pair.count == 2, fields[0] == "meta" { meta[pair[0]] = pair[1] }
        }
        let table = try permissionTable(
            branch: String(meta["branch", default: "lineage-21"].dropFirst(8).prefix(2)))
        var features: [String: Int] = [:]
        var unavailable: Set<String> = []
        func add(_ feature: String) {
            if feature.hasPrefix("!") {
                unavailable.insert(String(feature.dropFirst()))
                return
            }
            let parts = feature.split(separator: "=", maxSplits: 1)
            let version = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
            features[String(parts[0])] = max(features[String(parts[0])] ?? 0, version)
        }
        for (kind, value) in facts {
            switch kind {
            case "copy":
                let file = String(value.split(separator: "/").last ?? "")
                for feature in table[file] ?? [] { add(feature) }
            case "copy-local": add(value)
            default: continue
            }
        }
        for name in unavailable { features[name] = nil }
        return (features, props, meta)
    }

    @Test func atLeastFiftyFiveRowsHaveTheirTreeEvidence() {
        #expect(Self.evidence.count >= 55)
        let forms = Set(
            Self.evidence.compactMap { name in
                Self.catalog.devices.first { $0.codename == name }?.formFactor
            })
        #expect(forms.isSuperset(of: ["phone", "tablet", "tv"]))
    }

    @Test(arguments: evidence)
    func rowIsWhatItsDeviceTreeDeclares(codename: String) throws {
        let row = try #require(Self.catalog.devices.first { $0.codename == codename })
        let derived = try Self.derive(codename)
        #expect(row.features == derived.features)
        #expect(row.sdk == Int(derived.meta["sdk"] ?? ""))
        #expect(row.density == derived.props["ro.sf.lcd_density"].flatMap { Int($0) })
        let gles = derived.props["ro.opengles.version"].flatMap { Int($0) }
        #expect(row.glEsVersion == gles)
        #expect(row.name == derived.meta["name"])
    }

    @Test func embeddedRowsAreTheCommittedJSON() throws {
        let data = try Data(
            contentsOf: Self.repository.appendingPathComponent(
                "Catalogs/android/android-devices.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let devices = try #require(json["devices"] as? [[String: Any]])
        #expect(devices.count == Self.catalog.devices.count)
        #expect(devices.count >= 880)
        for (object, row) in zip(devices, Self.catalog.devices) {
            #expect(object["codename"] as? String == row.codename)
            #expect(object["sdk"] as? Int == row.sdk)
            let features = (object["features"] as? [String] ?? []).map { feature in
                feature.contains("=") ? feature : feature + "=0"
            }
            #expect(
                Set(features) == Set(row.features.map { "\($0.key)=\($0.value)" }),
                "\(row.codename)")
            #expect(
                (object["sources"] as? [String])?.isEmpty == false, "\(row.codename) has no sources"
            )
        }
    }

    static func store(_ manifest: String) throws -> StoreDeclarations {
        try ManifestLoader.load(path: Fixtures.path(manifest)).store
    }

    @Test func aWatchAppIsOfferedToNoPhoneTabletOrTV() throws {
        let result = PlayFilter.evaluate(
            Self.catalog, store: try Self.store("android/antennapod-wearos.xml"),
            source: "builtin:android", manifest: nil)
        #expect(result.totals.eligible == 0)
        #expect(
            result.rows.allSatisfy {
                $0.failing.contains { $0.key == "android.hardware.type.watch" }
            })
    }

    @Test func aTVAppThatNeedsNoTouchscreenReachesTheTVs() throws {
        let result = PlayFilter.evaluate(
            Self.catalog, store: try Self.store("android/jellyfin-androidtv.xml"),
            source: "builtin:android", manifest: nil)
        let tvs = result.rows.filter { $0.family == "tv" }
        #expect(!tvs.isEmpty)
        #expect(tvs.allSatisfy { $0.verdict == .eligible })
    }

    static func device(_ features: [String: Int], sdk: Int = 34, gles: Int? = 0x0003_0002)
        -> AndroidCatalog
    {
        AndroidCatalog(
            devices: [
                AndroidCatalog.Device(
                    codename: "test", name: "Test", vendor: "Test", formFactor: "phone", sdk: sdk,
                    glEsVersion: gles, density: 420, screenWidthPx: 1080, screenHeightPx: 2400,
                    screenInches: 6.5, features: features, line: 1)
            ], provenance: [])
    }

    @Test func playsFiltersDecideEachDeclaration() {
        var store = StoreDeclarations()
        store.isAndroid = true
        store.minSdk = 35
        let verdict = { (catalog: AndroidCatalog, store: StoreDeclarations) in
            PlayFilter.evaluate(catalog, store: store, source: "t", manifest: nil).rows[0]
        }
        #expect(verdict(Self.device([:]), store).failing.map(\.key) == ["android:minSdkVersion=35"])
        store.minSdk = nil
        store.glEsVersion = 0x0003_0002
        #expect(verdict(Self.device([:], gles: nil), store).verdict == .undecided)
        #expect(verdict(Self.device([:], gles: 0x0003_0001), store).verdict == .excluded)
        store.glEsVersion = nil
        store.androidFeatures = [.init(name: "android.hardware.vulkan.level", version: 1)]
        #expect(
            verdict(Self.device(["android.hardware.vulkan.level": 0]), store).verdict == .excluded)
        #expect(
            verdict(Self.device(["android.hardware.vulkan.level": 1]), store).verdict == .eligible)
        store.androidFeatures = [.init(name: "android.hardware.ram.normal")]
        #expect(verdict(Self.device([:]), store).verdict == .undecided)
        store.androidFeatures = []
        store.androidFeatureGroups = [
            [.init(name: "android.hardware.camera")], [.init(name: "android.hardware.nfc")],
        ]
        #expect(verdict(Self.device(["android.hardware.nfc": 0]), store).verdict == .eligible)
        #expect(
            verdict(Self.device(["android.hardware.wifi": 0]), store).failing.map(\.key) == [
                "feature-group"
            ])
        store.androidFeatureGroups = []
        // 1080 x 2400 px at 420 dpi is 411 x 914 dp: a normal screen.
        store.supportsScreens = ["smallScreens": false, "normalScreens": false]
        #expect(verdict(Self.device([:]), store).failing.map(\.key) == ["supports-screens"])
        store.supportsScreens = ["smallScreens": false]
        #expect(verdict(Self.device([:]), store).verdict == .eligible)
        store.compatibleScreens = [.init(size: "normal", density: 480)]
        #expect(verdict(Self.device([:]), store).failing.map(\.key) == ["compatible-screens"])
        store.compatibleScreens = [.init(size: "normal", density: 420)]
        #expect(verdict(Self.device([:]), store).verdict == .eligible)
    }

    /// The extractor's own unit tests (hand-written makefile and prop trees).
    @Test func theCatalogExtractorsUnitTestsPass() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3",
            Self.repository.appendingPathComponent("Scripts/catalog/test_android_device_row.py")
                .path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func theAppleCatalogRefusesAnAndroidManifest() throws {
        let manifest = try ManifestLoader.load(path: Fixtures.path("android/zxing.xml"))
        let apple = try #require(try BuiltinMatrices.catalog("apple"))
        #expect(throws: CatalogError.self) { try apple.evaluate(manifest, path: "zxing.xml") }
    }
}
