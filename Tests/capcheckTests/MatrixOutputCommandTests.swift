import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `matrix`, `diff` and `report` end to end: provenance in every output, `--no-loss` exit codes,
/// the live machine's column and hostile device names in every report format.
@Suite struct MatrixOutputCommandTests {
    static func run(_ arguments: [String], stdin: String = "") -> CLI.Result {
        CLI.run(arguments, stdin: stdin)
    }

    static func path(_ relative: String) -> String { CLI.fixture(relative) }

    @Test(arguments: ["phones.csv", "phones.md", "phones.json"], [[], ["--json"], ["--csv"]])
    func showsTheProvenanceOfEveryTableFormInEveryOutput(table: String, output: [String]) {
        let run = Self.run(
            [
                "matrix", Self.path("matrix/\(table)"), "--manifest",
                Self.path("matrix/gyroscope.plist"),
            ]
                + output)
        #expect(run.code == .ok)
        #expect(run.stdout.contains("source: written by hand for capcheck tests"))
        #expect(run.stdout.contains("date: 2026-11"))
        #expect(run.stdout.contains("Phone A Lite"))
    }

    @Test func showsTheProvenanceInTheDiffTextAndJSON() throws {
        let arguments = [
            "diff", Self.path("matrix/gyroscope.plist"), Self.path("matrix/gyroscope-gps.plist"),
            "--matrix", Self.path("matrix/phones.csv"),
        ]
        #expect(Self.run(arguments).stdout.contains("Provenance date: 2026-11\n"))
        let json = Self.run(arguments + ["--json"])
        let diff = try JSONDecoder().decode(MatrixDiffResult.self, from: Data(json.stdout.utf8))
        #expect(diff.provenance == ["source: written by hand for capcheck tests", "date: 2026-11"])
    }

    /// Row A has a gyroscope and says nothing about GPS: adding `gps` may lose it.
    @Test func exitsTwoWithNoLossWhenARowMayBeLost() {
        let run = Self.run(
            [
                "diff", Self.path("matrix/gyroscope.plist"),
                Self.path("matrix/gyroscope-gps.plist"),
                "--matrix", "-", "--no-loss",
            ], stdin: "Device,Gyroscope,GPS\nA,yes,\nB,yes,yes\n")
        #expect(run.code == .undecided)
        #expect(run.stdout.contains("May be lost (new manifest undecided): 1\n"))
        #expect(run.stdout.contains("  -? A           the table does not say: gps\n"))
        #expect(run.stderr.contains("1 row(s) may be lost"))
    }

    @Test func namesApplesNoTighteningRuleOnlyWhenRowsAreLost() {
        let tighter = Self.run([
            "diff", Self.path("matrix/gyroscope.plist"), Self.path("matrix/gyroscope-gps.plist"),
            "--builtin", "ios-2011",
        ])
        #expect(tighter.stdout.contains("Note: App Store Connect rejects an update"))
        let looser = Self.run([
            "diff", Self.path("matrix/gyroscope-gps.plist"), Self.path("matrix/gyroscope.plist"),
            "--builtin", "ios-2011",
        ])
        #expect(looser.stdout.contains("  + iPad 2 WiFi           no longer requires: gps\n"))
        #expect(!looser.stdout.contains("App Store Connect"))
    }

