import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

@Suite struct ListCommandTests {
    @Test func listsAFixtureAsSortedJSONThatReadsBackAsASnapshot() throws {
        let result = CLI.run(["list", "--from", CLI.fixture("udevadm/LENOVO_T430S.txt"), "--json"])
        #expect(result.code == .ok)
        let report = try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
        #expect(report.schema == 1)
        #expect(report.capabilities.map(\.id) == report.capabilities.map(\.id).sorted())
        #expect(report.machine.vendor == "LENOVO")
        let again = CLI.run(["list", "--from", "-", "--json"], stdin: result.stdout)
        #expect(again.code == .ok)
        let reread = try JSONDecoder().decode(CapabilityReport.self, from: Data(again.stdout.utf8))
        #expect(reread.capabilities == report.capabilities)
        #expect(reread.source.kind == .snapshot)
    }

    @Test func humanTableNamesTheMachineAndEveryCapability() {
        let result = CLI.run(["list", "--from", CLI.fixture("udevadm/LENOVO_T430S.txt")])
        #expect(result.code == .ok)
        #expect(result.stdout.hasPrefix("Machine   LENOVO 2355CTO · source: udevadm "))
        #expect(result.stdout.contains("power.battery"))
    }

    @Test func garbageInputExits65WithOneLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-garbage.bin")
        try Data([0x00, 0xff, 0x13, 0x37]).write(to: path)
        let result = CLI.run(["list", "--from", path.path])
        #expect(result.code == .dataError)
        #expect(
            result.stderr
                == "capcheck: error: \(path.path):1: not a udevadm dump, umockdev recording or capcheck snapshot: binary data (a NUL byte), not text\n"
        )
    }

    static let oddDump =
        ("""
        P: /devices/virtual/mem/null
        E: SUBSYSTEM=mem

        P: /devices/pci0000:00/0000:00:14.0/usb1/1-4/1-4:1.0/0003:0461:4E22.0001
        E: HID_UNIQ=
        MODALIAS=hid:b0003g0001v00000461p00004E22
        E: SUBSYSTEM=hid
        Z: future
        E: A=1
        Z: future
        Z: future

        """)

    @Test func listCountsTheToleratedLinesAndShowsTheFirstThree() throws {
        let result = CLI.run(["list", "--from", "-"], stdin: Self.oddDump)
        #expect(result.code == .ok)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("Warnings") })
        #expect(
            Array(lines[start...].prefix(5)) == [
                "Warnings  4 about the input: tolerated, the rest of the machine was read",
                "          line 6: continuation of E: HID_UNIQ",
                "          line 8: unknown line kind 'Z:': skipped",
                "          line 10: unknown line kind 'Z:': skipped",
                "          … 1 more",
            ])
    }

    @Test func listJSONCarriesTheWarningsUnderSource() throws {
        let result = CLI.run(["list", "--from", "-", "--json"], stdin: Self.oddDump)
        #expect(result.code == .ok)
        let report = try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
        #expect(
            report.source.warnings.first
                == SourceWarning(line: 6, reason: "continuation of E: HID_UNIQ"))
        #expect(report.source.warningCount == 4)
        #expect(result.stdout.contains(#""reason" : "continuation of E: HID_UNIQ""#))
    }

    @Test func listShowsNoWarningsLineForACleanDump() {
        let result = CLI.run(["list", "--from", CLI.fixture("udevadm/LENOVO_T430S.txt")])
        #expect(!result.stdout.contains("Warnings"))
    }

    @Test func listNamesFileLineAndReasonOfADumpWithoutDevices() {
        let result = CLI.run(["list", "--from", "-"], stdin: "\nE: A=b\n")
        #expect(result.code == .dataError)
        #expect(
            result.stderr
                == "capcheck: error: <stdin>:2: not a udevadm dump, umockdev recording or capcheck snapshot: 'E: A=b' is neither a 'P: /devices/…' line nor a JSON object\n"
        )
    }

    /// Every recording in Fixtures/ (real dumps with continuation lines and no final newline
    /// included) is read with exit 0, in text and JSON.
    @Test func listReadsEveryRecordingInFixturesWithExit0() throws {
        var files: [String] = []
        for folder in ["udevadm", "umockdev", "snapshots"] {
            let names = try FileManager.default.contentsOfDirectory(
                atPath: CLI.fixture(folder))
            for name in names.sorted()
            where [".txt", ".umockdev", ".device", ".json"].contains(where: name.hasSuffix) {
                files.append(CLI.fixture(folder + "/" + name))
            }
        }
        #expect(files.count > 70)
        for file in files {
            for arguments in [["list", "--from", file], ["list", "--from", file, "--json"]] {
                let result = CLI.run(arguments)
                #expect(result.code == .ok, "\(file): \(result.stderr)")
                #expect(result.stderr.isEmpty, "\(file)")
            }
        }
    }

    @Test func missingInputExits66() {
        let result = CLI.run(["list", "--from", "/nonexistent/dump.txt"])
        #expect(result.code == .noInput)
        #expect(
            result.stderr == "capcheck: error: /nonexistent/dump.txt: cannot read: no such file\n")
    }

    @Test func unreadableSysfsExits69() {
        let result = CLI.run(["list"], live: SysfsDeviceSource(sysfsRoot: "/nonexistent-sys"))
        #expect(result.code == .unavailable)
        #expect(result.stderr.contains("/nonexistent-sys/devices cannot be listed"))
    }

    @Test(arguments: [
        (["list", "--bogus"], "capcheck: error: unknown option '--bogus'"),
        (["lsit"], "capcheck: error: unknown command 'lsit' (did you mean 'list'?)"),
        (["list", "--from"], "capcheck: error: option '--from' needs a value"),
        (["list", "--json=yes"], "capcheck: error: option '--json' takes no value"),
        (["list", "extra"], "capcheck: error: unexpected argument 'extra'"),
        ([], "OVERVIEW: capcheck answers"),
    ])
    func usageErrorsExit64(arguments: [String], firstLine: String) {
        let result = CLI.run(arguments)
        #expect(result.code == .usage)
        #expect(result.stderr.hasPrefix(firstLine))
    }

    @Test(arguments: [
        (
            "E: MODALIAS=dmi:svnDellInc.:pnInspiron3521:\nE: ID_VENDOR=Dell Inc.\nE: ID_MODEL=Inspiron 3521\n",
            "Dell Inc. Inspiron 3521"
        ),
        // Lenovo's ID_MODEL is the product version, another string: the modalias's stays.
        (
            "E: MODALIAS=dmi:svnLENOVO:pn20ARS19C0C:pvrThinkPadT440s:\nE: ID_VENDOR=LENOVO\nE: ID_MODEL=ThinkPad T440s\n",
            "LENOVO 20ARS19C0C"
        ),
        ("E: MODALIAS=dmi:svnDellInc.:pnInspiron3521:\n", "DellInc. Inspiron3521"),
    ])
    func dmiNamesKeepTheSpacesTheirSourceHas(properties: String, machine: String) {
        let dump = "P: /devices/virtual/dmi/id\nE: SUBSYSTEM=dmi\n" + properties
        let run = CLI.run(["list", "--from", "-"], stdin: dump)
        #expect(run.code == .ok)
        #expect(run.stdout.hasPrefix("Machine   \(machine) · source: udevadm <stdin>\n"))
    }

    @Test func aDumpsUdevDMIPropertiesGiveTheSpacedName() {
        let run = CLI.run([
            "list", "--from", CLI.fixture("udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt"),
        ])
        #expect(run.stdout.hasPrefix("Machine   HP EliteBook 835 13 inch G10 Notebook PC · "))
    }

    @Test func helpAndVersionGoToStdoutWithExit0() {
        let help = CLI.run(["help", "list"])
        #expect(help.code == .ok)
        #expect(help.stdout.contains("USAGE: capcheck list"))
        #expect(help.stdout.contains("EXIT CODES:"))
        #expect(CLI.run(["--version"]).stdout.hasPrefix("capcheck \(CapCheck.version) ("))
        #expect(CLI.run(["list", "--help"]).stdout.contains("--devices"))
    }

    /// Help is decided on tokens: after `--` a `--help` is a file name, not a request for help.
    @Test func helpAfterDoubleDashIsAFileName() {
        let run = CLI.run(["lint", "--", "--help"])
        #expect(run.code == .noInput)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("capcheck: error: --help: "))
        #expect(CLI.run(["lint", "-h"]).stdout.contains("USAGE: capcheck lint"))
    }

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/misc/pci.ids")
                || FileManager.default.fileExists(atPath: "/usr/share/hwdata/pci.ids")))
    func namesDumpedHardwareFromThisMachinesDatabases() {
        // SAMSUNG_N310's old udev recorded no ID_MODEL_FROM_DATABASE for its GMA 950.
        let result = CLI.run([
            "list", "--from", CLI.fixture("udevadm/SAMSUNG_N310.txt"), "--devices",
        ])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("pci · driver i915 · Mobile 945"))
    }

    @Test func devicesViewSanitisesHostileNames() throws {
        let dump = """
            P: /devices/pci0000:00/0000:00:14.0/usb1/1-1/1-1:1.0/video4linux/video0
            N: video0
            E: SUBSYSTEM=video4linux
            E: ID_V4L_PRODUCT=Cam\u{1b}[2J\u{7}Evil
            E: ID_V4L_CAPABILITIES=:capture:

            """
        let result = CLI.run(["list", "--from", "-", "--devices"], stdin: dump)
        #expect(result.code == .ok)
        #expect(result.stdout.contains("Cam?[2J?Evil"))
        #expect(!result.stdout.contains("\u{1b}"))
    }
}
