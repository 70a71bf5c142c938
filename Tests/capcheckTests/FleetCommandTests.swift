import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `matrix --fleet DIR` and `report --from DIR`: one row (column) per machine snapshot.
@Suite struct FleetCommandTests {
    static let machines = [
        "LENOVO_T430S", "RPI3B", "QEMU_KVM", "HP_ELITEBOOK_835_13_INCH_G10", "DELL_INSPIRON_3048",
    ]
    static let manifest =
        #"{"version": 1, "require": ["net.wifi", "camera.any"], "optional": ["nfc"]}"#

    /// A directory of `list --json` snapshots, one per fixture dump, named host-N.json.
    static func fleet() throws -> URL {
        let directory = try ProgramRun.temporaryDirectory()
        for (index, name) in machines.enumerated() {
            let snapshot = CLI.run(["list", "--from", CLI.fixture("udevadm/\(name).txt"), "--json"])
            #expect(snapshot.code == .ok)
            try Data(snapshot.stdout.utf8).write(
                to: directory.appendingPathComponent("host-\(index).json"))
        }
        try Data(manifest.utf8).write(to: directory.appendingPathComponent(".manifest.json"))
        return directory
    }

    /// The fleet's row names: vendor and model (a dump records no host name), with spaces
    /// where the dump's udev properties have them; the file name for a dump without a model.
    static let rowNames = [
        "LENOVO 2355CTO", "host-1.json", "Bochs",
        "HP EliteBook 835 13 inch G10 Notebook PC", "DellInc. Inspiron20Model3048",
    ]

    @Test func eachMachinesVerdictIsWhatVerifyFromGives() throws {
        let directory = try Self.fleet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent(".manifest.json").path
        let run = CLI.run(["matrix", "--fleet", directory.path, "--manifest", manifest, "--json"])
        #expect(run.code == .ok)
        #expect(run.stderr == "")
        let result = try JSONDecoder().decode(MatrixResult.self, from: Data(run.stdout.utf8))
        #expect(result.rows.map(\.name) == Self.rowNames)
        for (index, row) in result.rows.enumerated() {
            let verify = CLI.run(
                [
                    "verify", manifest, "--from",
                    directory.appendingPathComponent("host-\(index).json").path,
                ])
            let expected: RowVerdict =
                switch verify.code {
                case .ok: .eligible
                case .unmet: .excluded
                default: .undecided
                }
            #expect(row.verdict == expected, "\(row.name)")
        }
        #expect(Set(result.rows.map(\.verdict)).count > 1, "the fleet should not be uniform")
        #expect(result.families.contains { $0.family == "LENOVO 2355CTO" })
    }

    /// A matrix CSV's records: without its `#` comments and its header.
    static func csvRecords(_ text: String) -> [Substring] {
        Array(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst())
    }

    @Test func textAndCSVListEveryMachine() throws {
        let directory = try Self.fleet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent(".manifest.json").path
        let text = CLI.run(["matrix", "--fleet", directory.path, "--manifest", manifest])
        #expect(text.stdout.contains("\nLENOVO 2355CTO "))
        #expect(text.stdout.contains("of 5 rows eligible"))
        let csv = CLI.run(["matrix", "--fleet", directory.path, "--manifest", manifest, "--csv"])
        let records = Self.csvRecords(csv.stdout)
        #expect(records.count == Self.machines.count)
        #expect(Self.rowNames.allSatisfy { name in records.contains { $0.hasPrefix(name + ",") } })
        // A dump has no DMI memory sizes: the recording, not a table, does not say.
        let memory = directory.appendingPathComponent(".memory.json")
        try Data(#"{"version": 1, "require": ["memory.total >= 4GiB"]}"#.utf8).write(to: memory)
        let undecided = CLI.run(
            ["matrix", "--fleet", directory.path, "--manifest", memory.path, "--csv"]
        ).stdout.split(separator: "\n").filter { $0.contains(",undecided,") }
        #expect(!undecided.isEmpty)
        #expect(
            undecided.allSatisfy {
                $0.hasSuffix(",the recording does not say: memory.total >= 4GiB")
            })
    }

