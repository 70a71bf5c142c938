import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Deciding AppStream relation items: controls, display length, kernel, modalias, CHIDs,
/// internet, firmware, and how requires / recommends / supports turn into verdicts.
@Suite struct AppStreamRelationTests {
    let checker = ManifestChecker()

    func manifest(_ xml: String) throws -> Manifest {
        try ManifestLoader.load(data: Data(xml.utf8), path: "inline.metainfo.xml")
    }

    func report(
        _ findings: [CapabilityFinding], devices: [Device] = [], kernel: String? = nil,
        route: String? = nil, kind: SourceInfo.Kind = .snapshot, complete: Bool = true
    ) -> CapabilityReport {
        var machine = MachineIdentity(model: "synthetic", kernel: kernel)
        machine.defaultRoute = route
        return CapabilityReport(
            source: SourceInfo(
                kind: kind, udevDatabase: true, attributes: true, complete: complete),
            machine: machine, capabilities: findings, devices: devices)
    }

    func verdict(_ xml: String, on report: CapabilityReport, strict: Bool = false)
        throws -> (RequirementVerdict?, String?, OverallVerdict)
    {
        let result = checker.check(
            try manifest(xml), against: report, options: CheckOptions(strict: strict))
        return (
            result.requirements.first?.verdict, result.requirements.first?.reason, result.verdict
        )
    }

    static func component(_ body: String) -> String {
        "<component type=\"desktop-application\"><id>org.example.App</id>\(body)</component>"
    }

    // MARK: controls (inline XML written for capcheck)

    @Test(arguments: [
        (
            [
                SyntheticMachines.present("input.keyboard"),
                SyntheticMachines.absent("input.touchscreen"),
            ],
            RequirementVerdict.satisfied
        ),
        (
            [
                SyntheticMachines.absent("input.keyboard"),
                SyntheticMachines.absent("input.touchscreen"),
            ],
            .unsatisfied
        ),
        (
            [
                SyntheticMachines.absent("input.keyboard"),
                SyntheticMachines.unknown("input.touchscreen"),
            ],
            .unknown
        ),
    ])
    func oneControlOfABlockIsEnough(findings: [CapabilityFinding], expected: RequirementVerdict)
        throws
    {
        let xml = Self.component(
            "<requires><control>keyboard</control><control>touch</control></requires>")
        #expect(try verdict(xml, on: report(findings)).0 == expected)
    }

    @Test func consoleAlwaysHoldsAsInLibAppStream() throws {
        let xml = Self.component(
            "<requires><control>console</control><control>touch</control></requires>")
        let (result, reason, _) = try verdict(
            xml, on: report([SyntheticMachines.absent("input.touchscreen")]))
        #expect(result == .satisfied)
        #expect(reason?.contains("text console is always there") == true)
    }

