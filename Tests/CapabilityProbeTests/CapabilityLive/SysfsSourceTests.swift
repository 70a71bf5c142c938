import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityManifest
@testable import CapabilityModel

/// The direct sysfs reader against the libudev enumeration it replaces: the same
/// `list --json` document, byte for byte, inside a umockdev test bed made from each recording
/// (`capcheck` and the oracle `capcheck-libudev-list` both run as programs under umockdev, so
/// both see only the recorded devices).
@Suite struct SysfsSourceTests {
    static let recordings: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("umockdev"))) ?? []
        return names.filter { $0.hasSuffix(".umockdev") }.sorted().map { "umockdev/" + $0 }
    }()

    /// `capcheck list --json` (the direct reader), or the libudev oracle
    /// (`capcheck-libudev-list`, the same classification and writer), in a test bed.
    static func list(_ recording: String, libudev: Bool) throws -> ProgramRun.Result {
        let program =
            libudev
            ? [ProgramRun.built("capcheck-libudev-list") ?? "capcheck-libudev-list"]
            : [ProgramRun.capcheckBinary, "list", "--json"]
        return try ProgramRun.run(
            "/usr/bin/umockdev-run", ["-d", Fixtures.path(recording), "--"] + program)
    }

    @Test func everyRecordingIsCompared() {
        #expect(Self.recordings.count >= 14)
    }

    @Test(.enabled(if: Umockdev.isAvailable), arguments: recordings)
    func readsTheSameRecordsAsLibudevInATestbed(recording: String) throws {
        let direct = try Self.list(recording, libudev: false)
        let libudev = try Self.list(recording, libudev: true)
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(libudev.status == 0, "\(libudev.stderr)")
        #expect(!direct.stdout.isEmpty)
        #expect(direct.stdout == libudev.stdout)
    }

    @Test(.enabled(if: TestHost.hasSysfs, "reads this machine's /sys twice"))
    func readsTheSameRecordsAsLibudevOnThisMachine() throws {
        let direct = try SysfsDeviceSource().inventory()
        let libudev = try UdevDeviceSource().inventory()
        #expect(direct.devices.map(\.id) == libudev.devices.map(\.id))
        // Two reads of a live machine: batteries, links and LEDs change their values between
        // them (energy, status, operstate, brightness), so there only the names must agree;
        // the test beds above compare every byte.
        let changing: Set<String> = [
            "power_supply", "net", "leds", "backlight", "thermal", "hwmon",
        ]
        for (one, other) in zip(direct.devices, libudev.devices) {
            if changing.contains(one.subsystem ?? "") {
                #expect(Set(one.properties.keys) == Set(other.properties.keys), "\(one.id)")
                #expect(Set(one.attributes.keys) == Set(other.attributes.keys), "\(one.id)")
            } else {
                #expect(one.properties == other.properties, "\(one.id)")
                #expect(one.attributes == other.attributes, "\(one.id)")
            }
            #expect(one.driver == other.driver && one.subsystem == other.subsystem, "\(one.id)")
            #expect(one.devnode == other.devnode && one.devtype == other.devtype, "\(one.id)")
            #expect(one.links == other.links && one.parentID == other.parentID, "\(one.id)")
        }
        #expect(direct.source == libudev.source)
    }

    @Test func saysSysfsIsUnreadableWhenItIsMissing() {
        #expect(throws: SourceError.self) {
            try SysfsDeviceSource(sysfsRoot: "/nonexistent-sysfs").inventory()
        }
        do {
            _ = try SysfsDeviceSource(sysfsRoot: "/nonexistent-sysfs").inventory()
        } catch {
            guard case .sysfsUnreadable(let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reason.contains("/nonexistent-sysfs/devices"))
        }
    }

    @Test func parsesUeventLinesAsLibudevDoes() {
        let text = "DEVNAME=video0\nMAJOR=81\nno equals sign\n=empty key\nEMPTY=\nA=b=c\r\n"
        let uevent = SysfsRecordReader.uevent(Array(text.utf8))
        #expect(uevent.devnode == "/dev/video0")
        #expect(
            uevent.properties == [
                "DEVNAME": "/dev/video0", "MAJOR": "81", "EMPTY": "", "A": "b=c\r",
            ])
        #expect(SysfsRecordReader.uevent(Array("DEVNAME=/dev/x\n".utf8)).devnode == "/dev/x")
    }

    @Test func cutsValuesAtNULAndDropsTrailingNewlines() {
        #expect(SysfsRecordReader.libudevValue(Array("0x0280\n".utf8)) == "0x0280")
        #expect(SysfsRecordReader.libudevValue(Array("a\0b\n".utf8)) == "a")
        #expect(SysfsRecordReader.libudevValue(Array("\nx\r\n\n".utf8)) == "\nx")
        #expect(SysfsRecordReader.libudevValue([]) == "")
    }

    @Test func listsAndReadsADirectoryThroughDescriptors() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-sysfs-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("value\n".utf8).write(to: folder.appendingPathComponent("attr"))
        try Data(repeating: 7, count: 20_000).write(to: folder.appendingPathComponent("big"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("driver").path,
            withDestinationPath: "../../bus/pci/drivers/iwlwifi")
        let directory = try DirectoryDescriptor.open(folder.path).get()
        var buffer: [UInt8] = []
        let entries = Dictionary(
            uniqueKeysWithValues: directory.entries(buffer: &buffer).map { ($0.name, $0.kind) })
        #expect(
            entries == ["sub": .directory, "attr": .regular, "big": .regular, "driver": .symlink])
        #expect(directory.read("attr", buffer: &buffer) == Array("value\n".utf8))
        #expect(directory.read("big", whole: true, buffer: &buffer)?.count == 20_000)
        #expect(directory.read("missing", buffer: &buffer) == nil)
        // One read(2) for sysfs values; a full 8 KiB buffer means more may follow.
        #expect(directory.read("big", buffer: &buffer)?.count == 20_000)
        #expect(directory.linkTargetName("driver") == "iwlwifi")
        #expect(directory.linkTargetName("attr") == nil)
        #expect(directory.directory("driver") == nil)
        #expect(directory.directory("sub")?.entries(buffer: &buffer) == [])
    }
}
