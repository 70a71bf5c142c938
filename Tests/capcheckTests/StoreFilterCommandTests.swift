import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `matrix` and `diff` over the catalogs with the stores' own filters: the App Store's
/// family and minimum OS (read from the Info.plist or stated with `--device-family`,
/// `--min-os`, `--vision-pro`) and Play Console exports read with `--catalog`.
struct StoreFilterCommandTests {
    static func fixture(_ name: String) -> String { CLI.fixtures.appendingPathComponent(name).path }

    @Test func anIOS17IPhoneAppIsOfferedOnlyWhereIOS17Runs() throws {
        let result = CLI.run([
            "matrix", "--builtin", "apple", "--manifest", Self.fixture("catalogs/iphone-ios17.plist"),
            "--json",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let answer = try #require(document["answer"] as? String)
        #expect(answer.contains("? 108 of 166 (56 excluded, 2 undecided)"))
        let rows = try #require(document["rows"] as? [[String: Any]])
        let fiveS = try #require(rows.first { $0["name"] as? String == "iPhone 5s" })
        #expect(fiveS["verdict"] as? String == "excluded")
        let device = try #require(fiveS["device"] as? [String: Any])
        #expect(device["newestOS"] as? String == "iOS 12.5.8")
        #expect(device["deviceFamily"] as? Int == 1)
    }

    @Test func theTextAnswersBeforeItsSources() {
        let result = CLI.run([
            "matrix", "--builtin", "apple", "--manifest", Self.fixture("catalogs/iphone-ios17.plist"),
        ])
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first?.hasPrefix("Which devices can install ") == true)
        #expect(lines.first?.hasSuffix("? 108 of 166 (56 excluded, 2 undecided) in builtin:apple") == true)
        #expect(lines[1] == "Excluded by MinimumOSVersion 17.0: 52, UIDeviceFamily: 4")
        #expect(result.stdout.contains("\nSources\nMatrix     builtin:apple\n"))
    }

    @Test func aSourceInfoPlistIsFilteredOnWhatIsStated() {
        let plist = Self.fixture("catalogs/source-build-variables.plist")
        let silent = CLI.run(["matrix", "--builtin", "apple", "--manifest", plist])
        #expect(silent.code == .ok)
        #expect(
            silent.stdout.contains(
                "Note: MinimumOSVersion is the build variable $(IPHONEOS_DEPLOYMENT_TARGET): not filtered on OS version; state it with --min-os 17.0"
            ))
        let stated = CLI.run([
            "matrix", "--builtin", "apple", "--manifest", plist, "--min-os", "17.0",
            "--device-family", "iphone", "--vision-pro", "unavailable",
        ])
        #expect(stated.code == .ok)
        #expect(stated.stdout.contains("? 108 of 166 (58 excluded, 0 undecided)"))
        #expect(stated.stdout.contains("Note: MinimumOSVersion 17.0 as stated (--min-os)"))
        let bad = CLI.run(["matrix", "--builtin", "apple", "--manifest", plist, "--min-os", "x"])
        #expect(bad.code == .usage)
        #expect(bad.stderr.contains("--min-os takes a version such as 17.0, not 'x'"))
    }

    @Test func diffNamesWhatAnOSBumpLoses() {
        let result = CLI.run([
            "diff", Self.fixture("catalogs/iphone-ios16.plist"),
            Self.fixture("catalogs/iphone-ios17.plist"), "--builtin", "apple",
        ])
        #expect(result.code == .ok)
        #expect(
            result.stdout.contains(
                "MinimumOSVersion 16.0 → 17.0 loses 9: iPhone 8, iPhone 8 Plus, iPhone X, "))
        // Raising the minimum OS is an ordinary update, not a tightened capability.
        #expect(!result.stdout.contains("App Store Connect rejects"))
    }

    @Test func lintShowsTheFamilyAndMinimumTheStoreFiltersOn() {
        let result = CLI.run(["lint", Self.fixture("catalogs/iphone-ios17.plist")])
        #expect(result.code == .ok)
        #expect(
            result.stdout.contains(
                "the App Store filters devices on UIDeviceFamily 1 (iPhone) and MinimumOSVersion 17.0 before UIRequiredDeviceCapabilities"
            ))
    }

    @Test func aPlayExportIsFilteredRowByRow() throws {
        let result = CLI.run([
            "matrix", "--catalog", Self.fixture("play-console/export-current.csv"), "--manifest",
            Self.fixture("android/simple-camera.xml"), "--json",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == 9)
        let watch = try #require(rows.first { ($0["name"] as? String)?.contains("fresh7bl") == true })
        #expect(watch["verdict"] as? String == "excluded")
        let device = try #require(watch["device"] as? [String: Any])
        #expect(device["brand"] as? String == "samsung")
        #expect(device["formFactor"] as? String == "watch")
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.hasSuffix("line 11: 6 cells, fewer than the header's 16; row skipped") })
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["groupedBy"] as? String == "form factor")
    }

    @Test func diffTakesAPlayExportToo() {
        let result = CLI.run([
            "diff", Self.fixture("android/simple-camera.xml"), Self.fixture("android/zxing.xml"),
            "--catalog", Self.fixture("play-console/export-older.csv"),
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(result.stdout.contains("export-older.csv"))
    }

    @Test(arguments: [
        (
            "play-console/not-an-export.csv", ExitCode.dataError,
            "not-an-export.csv:1: not a Play Console device-catalog export"
        ),
        ("play-console/missing.csv", .noInput, "missing.csv"),
    ])
    func aBadExportIsOneLine(name: String, code: ExitCode, message: String) {
        let result = CLI.run([
            "matrix", "--catalog", Self.fixture(name), "--manifest",
            Self.fixture("android/zxing.xml"),
        ])
        #expect(result.code == code)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains(message))
    }

    @Test func anExportNeedsAnAndroidManifest() {
        let result = CLI.run([
            "matrix", "--catalog", Self.fixture("play-console/export-older.csv"), "--manifest",
            Self.fixture("catalogs/iphone-ios17.plist"),
        ])
        #expect(result.code == .usage)
        #expect(result.stderr.contains("(--catalog "))
    }
}
