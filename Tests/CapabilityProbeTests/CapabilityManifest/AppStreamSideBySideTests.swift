import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// capcheck next to libappstream 0.16 (`AppStream.Relation.is_satisfied`) on the same machine:
/// umockdev testbeds (a phone: touchscreen, camera, microphone; a laptop: keyboard, touchpad,
/// eDP panel) and the live machine. Wherever libappstream says true or false, capcheck says the
/// same; where it cannot decide (display length needs a GUI, voice/vision/tv-remote are unknown
/// to it, internet is not implemented), capcheck decides from the hardware and says how.
/// The two deliberate differences have their own tests below.
@Suite(.enabled(if: Umockdev.isAvailable && LibAppStream.isAvailable))
struct AppStreamSideBySideTests {
    static let phone = [
        "umockdev/elan-touchscreen.umockdev", "umockdev/uvc-camera-udev.umockdev",
        "umockdev/hda-sound-card.umockdev", "umockdev/dsi-panel-connected.umockdev",
    ]
    static let laptop = [
        "umockdev/usbkbd.umockdev", "umockdev/synaptics-touchpad.umockdev",
        "umockdev/drm-edp-connected.umockdev",
    ]

    /// Written for capcheck: every control in its own block, so each is one verdict in both
    /// tools, plus kernel, memory and an exact modalias of the laptop's keyboard interface.
    static let probe = """
        <?xml version="1.0" encoding="UTF-8"?>
        <component type="desktop-application">
          <id>org.example.SideBySide</id>
          <requires><control>keyboard</control></requires>
          <requires><control>pointing</control></requires>
          <requires><control>touch</control></requires>
          <requires><control>console</control></requires>
          <requires><control>gamepad</control></requires>
          <requires><control>tablet</control></requires>
          <requires><control>voice</control></requires>
          <requires><control>vision</control></requires>
          <requires><control>tv-remote</control></requires>
          <requires><kernel version="3.0" compare="ge">Linux</kernel></requires>
          <requires><kernel version="999" compare="ge">Linux</kernel></requires>
          <requires><kernel>FreeBSD</kernel></requires>
          <requires><memory>256</memory></requires>
          <requires><memory>100000000</memory></requires>
          <requires><modalias>usb:v05F3p0007d0320dc00dsc00dp00ic03isc01ip01in00</modalias></requires>
          <requires><modalias>usb:v1130p0202d0100dc00dsc00dp00ic03isc00ip00in00</modalias></requires>
          <requires><display_length compare="ge">360</display_length></requires>
          <requires><internet>always</internet></requires>
        </component>
        """

