import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// Whole outputs as golden files in `Fixtures/expected/golden/`: `list` as text, `verify` as
/// text and JSON, `matrix` over the device catalogs, and every command's help. The checkout's
/// path is written `<root>`, so the files hold on any clone. `CAPCHECK_RECORD=1 swift test
/// --filter GoldenOutputTests` re-records them, and that run fails so it cannot pass by
/// accident.
struct GoldenOutputTests {
    static let machines = [
        "udevadm/LENOVO_T430S.txt", "udevadm/RPI3B.txt", "udevadm/IBM_PSERIES_POWER7.txt",
        "umockdev/iio-accel-gyro-magn.umockdev", "snapshots/all-facts.json",
    ]
    static let manifests = [
        "manifests/Info-array.plist", "manifests/Info-dict.plist", "manifests/AndroidManifest.xml",
        "manifests/manifest.json", "appstream/org.gnome.Maps.metainfo.xml",
    ]

    /// stdout, then stderr and the exit code, with the checkout's path as `<root>`.
    static func document(_ arguments: [String]) -> String {
        let result = CLI.run(arguments)
        let root = ProgramRun.packageRoot.path
        let text =
            result.stdout + "--- stderr\n" + result.stderr + "exit \(result.code.rawValue)\n"
        return text.replacingOccurrences(of: root, with: "<root>")
    }

    static func check(_ actual: String, _ name: String) throws {
        let url = CLI.fixtures.appendingPathComponent("expected/golden/\(name)")
        if ProcessInfo.processInfo.environment["CAPCHECK_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(name); run again without CAPCHECK_RECORD=1")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "differs from Fixtures/expected/golden/\(name)")
    }

    static func file(_ path: String) -> String {
        path.replacingOccurrences(of: "/", with: "_")
    }

    @Test(arguments: machines)
    func listTextIsGolden(machine: String) throws {
        try Self.check(
            Self.document(["list", "--from", CLI.fixture(machine)]),
            "list_\(Self.file(machine)).txt")
    }

    @Test(arguments: manifests)
    func verifyTextAndJSONAreGolden(manifest: String) throws {
        let arguments = [
            "verify", CLI.fixture(manifest), "--from", CLI.fixture("udevadm/LENOVO_T430S.txt"),
        ]
        try Self.check(Self.document(arguments), "verify_\(Self.file(manifest)).txt")
        try Self.check(
            Self.document(arguments + ["--format", "json"]),
            "verify-json_\(Self.file(manifest)).txt")
    }

    @Test(arguments: ["apple", "android"])
    func catalogMatrixIsGolden(catalog: String) throws {
        let manifest =
            catalog == "apple" ? "catalogs/gaming-tier-and-m1.plist" : "android/simple-camera.xml"
        try Self.check(
            Self.document(["matrix", "--builtin", catalog, "--manifest", CLI.fixture(manifest)]),
            "matrix_\(catalog).txt")
    }

    @Test(arguments: [
        "list", "verify", "lint", "matrix", "diff", "report", "watch", "man", "completion",
    ])
    func helpIsGolden(command: String) throws {
        try Self.check(Self.document(["help", command]), "help_\(command).txt")
    }
}
