import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `matrix --builtin apple|android` and `diff --builtin apple|android`: which devices can
/// install an app, and what a manifest change gains or loses, each one command.
struct CatalogCommandTests {
    static func fixture(_ name: String) -> String { CLI.fixtures.appendingPathComponent(name).path }

    @Test func oneDiffShowsTheM1KeyLosesTheIPhone16ProMax() {
        let result = CLI.run([
            "diff", Self.fixture("catalogs/gaming-tier.plist"),
            Self.fixture("catalogs/gaming-tier-and-m1.plist"), "--builtin", "apple", "--no-loss",
        ])
        #expect(result.code == .unmet)
        #expect(
            result.stdout.contains(
                "iPhone 16 Pro Max  doesn't support required feature: ipad-minimum-performance-m1"))
        #expect(result.stderr.contains("row(s) lost"))
    }

    @Test func matrixListsExcludingKeysAndYears() {
        let result = CLI.run([
            "matrix", "--builtin", "apple", "--manifest",
            Self.fixture("catalogs/gaming-tier-and-m1.plist"),
        ])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("\nExcluded by key\n  ipad-minimum-performance-m1: "))
        #expect(result.stdout.contains("\nBy year\n  2007: 0 of 2 eligible (2 excluded)\n"))
        #expect(result.stdout.contains("iPhone 16 Pro Max"))
    }

    @Test(arguments: ["json", "csv", "md", "html"])
    func everyFormatCarriesTheCatalog(format: String) {
        let result = CLI.run([
            "matrix", "--builtin", "android", "--manifest", Self.fixture("android/zxing.xml"),
            "--format", format,
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(result.stdout.contains("(alioth)"))
        if format == "json" { #expect(result.stdout.contains("\"groupedBy\" : \"SDK level\"")) }
        if format == "html" { #expect(result.stdout.hasPrefix("<!DOCTYPE html>")) }
    }

    @Test func aManifestOfTheOtherStoreIsAUsageError() {
        let result = CLI.run([
            "matrix", "--builtin", "apple", "--manifest", Self.fixture("android/zxing.xml"),
        ])
        #expect(result.code == .usage)
        #expect(
            result.stderr.contains(
                "the apple catalog checks an Info.plist or .ipa (or a capcheck JSON manifest), not an AndroidManifest.xml"
            ))
    }

    @Test func listBuiltinNamesRowCountsAndSources() {
        let result = CLI.run(["matrix", "--list-builtin"])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("android   339 devices"))
        #expect(lines[1].hasPrefix("apple     166 models"))
        #expect(lines[2].hasPrefix("ios-2011  12 rows"))
        #expect(lines.allSatisfy { $0.contains("(") && $0.contains(")") })
    }
}