    @Test func carriesApplesRuleInTheJSONOfATighteningDiff() throws {
        let base = ["--builtin", "ios-2011", "--json"]
        let tighter = Self.run(
            ["diff", Self.path("matrix/gyroscope.plist"), Self.path("matrix/gyroscope-gps.plist")]
                + base)
        let lost = try JSONDecoder().decode(MatrixDiffResult.self, from: Data(tighter.stdout.utf8))
        #expect(lost.rule == MatrixDiffResult.appleRule)
        let looser = Self.run(
            ["diff", Self.path("matrix/gyroscope-gps.plist"), Self.path("matrix/gyroscope.plist")]
                + base)
        #expect(!looser.stdout.contains("\"rule\""))
        #expect(
            try JSONDecoder().decode(MatrixDiffResult.self, from: Data(looser.stdout.utf8)).rule
                == nil)
    }

    @Test(arguments: [
        (
            ["matrix", "-", "--builtin", "ios-2011", "--manifest", "m"],
            "give a TABLE, --builtin NAME or --catalog FILE, only one"
        ),
        (["diff", "a", "b"], "give --matrix TABLE, --builtin NAME or --catalog FILE"),
        (
            ["diff", "a", "b", "--matrix", "t", "--builtin", "ios-2011"],
            "give --matrix TABLE, --builtin NAME or --catalog FILE, only one"
        ),
    ])
    func saysWhichTableOptionIsMissingOrDoubled(arguments: [String], message: String) {
        let run = Self.run(arguments)
        #expect(run.code == .usage)
        #expect(run.stderr.contains(message))
    }

    @Test func reportsTheLiveMachineAsOneColumnWithoutFrom() {
        let run = Self.run([
            "report", "--format", "csv", "--manifest", Self.path("matrix/gyroscope.plist"),
        ])
        #expect(run.code == .ok)
        let records = run.stdout.split(separator: "\n")
        #expect(records.first?.hasPrefix("feature,id,") == true)
        #expect(
            records.contains("Cellular,cellular,present")
                || records.contains("Cellular,cellular,absent")
                || records.contains("Cellular,cellular,unknown"))
        #expect(records.last?.hasPrefix("verdict,") == true)
    }

    @Test(arguments: [
        (
            MachineIdentity(vendor: "LENOVO", model: "2355CTO", hostname: "t430s"), "/x/dump.txt",
            "LENOVO 2355CTO"
        ),
        (MachineIdentity(hostname: "t430s"), "/x/dump.txt", "dump.txt"),
        (MachineIdentity(hostname: "t430s"), "-", "stdin"),
        (MachineIdentity(hostname: "t430s"), nil, "t430s"),
        (MachineIdentity(), nil, "this machine"),
    ])
    func namesAColumnAfterTheMachineTheFileOrTheHost(
        machine: MachineIdentity, path: String?, name: String
    ) {
        #expect(ReportCommand.columnName(machine, path: path) == name)
    }

    @Test(arguments: FeatureTableRenderer.Format.allCases)
    func keepsEscapeSequencesOfAHostileSnapshotOutOfEveryFormat(format: FeatureTableRenderer.Format)
        throws
    {
        let run = Self.run([
            "report", "--from", Self.path("matrix/hostile-machine.json"), "--format",
            format.rawValue,
        ])
        #expect(run.code == .ok)
        #expect(!run.stdout.contains("\u{1b}") && !run.stdout.contains("\u{7}"))
        switch format {
        case .json:
            let table = try JSONDecoder().decode(FeatureTable.self, from: Data(run.stdout.utf8))
            #expect(
                table.machines.first?.name.contains("\u{1b}[31m <script>alert(1)</script>") == true)
        case .html, .md:
            #expect(!run.stdout.contains("<script>") && run.stdout.contains("&lt;script&gt;"))
        case .csv:
            #expect(run.stdout.hasPrefix("feature,id,\"Evil? Corp?[31m <script>"))
        }
    }

    @Test func namesTheReasonWhenTheReportCannotBeWritten() {
        let run = Self.run([
            "report", "--from", Self.path("udevadm/QEMU_KVM.txt"), "-o", "/nonexistent/dir/r.html",
        ])
        #expect(run.code == .ioError)
        #expect(
            run.stderr.contains(
                "/nonexistent/dir/r.html: cannot write the report: No such file or directory"))
    }

    @Test func replacesAnOlderLongerReportFile() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-report-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: output) }
        try Data(String(repeating: "old ", count: 10_000).utf8).write(to: output)
        let run = Self.run([
            "report", "--from", Self.path("udevadm/QEMU_KVM.txt"), "--format", "csv", "-o",
            output.path,
        ])
        #expect(run.code == .ok)
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.hasPrefix("feature,id,Bochs\n") && !text.contains("old "))
    }
}
