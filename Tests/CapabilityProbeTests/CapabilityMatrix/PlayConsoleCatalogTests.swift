import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix

/// Play Console's device-catalog export (Fixtures/play-console, rows written by hand from a
/// real export; README there): both header variants, quoted cells, multi-values, a short
/// row skipped with a warning, a file that is not an export, and a generated export of
/// Play's size.
struct PlayConsoleCatalogTests {
    static func load(_ name: String) throws -> PlayConsoleCatalog {
        try PlayConsoleCatalog.parse(contentsOf: Fixtures.path("play-console/\(name)"))
    }

    @Test func theCurrentHeaderIsReadColumnByColumn() throws {
        let catalog = try Self.load("export-current.csv")
        #expect(catalog.variant == "Brand, Device, Manufacturer, …")
        #expect(catalog.devices.count == 9)
        let tab = try #require(catalog.devices.first { $0.device == "gta4xlwifi" })
        #expect(tab.formFactor == .tablet)
        #expect(tab.sdkLevels == [29, 30, 31, 32, 33])
        #expect(tab.abis == ["arm64-v8a", "armeabi", "armeabi-v7a"])
        #expect(tab.glEsVersion == 0x0003_0002)
        #expect(tab.ram == "3888-3893MB")
        // 1200 × 2000 px at 240 dpi is 800 × 1333 dp: xlarge (at least 960 × 720 dp).
        #expect(tab.screens == [PlayDevice.Screen(size: "xlarge", density: 240)])
        #expect(tab.features != nil)
        let realme = try #require(catalog.devices.first { $0.device == "RE548BL1" })
        #expect(realme.model == "realme Q3s")
        #expect(realme.features == nil)
        let forms = catalog.devices.map(\.formFactor)
        #expect(forms.contains(.watch) && forms.contains(.car) && forms.contains(.chromebook))
        #expect(catalog.warnings == ["line 11: 6 cells, fewer than the header's 16; row skipped"])
        // coral, alioth, FP4, gta4xlwifi and sabrina have built-in android rows (Pixel 4 XL since the
        // catalog resolves the Pixel trees)
        #expect(catalog.rowsWithFeatures == 5)
    }

    @Test func theOlderHeaderHasModelCodesAndNoBrand() throws {
        let catalog = try Self.load("export-older.csv")
        #expect(catalog.variant == "Manufacturer, Model Name, Model Code, …")
        let pixel = try #require(catalog.devices.first)
        #expect(pixel.brand == nil)
        #expect(pixel.device == "coral")
        #expect(pixel.sdkLevels == [29, 30])
        #expect(catalog.devices.first { $0.device == "DRG" }?.features != nil)
    }

    @Test func aFileThatIsNoExportIsRefusedAtItsHeader() {
        let error = #expect(throws: MatrixError.self) { try Self.load("not-an-export.csv") }
        #expect(
            error?.description.hasSuffix(
                "not-an-export.csv:1: not a Play Console device-catalog export (its header needs Manufacturer, Model Name, Device or Model Code, and Android SDK Versions)"
            ) == true)
    }

    @Test func anExportOfPlaysSizeIsReadWhole() throws {
        let script = Fixtures.root.deletingLastPathComponent().appendingPathComponent(
            "Scripts/generate-play-export.py")
        let run = try Aapt.run(["/usr/bin/python3", script.path, "25000"])
        try #require(run.status == 0)
        let catalog = try PlayConsoleCatalog.parse(
            bytes: Array(run.text.utf8), path: "generated.csv", features: nil)
        #expect(catalog.devices.count == 25000)
        #expect(catalog.warnings.isEmpty)
        var store = StoreDeclarations()
        store.isAndroid = true
        store.minSdk = 30
        let result = PlayFilter.evaluate(
            catalog.devices, store: store, source: "generated.csv", provenance: [], manifest: nil)
        #expect(result.rows.count == 25000)
        #expect(
            result.rows.allSatisfy { row in
                row.verdict != .eligible || (row.device?.qualifyingSdkLevels?.min() ?? 0) >= 30
            })
    }
}
