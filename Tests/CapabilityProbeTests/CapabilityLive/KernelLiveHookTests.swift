import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel

/// The live source's kernel probes, run through real libudev and real ioctl calls inside
/// umockdev testbeds (umockdev answers evdev ioctls from recorded `.ioctl` files).
@Suite(.enabled(if: Umockdev.isAvailable))
struct KernelLiveHookTests {
    static func devices(_ arguments: [String]) throws -> [Device] {
        let result = try ProgramRun.run(
            "/usr/bin/umockdev-run",
            arguments + ["--", ProgramRun.capcheckBinary, "list", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
            .devices
    }

    @Test func storesTheProximitySwitchStateReadWithEVIOCGSW() throws {
        let devices = try Self.devices([
            "-d", Fixtures.path("umockdev/iio-sensor-proxy-input-proximity.umockdev"),
            "-i",
            "/dev/input/event4=" + Fixtures.path("umockdev/iio-sensor-proxy-input-proximity.ioctl"),
        ])
        let event = try #require(devices.first { $0.id.hasSuffix("/input4/event4") })
        #expect(try event.factsJSON["evdev"] == .object(["near": false]))
        #expect(devices.first { $0.id.hasSuffix("/input4") }?.facts.isEmpty == true)
    }

    @Test func storesTouchPointsReadWithEVIOCGABS() throws {
        let devices = try Self.devices([
            "-d", Fixtures.path("umockdev/synaptics-touchpad.umockdev"),
            "-i", "/dev/input/event12=" + Fixtures.path("umockdev/synaptics-touchpad.ioctl"),
        ])
        let event = try #require(devices.first { $0.id.hasSuffix("/input12/event12") })
        #expect(try event.factsJSON["evdev"] == .object(["touch_points": 2]))
    }

    @Test func recordsAnUnanswerableCameraAsAnErrorWithoutFailing() throws {
        let recording = """
            P: /devices/pci0000:00/0000:00:14.0/usb1/1-8/1-8:1.0/video4linux/video0
            N: video0
            E: DEVNAME=/dev/video0
            E: MAJOR=81
            E: MINOR=0
            E: SUBSYSTEM=video4linux
            A: name=Integrated Camera: Integrated C
            A: dev=81:0

            P: /devices/pci0000:00/0000:00:14.0/usb1/1-7/1-7:1.0/bluetooth/hci0
            E: DEVTYPE=host
            E: SUBSYSTEM=bluetooth

            """
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-v4l-\(getpid()).umockdev")
        try Data(recording.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let devices = try Self.devices(["-d", file.path])
        let video = try #require(devices.first { $0.id.hasSuffix("/video0") })
        let error = try video.factsJSON["v4l2"]?.objectValue?["error"]?.stringValue
        #expect(error?.contains("/dev/video0") == true)
        #expect(CameraFacts.result(from: video.facts.v4l2).value == nil)
        // The HCI socket is the host's (umockdev does not emulate sockets): facts or a reason.
        let hci = try #require(
            try devices.first { $0.id.hasSuffix("/hci0") }?.factsJSON["hci"]?.objectValue)
        #expect(hci["le"] != nil || hci["error"] != nil)
    }
}