    @Test func voiceVisionAndTVRemoteAreDecidedFromMicrophoneCameraAndIRReceivers() throws {
        let machine = report([
            SyntheticMachines.present("audio.input"), SyntheticMachines.absent("camera.any"),
            SyntheticMachines.absent("input.remote"),
        ])
        #expect(
            try verdict(
                Self.component("<requires><control>voice</control></requires>"), on: machine
            ).0 == .satisfied)
        #expect(
            try verdict(
                Self.component("<requires><control>vision</control></requires>"), on: machine
            ).0 == .unsatisfied)
        #expect(
            try verdict(
                Self.component("<requires><control>tv-remote</control></requires>"), on: machine
            ).0 == .unsatisfied)
    }

    @Test func assumedCapabilitiesDecideControls() throws {
        let xml = Self.component("<requires><control>keyboard</control></requires>")
        let result = checker.check(
            try manifest(xml), against: report([SyntheticMachines.absent("input.keyboard")]),
            options: CheckOptions(assumptions: ["input.keyboard": .present]))
        #expect(result.requirements.first?.verdict == .satisfied)
        #expect(result.requirements.first?.assumed == true)
    }

    @Test func anUnknownControlNeverMakesTheResultAbsent() throws {
        let xml = Self.component(
            "<requires><control>telekinesis</control><control>touch</control></requires>")
        let (result, _, overall) = try verdict(
            xml, on: report([SyntheticMachines.absent("input.touchscreen")]))
        #expect(result == .unknown)
        #expect(overall == .undecided)
    }

    // MARK: requires / recommends / supports

    @Test func unmetRecommendationsAreWarningsThatFailOnlyWithStrict() throws {
        let xml = Self.component("<recommends><control>touch</control></recommends>")
        let machine = report([SyntheticMachines.absent("input.touchscreen")])
        let loose = try verdict(xml, on: machine)
        #expect(loose.0 == .warning)
        #expect(loose.2 == .satisfied)
        #expect(loose.1?.hasPrefix("recommended, not met") == true)
        let strict = try verdict(xml, on: machine, strict: true)
        #expect(strict.0 == .unsatisfied)
        #expect(strict.2 == .unsatisfied)
    }

    @Test func supportedItemsAreListedAndNeverFail() throws {
        let xml = Self.component("<supports><control>gamepad</control></supports>")
        let result = try verdict(
            xml, on: report([SyntheticMachines.absent("input.gamepad")]), strict: true)
        #expect(result.0 == .optional)
        #expect(result.2 == .satisfied)
    }

    // MARK: display_length

    static func display(_ mode: String, scale: Int?) -> CapabilityFinding {
        var panel: [String: JSONValue] = [
            "device": "/devices/platform/display/drm/card0/card0-DSI-1", "status": "connected",
            "preferredMode": .string(mode),
        ]
        if let scale { panel["scale"] = .int(scale) }
        return SyntheticMachines.present("display", ["devices": .array([.object(panel)])])
    }

    @Test(arguments: [
        ("<display_length>360</display_length>", RequirementVerdict.satisfied),
        ("<display_length compare=\"ge\">768</display_length>", .unsatisfied),
        ("<display_length side=\"longest\" compare=\"le\">720</display_length>", .satisfied),
        ("<display_length side=\"longest\" compare=\"lt\">720</display_length>", .unsatisfied),
        ("<display_length>xsmall</display_length>", .satisfied),
        ("<display_length>small</display_length>", .unsatisfied),
        ("<display_length compare=\"eq\">360</display_length>", .satisfied),
        ("<display_length compare=\"ne\">360</display_length>", .unsatisfied),
    ])
    func aPhonePanelIs360By720LogicalPixels(item: String, expected: RequirementVerdict) throws {
        // A 720x1440 DSI panel at scale 2 (PinePhone-like) is 360 x 720 logical pixels.
        let machine = report([Self.display("720x1440", scale: 2)])
        let (result, reason, _) = try verdict(
            Self.component("<requires>\(item)</requires>"), on: machine)
        #expect(result == expected, "\(reason ?? "")")
    }

    @Test func withoutAScaleOnlyWhatHoldsAtEveryScaleIsDecided() throws {
        // 720x1440 is 720, 360 or 240 logical px on its shortest side at scale 1, 2, 3.
        let phone = report([Self.display("720x1440", scale: nil)])
        let at = { (item: String) in
            try self.verdict(Self.component("<requires>\(item)</requires>"), on: phone).0
        }
        #expect(try at("<display_length>360</display_length>") == .unknown)
        #expect(try at("<display_length compare=\"le\">720</display_length>") == .satisfied)
        #expect(try at("<display_length>1000</display_length>") == .unsatisfied)
        #expect(try at("<display_length side=\"longest\">480</display_length>") == .satisfied)
    }

    @Test func displayLengthIsUnknownWithoutAScaleAndUnmetWithoutADisplay() throws {
        let xml = Self.component("<requires><display_length>768</display_length></requires>")
        #expect(try verdict(xml, on: report([Self.display("1920x1080", scale: nil)])).0 == .unknown)
        #expect(
            try verdict(xml, on: report([SyntheticMachines.absent("display")])).0 == .unsatisfied)
        #expect(try verdict(xml, on: report([SyntheticMachines.unknown("display")])).0 == .unknown)
    }

    // MARK: kernel

    @Test(arguments: [
        ("<kernel version=\"5.10\" compare=\"ge\">Linux</kernel>", RequirementVerdict.satisfied),
        ("<kernel version=\"6.1.0-13\" compare=\"eq\">linux</kernel>", .satisfied),
        ("<kernel version=\"6.1.0\" compare=\"eq\">Linux</kernel>", .unsatisfied),
        ("<kernel version=\"6.2\" compare=\"ge\">Linux</kernel>", .unsatisfied),
        ("<kernel>FreeBSD</kernel>", .unsatisfied),
        ("<kernel>Linux</kernel>", .satisfied),
    ])
    func theKernelVersionIsUnameCutAtItsLastHyphen(item: String, expected: RequirementVerdict)
        throws
    {
        // libappstream cuts "6.1.0-13-amd64" at the last '-' and compares "6.1.0-13".
        let machine = report([], kernel: "6.1.0-13-amd64")
        #expect(
            try verdict(Self.component("<requires>\(item)</requires>"), on: machine).0 == expected)
    }

    @Test func aRecordingDoesNotKnowTheKernelVersion() throws {
        let xml = Self.component("<requires><kernel version=\"5.10\">Linux</kernel></requires>")
        #expect(try verdict(xml, on: report([])).0 == .unknown)
    }

    @Test(arguments: [
        ("6.1.0-13", "5.10", 1), ("4.16", "4.16", 0), ("1.0~rc1", "1.0", -1), ("1:1.0", "3.0", 1),
        ("1.0a", "1.0", 1), ("1.0-2", "1.0-10", -1), ("2.6.32", "2.6.9", 1), ("1.01", "1.1", 0),
    ])
    func versionsCompareAsLibAppStreamDoes(a: String, b: String, order: Int) {
        #expect(AppStreamVersion.compare(a, b) == order)
        #expect(AppStreamVersion.compare(b, a) == -order)
    }

    // MARK: modalias

    @Test(arguments: [
        ("usb:v1130p0202d*", "usb:v1130p0202d0100dc00dsc00dp00ic03isc00ip00in00", true),
        ("usb:v1130p0202d*", "usb:v1130p0203d0100dc00", false),
        ("pci:v00008086d0000?B3C*", "pci:v00008086d00003B3Csv000017AAsd00002163bc0Csc03i20", true),
        ("usb:v05F3p000[0-9]*", "usb:v05F3p0007d0320", true),
        ("usb:v05F3p000[!0-9]*", "usb:v05F3p0007d0320", false),
        ("dmi:*svnLENOVO:*", "dmi:bvnLENOVO:bvrG7ET63WW:svnLENOVO:pn2355CTO:", true),
        ("exact", "exact", true), ("", "x", false), ("*", "", true),
    ])
    func modaliasGlobsMatchLikeFnmatch(pattern: String, text: String, matches: Bool) {
        #expect(ModaliasGlob.matches(pattern, text) == matches)
    }

    @Test func aModaliasGlobIsMatchedAgainstEveryRecordedDevice() throws {
        let machine = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        let present = Self.component("<requires><modalias>pci:v00008086d*</modalias></requires>")
        #expect(try verdict(present, on: machine).0 == .satisfied)
        let missing = Self.component("<requires><modalias>usb:v1130p0202d*</modalias></requires>")
        let expected: RequirementVerdict = machine.source.complete ? .unsatisfied : .unknown
        #expect(try verdict(missing, on: machine).0 == expected)
    }

    // MARK: hardware (CHIDs)

    /// fwupd's own test vectors (libfwupdplugin/fu-hwids-test.c, a ThinkPad T440s).
    static let t440s: [ComputerHardwareIDs.Field: String] = [
        .manufacturer: "LENOVO", .enclosureKind: "a", .family: "ThinkPad T440s",
        .productName: "20ARS19C0C", .biosVendor: "LENOVO", .biosVersion: "GJET75WW (2.25 )",
        .biosMajorRelease: "02", .biosMinorRelease: "19",
        .productSku: "LENOVO_MT_20AR_BU_Think_FM_ThinkPad T440s",
        .baseboardManufacturer: "LENOVO", .baseboardProduct: "20ARS19C0C",
    ]
    static let t440sGUIDs = [
        "147efce9-f201-5fc8-ab0c-c859751c3440", "b7cceb67-774c-537e-bf8b-22c6107e9a74",
        "f5ff077f-3eeb-5bae-be1c-e98ffe8ce5f8", "3faec92a-3ae3-5744-be88-495e90a7d541",
        "660ccba8-1b78-5a33-80e6-9fb8354ee873", "8dc9b7c5-f5d5-5850-9ab3-bd6f0549d814",
        "178cd22d-ad9f-562d-ae0a-34009822cdbe", "da1da9b6-62f5-5f22-8aaa-14db7eeda2a4",
        "059eb22d-6dc7-59af-abd3-94bbe017f67c", "0cf8618d-9eff-537c-9f35-46861406eb9c",
        "f4275c1f-6130-5191-845c-3426247eb6a1", "db73af4c-4612-50f7-b8a7-787cf4871847",
        "e093d715-70f7-51f4-b6c8-b4a7e31def85", "f8e1de5f-b68c-5f52-9d1a-f1ba52f1f773",
        "6de5d951-d755-576b-bd09-c5cf66b27234",
    ]

    @Test func chidsMatchFwupdsTestVectors() {
        let ids = ComputerHardwareIDs(values: Self.t440s, complete: true, device: "t440s")
        #expect(Array(ids.entries.map(\.guid).prefix(15)) == Self.t440sGUIDs)
        #expect(ids.entries.map(\.index) == Array(0...17))
    }

    @Test func sha1MatchesTheFIPSExamples() {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA1.digest(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.digest([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    /// The T440s as the kernel shows it in sysfs (decimal chassis type and BIOS release).
    static let t440sRecord = Device(
        id: "/devices/virtual/dmi/id", subsystem: "dmi",
        attributes: [
            "sys_vendor": "LENOVO", "product_family": "ThinkPad T440s",
            "product_name": "20ARS19C0C",
            "product_sku": "LENOVO_MT_20AR_BU_Think_FM_ThinkPad T440s", "bios_vendor": "LENOVO",
            "bios_version": "GJET75WW (2.25 )", "bios_release": "2.25", "chassis_type": "10",
            "board_vendor": "LENOVO", "board_name": "20ARS19C0C",
        ])

    @Test func sysfsDMIAttributesGiveTheSameCHIDsAsFwupd() throws {
        let ids = try #require(ComputerHardwareIDs.read([Self.t440sRecord]))
        #expect(Set(Self.t440sGUIDs).isSubset(of: ids.entries.map(\.guid)))
        // fwupd without SMBIOS access hashes the sysfs text "10" for the enclosure kind.
        #expect(ids.entries.filter { $0.index == 12 }.count == 2)
        let machine = report([], devices: [Self.t440sRecord])
        let match = Self.component(
            "<requires><hardware>3faec92a-3ae3-5744-be88-495e90a7d541</hardware></requires>")
        let (result, reason, _) = try verdict(match, on: machine)
        #expect(result == .satisfied)
        #expect(reason?.contains("HardwareID-03") == true)
        let other = Self.component(
            "<requires><hardware>{9342D47A-1BAB-5709-9869-C840B2EAC501}</hardware></requires>")
        #expect(try verdict(other, on: machine).0 == .unsatisfied)
    }

    static let fwupdtool = "/usr/bin/fwupdtool"

    /// `fwupdtool hwids` on the same DMI values (its sysfs reader pointed at a copy with
    /// FWUPD_SYSFSDMIDIR, SMBIOS tables absent): every id it prints is one capcheck computes.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: fwupdtool)))
    func everyCHIDFwupdtoolPrintsIsComputedToo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-dmi-\(UUID().uuidString)")
        let dmi = root.appendingPathComponent("dmi")
        try FileManager.default.createDirectory(at: dmi, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, value) in Self.t440sRecord.attributes {
            try Data((value + "\n").utf8).write(to: dmi.appendingPathComponent(name))
        }
        var environment = ProcessInfo.processInfo.environment
        environment["FWUPD_SYSFSDMIDIR"] = dmi.path
        environment["FWUPD_SYSFSFWDIR"] = root.appendingPathComponent("no-firmware").path
        let run = try ProgramRun.run(Self.fwupdtool, ["hwids"], environment: environment)
        let printed = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("{"), let end = line.firstIndex(of: "}") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
        #expect(printed.count >= 12, "\(run.stdout) \(run.stderr)")
        let ours = try #require(ComputerHardwareIDs.read([Self.t440sRecord])).entries.map(\.guid)
        #expect(Set(printed).isSubset(of: ours), "fwupd: \(printed)")
    }

    /// `fwupdtool hwids` and capcheck inside the same umockdev testbed (a ThinkPad T440s DMI
    /// record as sysfs shows it): every id fwupd prints is one capcheck computes.
    @Test(
        .enabled(
            if: Umockdev.isAvailable && FileManager.default.isExecutableFile(atPath: fwupdtool)))
    func aTestbedsCHIDsIncludeEveryIdFwupdtoolPrints() throws {
        let recording = "umockdev/dmi-thinkpad-t440s.umockdev"
        let run = try ProgramRun.run(
            "/usr/bin/umockdev-run",
            ["-d", Fixtures.path(recording), "--", Self.fwupdtool, "hwids"])
        let printed = run.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("{"), let end = line.firstIndex(of: "}") else { return nil }
            return String(line[line.index(after: line.startIndex)..<end])
        }
        let report = try Umockdev.report(recordings: [recording])
        let ours = try #require(ComputerHardwareIDs.read(report.devices)).entries.map(\.guid)
        #expect(printed.count >= 12, "\(run.stdout) \(run.stderr)")
        #expect(Set(printed).isSubset(of: ours), "fwupd: \(printed), capcheck: \(ours)")
        // Without SMBIOS tables fwupd hashes the decimal "10"; capcheck has that id as well.
        #expect(printed.contains("5e820764-888e-529d-a6f9-dfd12bacb160"))
    }

    @Test func aDumpsDMIModaliasGivesSomeCHIDsAndLeavesTheRestUnknown() throws {
        let machine = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        let ids = try #require(ComputerHardwareIDs.read(machine.devices))
        #expect(!ids.complete)
        #expect(
            ids.entries.contains {
                $0.index == 14 && $0.guid == "6de5d951-d755-576b-bd09-c5cf66b27234"
            })
        let lenovo = Self.component(
            "<requires><hardware>6de5d951-d755-576b-bd09-c5cf66b27234</hardware></requires>")
        #expect(try verdict(lenovo, on: machine).0 == .satisfied)
        let unknown = Self.component(
            "<requires><hardware>9342d47a-1bab-5709-9869-c840b2eac501</hardware></requires>")
        #expect(try verdict(unknown, on: machine).0 == .unknown)
    }

    /// A complete source of a device-tree machine has no DMI, yet fwupd has CHIDs for it (from
    /// the tree's root node): unknown, not unsatisfied; a complete source with neither DMI nor
    /// a device tree has no CHIDs at all.
    @Test func aDeviceTreeMachineWithoutDMIIsUnknownNotUnsatisfied() throws {
        let xml = Self.component(
            "<requires><hardware>9342d47a-1bab-5709-9869-c840b2eac501</hardware></requires>")
        let board = Device(
            id: "/devices/platform/soc", subsystem: "platform",
            properties: ["OF_FULLNAME": "/soc", "OF_COMPATIBLE_0": "simple-bus"])
        let tree = try verdict(xml, on: report([], devices: [board]))
        #expect(tree.0 == .unknown)
        #expect(tree.1?.contains("device-tree machine (no DMI)") == true)
        let bare = Device(id: "/devices/virtual/misc/x", subsystem: "misc")
        #expect(try verdict(xml, on: report([], devices: [bare])).0 == .unsatisfied)
    }

    // MARK: internet, firmware, id

    @Test func internetIsUnknownUnlessTheLiveMachineHasADefaultRoute() throws {
        let always = Self.component("<requires><internet>always</internet></requires>")
        #expect(try verdict(always, on: report([], route: "wlan0", kind: .live)).0 == .satisfied)
        #expect(try verdict(always, on: report([], kind: .live)).0 == .unknown)
        #expect(try verdict(always, on: report([])).0 == .unknown)
        // A snapshot's route was the route when it was taken, not now.
        #expect(try verdict(always, on: report([], route: "wlan0", kind: .snapshot)).0 == .unknown)
        let fast = Self.component(
            "<requires><internet bandwidth_mbitps=\"10\">always</internet></requires>")
        #expect(try verdict(fast, on: report([], route: "wlan0", kind: .live)).0 == .unknown)
        let offline = Self.component("<requires><internet>offline-only</internet></requires>")
        #expect(try verdict(offline, on: report([])).0 == .satisfied)
    }

    @Test func firmwareIsLeftToFwupdAndComponentsAreNotApplicable() throws {
        let firmware = Self.component(
            "<requires><firmware compare=\"ge\" version=\"1.2\">bootloader</firmware></requires>")
        #expect(try verdict(firmware, on: report([])).0 == .unknown)
        let id = Self.component("<requires><id>org.freedesktop.fwupd</id></requires>")
        #expect(try verdict(id, on: report([])).0 == .notApplicable)
    }

    @Test func defaultRoutesAreReadFromProcNet() {
        let ipv4 = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            eth0\t000200C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0
            wlan0\t00000000\t010200C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
            """
        #expect(DefaultRoute.ipv4Interface(ipv4) == "wlan0")
        #expect(
            DefaultRoute.ipv4Interface(
                String(ipv4.split(separator: "\n")[0...1].joined(separator: "\n"))) == nil)
        let ipv6 = """
            fe800000000000000000000000000000 40 00000000000000000000000000000000 00 00000000000000000000000000000000 00000100 00000001 00000000 00000001     eth0
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 fe800000000000000000000000000001 00000400 00000002 00000000 00000003     eth0
            00000000000000000000000000000000 00 00000000000000000000000000000000 00 00000000000000000000000000000000 ffffffff 00000001 00000000 00200200       lo
            """
        #expect(DefaultRoute.ipv6Interface(ipv6) == "eth0")
    }
}
