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
        let again = CLI.run(["list", "--from", "-", "--json"], stdin: Data(result.stdout.utf8))
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
                == "capcheck: error: \(path.path): not a udevadm dump, umockdev recording or capcheck snapshot: binary data, not UTF-8 text\n"
        )
    }

    @Test func missingInputExits66() {
        let result = CLI.run(["list", "--from", "/nonexistent/dump.txt"])
        #expect(result.code == .noInput)
        #expect(
            result.stderr == "capcheck: error: /nonexistent/dump.txt: cannot read: no such file\n")
    }

    @Test func unreadableSysfsExits69() {
        let result = CLI.run(["list"], live: UdevDeviceSource(sysfsRoot: "/nonexistent-sys"))
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

    @Test func helpAndVersionGoToStdoutWithExit0() {
        let help = CLI.run(["help", "list"])
        #expect(help.code == .ok)
        #expect(help.stdout.contains("USAGE: capcheck list"))
        #expect(help.stdout.contains("EXIT CODES:"))
        #expect(CLI.run(["--version"]).stdout.hasPrefix("capcheck \(CapCheck.version)\ncommit "))
        #expect(CLI.run(["list", "--help"]).stdout.contains("--devices"))
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
        let result = CLI.run(["list", "--from", "-", "--devices"], stdin: Data(dump.utf8))
        #expect(result.code == .ok)
        #expect(result.stdout.contains("Cam?[2J?Evil"))
        #expect(!result.stdout.contains("\u{1b}"))
    }
}
