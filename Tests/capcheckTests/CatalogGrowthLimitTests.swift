import CapabilityProbeTesting
import Foundation
import Testing

/// `matrix` and `diff` over the built-in catalogs with manifests of thousands of keys, run
/// under a timeout and the 512 MiB address-space limit: a row lists at most 20 issues of a
/// kind and counts the rest, so the output grows with the devices, not devices × keys
/// (`Fixtures/bad/android-many-unknown-features.xml` crashed `matrix --builtin android` at
/// 477 MiB before; the manifests of 20 000 features, 60 000 feature groups and an Info.plist
/// of 20 000 unknown keys are made here). The timeout guards against a hang, not speed: a debug
/// build needs about 22 s of CPU for the 20 000-feature manifest over the 893 Android rows, and
/// the shared test machine may give it a fraction of a core.
@Suite struct CatalogGrowthLimitTests {
    static func run(_ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(
            arguments, directory: BadInputCorpusTests.root, timeout: 240,
            memoryLimit: BadInputCorpusTests.memoryLimit)
    }

    static func write(_ text: String, _ name: String) throws -> URL {
        let directory = try ProgramRun.temporaryDirectory()
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func manyUnknownFeaturesStayBoundedOnTheAndroidCatalog() throws {
        let result = try Self.run([
            "matrix", "--builtin", "android", "--manifest",
            BadInputCorpusTests.root.appendingPathComponent(
                "Fixtures/bad/android-many-unknown-features.xml"
            )
            .path, "--allow-unknown",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count < 2_000_000)
        #expect(result.stdout.contains(" more of the same kind") || result.stdout.contains("… "))
    }

    @Test(arguments: ["features", "groups"])
    func thousandsOfFeaturesOrGroupsStayBounded(kind: String) throws {
        let body =
            kind == "features"
            ? (0..<20_000).map { "<uses-feature android:name=\"org.example.f\($0)\"/>" }.joined()
            : (0..<60_000).map {
                "<feature-group><uses-feature android:name=\"org.example.g\($0)\"/></feature-group>"
            }.joined()
        let manifest = try Self.write(
            "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\" package=\"a.b\">"
                + body + "</manifest>", "AndroidManifest.xml")
        defer { try? FileManager.default.removeItem(at: manifest.deletingLastPathComponent()) }
        for format in ["text", "json", "csv"] {
            let result = try Self.run([
                "matrix", "--builtin", "android", "--manifest", manifest.path, "--allow-unknown",
                "--format", format,
            ])
            #expect(result.status == 0, "\(kind) \(format): \(result.stderr)")
            #expect(result.stdout.utf8.count < 8_000_000, "\(kind) \(format)")
        }
    }

    @Test func anInfoPlistOfManyUnknownKeysStaysBoundedOnTheAppleCatalog() throws {
        let keys = (0..<20_000).map { "<string>unknown-key-\($0)</string>" }.joined()
        let plist = try Self.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict>"
                + "<key>UIRequiredDeviceCapabilities</key><array>" + keys
                + "</array></dict></plist>",
            "Info.plist")
        defer { try? FileManager.default.removeItem(at: plist.deletingLastPathComponent()) }
        let result = try Self.run([
            "matrix", "--builtin", "apple", "--manifest", plist.path, "--allow-unknown",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.utf8.count < 2_000_000)
        let diff = try Self.run([
            "diff", plist.path, plist.path, "--builtin", "apple", "--allow-unknown",
        ])
        #expect(diff.status == 0, "\(diff.stderr)")
    }
}
