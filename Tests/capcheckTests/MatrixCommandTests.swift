import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// Runs `capcheck matrix|diff|report` in-process against the repository's fixtures.
@Suite struct MatrixCommandTests {
    static func path(_ relative: String) -> String { CLI.fixture(relative) }

    static func run(_ arguments: [String], stdin: String = "") -> CLI.Result {
        CLI.run(arguments, stdin: stdin)
    }

    /// The table commands report a bad `--kind` when the manifest is read (after the table),
    /// as one line; `verify` and `lint` report it while parsing, with their usage.
    @Test func aBadKindIsOneLineWhenTheManifestIsRead() {
        let message =
            "capcheck: error: --kind must be plist, android, json or appstream, not 'yaml'"
        let manifest = Self.path("matrix/gyroscope.plist")
        for arguments in [
            ["matrix", "--builtin", "ios-2011", "--manifest", manifest, "--kind", "yaml"],
            ["diff", manifest, manifest, "--builtin", "ios-2011", "--kind", "yaml"],
            [
                "report", "--from", Self.path("udevadm/LENOVO_T420.txt"), "--manifest", manifest,
                "--kind", "yaml",
            ],
        ] {
            let run = Self.run(arguments)
            #expect(run.code == .usage, "\(arguments)")
            #expect(run.stderr == message + "\n", "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let table = Self.run([
            "matrix", "/nonexistent.csv", "--manifest", manifest, "--kind", "yaml",
        ])
        #expect(table.code == .noInput)
        for command in ["verify", "lint"] {
            let run = Self.run([command, manifest, "--kind", "yaml"])
            #expect(run.code == .usage)
            #expect(run.stderr.hasPrefix(message + "\nusage: capcheck \(command) MANIFEST"))
        }
    }

    @Test func listsTheBuiltinMatrices() {
        let run = Self.run(["matrix", "--list-builtin"])
        #expect(run.code == .ok)
        #expect(run.stdout.contains("\nios-2011  12 rows"))
    }

    @Test func filtersTheBuiltinMatrixWithProvenanceAndFamilies() {
        let run = Self.run([
            "matrix", "--builtin", "ios-2011", "--manifest",
            Self.path("matrix/gyroscope-gps.plist"),
        ])
        #expect(run.code == .ok)
        #expect(run.stdout.contains("Provenance source: seed book 'Basic Sensors in iOS'"))
        #expect(
            run.stdout.contains(
                "iPod touch (4th Gen)  excluded   doesn't support required feature: gps\n"))
        #expect(run.stdout.contains("  iPad 2: 1 of 2 eligible (1 excluded)\n"))
        #expect(run.stdout.hasSuffix("2 of 12 rows eligible, 10 excluded, 0 undecided\n"))
    }

    @Test func printsTheStableJSONDocument() throws {
        let run = Self.run([
            "matrix", "--builtin", "ios-2011", "--manifest",
            Self.path("matrix/front-facing-camera.plist"), "--json",
        ])
        #expect(run.code == .ok)
        let result = try JSONDecoder().decode(MatrixResult.self, from: Data(run.stdout.utf8))
        #expect(result.schema == 1)
        #expect(result.provenance.count == 4)
        #expect(result.families.last?.sentence == "iPad 2: 2 of 2 eligible")
    }

    @Test func readsATableFromStandardInputAsCSVOutput() {
        let run = Self.run(
            ["matrix", "-", "--manifest", Self.path("matrix/gyroscope.plist"), "--csv"],
            stdin: "# source: stdin\n| Device | Gyroscope |\n|---|---|\n| A | ☑ |\n| B | |\n")
        #expect(run.code == .ok)
        #expect(run.stdout.contains("# source: stdin\n"))
        #expect(run.stdout.contains("A,A,eligible,,,\n"))
        #expect(run.stdout.contains("B,B,undecided,,gyroscope,the table does not say: gyroscope\n"))
    }

    @Test func rejectsAnUnknownHeaderNamingTheNearestAlias() {
        let run = Self.run([
            "matrix", Self.path("matrix/unknown-header.csv"), "--manifest",
            Self.path("matrix/gyroscope.plist"),
        ])
        #expect(run.code == .dataError)
        #expect(
            run.stderr.contains(
                "unknown-header.csv:2: unknown column 'Gyroscop' (did you mean 'Gyroscope' (sensor.gyroscope)?)"
            ))
    }

    @Test func pointsACameraTableToTheBuiltinMatrixThatJoinsIt() {
        let table = Self.path("data/seed-camera-table.csv")
        let run = Self.run(["matrix", table, "--manifest", Self.path("matrix/gyroscope.plist")])
        #expect(run.code == .dataError)
        #expect(
            run.stderr
                == "capcheck: error: \(table):3: unknown column 'Focus': this is a camera table (one row per camera: Model, Camera, Focus, Flash), not a device table; the seed's joins its device table in --builtin ios-2011\n"
        )
    }

    @Test(arguments: [
        (["matrix", "--builtin", "ios-2011"], ExitCode.usage),
        (["matrix", "t.csv", "--builtin", "ios-2011", "--manifest", "m"], .usage),
        (["matrix", "--builtin", "ios-2012", "--manifest", "m"], .usage),
        (["matrix", "--builtin", "ios-2011", "--manifest", "m", "--json", "--csv"], .usage),
        (["matrix", "/nonexistent/t.csv", "--manifest", "m"], .noInput),
        (["matrix", "--builtin", "ios-2011", "--manifest", "/nonexistent/m.plist"], .noInput),
        (["diff", "a.plist", "--builtin", "ios-2011"], .usage),
        (["diff", "a.plist", "b.plist"], .usage),
        (["report", "--format", "pdf"], .usage),
    ])
    func mapsBadInvocationsToExitCodes(arguments: [String], code: ExitCode) {
        #expect(Self.run(arguments).code == code)
    }

    @Test func failsNoLossWhenTheNewManifestLosesRows() {
        let arguments = [
            "diff", Self.path("matrix/gyroscope.plist"), Self.path("matrix/gyroscope-gps.plist"),
            "--builtin", "ios-2011",
        ]
        let plain = Self.run(arguments)
        #expect(plain.code == .ok)
        #expect(plain.stdout.contains("Lost: 2\n"))
        #expect(
            plain.stdout.contains(
                "  - iPad 2 WiFi           doesn't support required feature: gps\n"))
        let strict = Self.run(arguments + ["--no-loss"])
        #expect(strict.code == .unmet)
        #expect(strict.stderr.contains("2 row(s) lost: App Store Connect rejects an update"))
    }

    @Test func passesNoLossWhenTheNewManifestRelaxes() throws {
        let run = Self.run([
            "diff", Self.path("matrix/gyroscope-gps.plist"), Self.path("matrix/gyroscope.plist"),
            "--builtin", "ios-2011",
            "--no-loss", "--json",
        ])
        #expect(run.code == .ok)
        let diff = try JSONDecoder().decode(MatrixDiffResult.self, from: Data(run.stdout.utf8))
        #expect(diff.rows(.gained).map(\.name) == ["iPod touch (4th Gen)", "iPad 2 WiFi"])
    }

    @Test func escapesAHostileSnapshotInTheHTMLReport() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-report-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: output) }
        let run = Self.run([
            "report", "--from", Self.path("matrix/hostile-machine.json"), "--from",
            Self.path("udevadm/QEMU_KVM.txt"),
            "--format", "html", "-o", output.path,
        ])
        #expect(run.code == .ok)
        #expect(run.stdout.isEmpty)
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("\u{1b}") && !html.contains("\u{7}"))
        #expect(html.contains("<th scope=\"col\">Bochs</th>"))
    }

    @Test func namesMachineColumnsAfterVendorAndModelOrTheFile() {
        let run = Self.run([
            "report", "--from", Self.path("udevadm/QEMU_KVM.txt"), "--from",
            Self.path("udevadm/RPI3B.txt"),
            "--format", "csv", "--manifest", Self.path("matrix/gyroscope.plist"),
        ])
        #expect(run.code == .ok)
        let header = run.stdout.split(separator: "\n").first.map(String.init)
        #expect(header?.hasPrefix("feature,id,Bochs,") == true)
        #expect(run.stdout.split(separator: "\n").last?.hasPrefix("verdict,") == true)
    }
}