    /// Copies the host's `/proc/meminfo` and kernel release into the test bed (through a
    /// temporary name: once the test bed has the file, umockdev serves reads of it).
    static let hostMeminfo = #"""
        mkdir -p "$UMOCKDEV_DIR/proc/sys/kernel" && cat /proc/meminfo > "$UMOCKDEV_DIR/meminfo.host" \
        && mv "$UMOCKDEV_DIR/meminfo.host" "$UMOCKDEV_DIR/proc/meminfo" \
        && cat /proc/sys/kernel/osrelease > "$UMOCKDEV_DIR/osrelease.host" \
        && mv "$UMOCKDEV_DIR/osrelease.host" "$UMOCKDEV_DIR/proc/sys/kernel/osrelease"
        """#

    static func writeProbe(_ xml: String = probe) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-appstream-\(UUID().uuidString).metainfo.xml")
        try Data(xml.utf8).write(to: url)
        return url.path
    }

    /// capcheck's verdict on each requirement, in document order.
    static func capcheck(_ path: String, on report: CapabilityReport) throws -> [RequirementResult]
    {
        let manifest = try ManifestLoader.load(path: path)
        let checker = ManifestChecker()
        return manifest.requirements.map { checker.check($0, report: report) }
    }

    static func compare(
        _ machine: String, report: CapabilityReport, oracle: [LibAppStream.Item],
        ours: [RequirementResult]
    ) {
        #expect(oracle.count == ours.count, "\(machine): item counts differ")
        for (theirs, mine) in zip(oracle, ours) {
            let label = "\(machine): \(theirs.item) \(theirs.value ?? "") (\(theirs.message))"
            // Without udevd libappstream finds no input device at all (it only asks udev for
            // ID_INPUT_* properties); capcheck reads the capability bits instead (README).
            if theirs.item == "control", theirs.result == "false", !report.source.udevDatabase {
                #expect(!mine.reason.isEmpty, "\(label)")
                continue
            }
            switch theirs.result {
            case "true":
                #expect(
                    mine.verdict == .satisfied,
                    "\(label) → capcheck \(mine.verdict): \(mine.reason)")
            case "false":
                #expect(
                    mine.verdict == .unsatisfied,
                    "\(label) → capcheck \(mine.verdict): \(mine.reason)")
            default:
                // libappstream cannot decide: capcheck decides from hardware when it can and says
                // how; it only stays unknown with a reason.
                #expect(!mine.reason.isEmpty, "\(label)")
                if theirs.item == "control" {
                    #expect(mine.verdict != .unknown, "\(label) → capcheck: \(mine.reason)")
                }
            }
        }
    }

    @Test(arguments: ["phone", "laptop"])
    func testbedsAgreeWithLibAppStream(name: String) throws {
        let recordings = name == "phone" ? Self.phone : Self.laptop
        let path = try Self.writeProbe()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try LibAppStream.verdicts(path, recordings: recordings)
        // libappstream reads the host's memory size and `uname -r` even in a test bed; capcheck
        // reads only the test bed's files, so the test bed is given the host's /proc/meminfo
        // and kernel release.
        let report = try Umockdev.report(recordings: recordings, prepare: Self.hostMeminfo)
        Self.compare(
            name, report: report, oracle: oracle, ours: try Self.capcheck(path, on: report))
    }

    @Test func thePhoneHasTouchCameraAndMicrophoneTheLaptopKeyboardPointerAndPanel() throws {
        let path = try Self.writeProbe()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let phone = try Self.capcheck(path, on: try Umockdev.report(recordings: Self.phone))
        let laptop = try Self.capcheck(path, on: try Umockdev.report(recordings: Self.laptop))
        func verdicts(_ results: [RequirementResult]) -> [String: RequirementVerdict] {
            Dictionary(results.map { ($0.key, $0.verdict) }, uniquingKeysWith: { a, _ in a })
        }
        let p = verdicts(phone)
        let l = verdicts(laptop)
        #expect(p["requires control touch"] == .satisfied)
        #expect(p["requires control voice"] == .satisfied)
        #expect(p["requires control vision"] == .satisfied)
        #expect(p["requires control keyboard"] == .unsatisfied)
        #expect(l["requires control keyboard"] == .satisfied)
        #expect(l["requires control pointing"] == .satisfied)
        #expect(l["requires control touch"] == .unsatisfied)
        #expect(l["requires control vision"] == .unsatisfied)
        #expect(l["requires control tv-remote"] == .unsatisfied)
        // The recorded eDP panel is 1366x768 at scale 1: its shortest side is 768 logical px.
        #expect(l["requires display_length 360 compare=ge"] == .satisfied)
        // The DSI panel (720x1440, no EDID) has no size under umockdev, so no scale: 720, 360 or
        // 240 logical px, and "at least 360" stays unknown, with that reason.
        #expect(p["requires display_length 360 compare=ge"] == .unknown)
        let phoneDisplay = try #require(phone.first { $0.key.hasPrefix("requires display_length") })
        #expect(phoneDisplay.reason.contains("card0-DSI-1: 720x1440, scale unknown"))
        let display = try #require(laptop.first { $0.key.hasPrefix("requires display_length") })
        #expect(display.reason.contains("1366x768 at scale 1 → shortest side 768 logical px"))
    }

    @Test(.enabled(if: TestHost.hasSysfs, "compares capcheck and libappstream on this machine"))
    func theLiveMachineAgreesWithLibAppStream() throws {
        let path = try Self.writeProbe()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try LibAppStream.verdicts(path)
        let report = CapabilityClassifier().classify(try UdevDeviceSource().inventory())
        Self.compare(
            "live", report: report, oracle: oracle, ours: try Self.capcheck(path, on: report))
    }

    @Test func everyPublicFixtureAgreesOnTheLaptop() throws {
        let report = try Umockdev.report(recordings: Self.laptop)
        let names = AppStreamReaderTests.files.filter { $0 != "validate_relationissues.xml" }
        let paths = names.map { Fixtures.path("appstream/" + $0) }
        let all = try LibAppStream.verdicts(files: paths, recordings: Self.laptop)
        #expect(Set(all.map(\.file)).count == paths.count)
        for (name, path) in zip(names, paths) {
            let oracle = all.filter { $0.file == path }
            // capcheck joins the controls of a block; compare every other item one to one and
            // each control against the capability that decides it.
            let ours = try Self.capcheck(path, on: report).filter { !$0.key.contains(" control ") }
            Self.compare(
                name, report: report,
                oracle: oracle.filter { $0.item != "control" && $0.item != "id" },
                ours: ours.filter { $0.verdict != .notApplicable })
            for control in oracle where control.item == "control" {
                let id = try #require(AppStreamControl(rawValue: control.value ?? "")?.capability)
                let status = report.finding(id)?.status
                if control.result == "true" { #expect(status == .present, "\(name): \(id)") }
                if control.result == "false" { #expect(status == .absent, "\(name): \(id)") }
            }
        }
    }

    // MARK: deliberate differences (README: "AppStream metainfo")

    /// libappstream 0.16.1 calls `fnmatch(device, glob)` with the arguments swapped, so a glob
    /// never matches a real device; libappstream's later releases match the glob against the
    /// devices, as the specification describes, and so does capcheck.
    @Test func aModaliasGlobMatchesTheDeviceUnlikeLibAppStream016() throws {
        let path = try Self.writeProbe(
            """
            <component><id>org.example.Glob</id>
            <requires><modalias>usb:v05F3p0007d*</modalias></requires></component>
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let oracle = try LibAppStream.verdicts(path, recordings: Self.laptop)
        #expect(oracle.map(\.result) == ["false"])
        let ours = try Self.capcheck(path, on: try Umockdev.report(recordings: Self.laptop))
        #expect(ours.map(\.verdict) == [.satisfied])
    }

    /// libappstream compares `<memory>` with the kernel's MemTotal (what is left after
    /// firmware and kernel reservations); capcheck compares installed RAM (decisions.md), so a
    /// "4096" app runs on a 4 GiB machine whose MemTotal is 3.8 GiB.
    @Test(.enabled(if: TestHost.hasSysfs, "reads this machine's RAM and /proc/meminfo"))
    func memoryIsInstalledRAMNotMemTotalUnlikeLibAppStream() throws {
        let meminfo = try String(contentsOfFile: "/proc/meminfo", encoding: .utf8)
        let line = try #require(meminfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") })
        let kib = try #require(Int(line.split(separator: " ")[1]))
        let justAbove = kib / 1024 + 1
        let report = CapabilityClassifier().classify(try UdevDeviceSource().inventory())
        let installed = try #require(report.finding("memory.total")?.details["bytes"]?.doubleValue)
        try #require(
            Double(justAbove) * 1_048_576 <= installed, "installed RAM equals MemTotal here")
        let path = try Self.writeProbe(
            "<component><id>org.example.Memory</id><requires><memory>\(justAbove)</memory></requires></component>"
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try LibAppStream.verdicts(path).map(\.result) == ["false"])
        #expect(try Self.capcheck(path, on: report).map(\.verdict) == [.satisfied])
    }
}