    @Test func aBrokenFileIsSkippedWithAWarningAndTheRestCount() throws {
        let directory = try Self.fleet()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a snapshot\n".utf8).write(to: directory.appendingPathComponent("broken.json"))
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("subdir"), withIntermediateDirectories: true)
        let manifest = directory.appendingPathComponent(".manifest.json").path
        let run = CLI.run(["matrix", "--fleet", directory.path, "--manifest", manifest, "--csv"])
        #expect(run.code == .ok)
        // Unrecognised input names its line (issue 9: file, line and reason).
        #expect(
            run.stderr.hasPrefix("capcheck: warning: skipped \(directory.path)/broken.json:1: "))
        #expect(Self.csvRecords(run.stdout).count == 5)
        #expect(!run.stdout.contains("broken.json"))
    }

    @Test func aTableAndAFleetExcludeEachOther() {
        let both = CLI.run(["matrix", "t.csv", "--fleet", "/tmp", "--manifest", "m.json"])
        #expect(both.code == .usage)
    }

    @Test func aMissingFleetDirectoryExits66() throws {
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("m.json")
        try Data(Self.manifest.utf8).write(to: manifest)
        let run = CLI.run(["matrix", "--fleet", "/nonexistent/fleet", "--manifest", manifest.path])
        #expect(run.code == .noInput)
        #expect(run.stderr.contains("/nonexistent/fleet"))
    }

    @Test func reportFromADirectoryHasOneColumnPerMachine() throws {
        let directory = try Self.fleet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent(".manifest.json").path
        let run = CLI.run(
            ["report", "--from", directory.path, "--manifest", manifest, "--format", "json"])
        #expect(run.code == .ok)
        let table = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let columns = try #require(table["machines"] as? [[String: Any]])
        #expect(columns.compactMap { $0["name"] as? String } == Self.rowNames)
    }

    /// A snapshot of a dump with its host name and model set, as `list --json` writes them
    /// on the machine.
    static func snapshot(_ dump: String, hostname: String?, model: String? = nil) throws -> Data {
        let text = CLI.run(["list", "--from", CLI.fixture("udevadm/\(dump).txt"), "--json"]).stdout
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var machine = try #require(object["machine"] as? [String: Any])
        machine["hostname"] = hostname
        if let model { machine["model"] = model }
        object["machine"] = machine
        return try JSONSerialization.data(withJSONObject: object)
    }

    @Test func fleetRowsAreNamedByHostThenModelNeverByFile() throws {
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.snapshot("LENOVO_T430S", hostname: "build-07").write(
            to: directory.appendingPathComponent("a.json"))
        try Self.snapshot("LENOVO_T430S", hostname: nil).write(
            to: directory.appendingPathComponent("b.json"))
        try Self.snapshot("LENOVO_T430S", hostname: "[REMOVED]").write(
            to: directory.appendingPathComponent("c.json"))
        try Self.snapshot("QEMU_KVM", hostname: nil).write(
            to: directory.appendingPathComponent("d.json"))
        let manifest = directory.appendingPathComponent(".m.json")
        try Data(Self.manifest.utf8).write(to: manifest)
        let run = CLI.run(
            ["matrix", "--fleet", directory.path, "--manifest", manifest.path, "--json"])
        let result = try JSONDecoder().decode(MatrixResult.self, from: Data(run.stdout.utf8))
        // Two unnamed T430s share a model: their file names tell them apart.
        #expect(
            result.rows.map(\.name) == [
                "build-07", "LENOVO 2355CTO (b.json)", "LENOVO 2355CTO (c.json)", "Bochs",
            ])
        // Every row names the snapshot it came from, a named host's too.
        #expect(result.rows.map(\.file) == ["a.json", "b.json", "c.json", "d.json"])
        #expect(run.stdout.contains(#""file" : "a.json","#))
        // A report is redacted by default: its columns name models, not hosts.
        let report = CLI.run(["report", "--from", directory.path, "--format", "csv"])
        let header = report.stdout.split(separator: "\n").first.map(String.init)
        #expect(
            header
                == "feature,id,LENOVO 2355CTO (a.json),LENOVO 2355CTO (b.json),LENOVO 2355CTO (c.json),Bochs"
        )
        let kept = CLI.run(["report", "--from", directory.path, "--format", "csv", "--no-redact"])
        #expect(kept.stdout.hasPrefix("feature,id,build-07,"))
    }

    @Test func reportCSVCellsAreValuesNotGlyphs() throws {
        let directory = try Self.fleet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent(".manifest.json").path
        let csv = CLI.run(
            ["report", "--from", directory.path, "--manifest", manifest, "--format", "csv"]
        ).stdout
        for glyph in ["☑", "☐", "?"] { #expect(!csv.contains(glyph), "\(glyph)") }
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.contains("WiFi,net.wifi,present,present,absent,present,present"))
        let statusRows = lines.dropFirst().filter { !$0.hasPrefix("verdict,") && !$0.contains(":") }
        for line in statusRows {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).dropFirst(2)
            #expect(cells.allSatisfy { ["present", "absent", "unknown"].contains($0) }, "\(line)")
        }
        #expect(lines.last?.hasPrefix("verdict,") == true)
    }

    @Test func thousandsOfSnapshotsMakeThousandsOfRows() throws {
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let snapshot = try Data(
            contentsOf: URL(fileURLWithPath: CLI.fixture("snapshots/partial-empty.json")))
        for index in 0..<2000 {
            try snapshot.write(
                to: directory.appendingPathComponent(String(format: "m%04d.json", index)))
        }
        let manifest = directory.appendingPathComponent(".m.json")
        try Data(Self.manifest.utf8).write(to: manifest)
        let run = CLI.run([
            "matrix", "--fleet", directory.path, "--manifest", manifest.path, "--json",
        ])
        let result = try JSONDecoder().decode(MatrixResult.self, from: Data(run.stdout.utf8))
        #expect(result.rows.count == 2000)
        // One model 2000 times: each row is told apart by its file.
        #expect(result.rows.first?.name == "capcheck test machine (m0000.json)")
        #expect(result.rows.last?.name == "capcheck test machine (m1999.json)")
        // A partial source proves nothing absent: every machine is undecided, none excluded.
        #expect(result.totals.undecided == 2000)
    }
}
