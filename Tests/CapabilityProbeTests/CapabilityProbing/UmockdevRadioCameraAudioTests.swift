import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel

/// The hand-written recordings in Fixtures/umockdev run through the real libudev path
/// (`umockdev-run … capcheck list --json`). The testbed has no udev database: `ID_*`
/// properties exist only where the recording writes them as `E:` lines.
@Suite(.enabled(if: Umockdev.isAvailable))
struct UmockdevRadioCameraAudioTests {
    @Test func leavesAUVCCameraUnknownWithoutUdevProperties() throws {
        let report = try Umockdev.report(recordings: ["umockdev/uvc-camera-no-udevd.umockdev"])
        #expect(report.source.kind == .live)
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .unknown)
        #expect(camera.count == 0)
        #expect(
            camera.evidence.map(\.device) == ["/devices/pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0"])
        // The testbed answers no V4L2 ioctl: the probe's failure is the reason, and access says so.
        #expect(camera.evidence.first?.reason.contains("V4L2 probe failed") == true)
        #expect(camera.details["access"]?.arrayValue?.count == 1)
        // The metadata node (index 1) is ignored, not an undecided camera.
        let ignored = try #require(camera.details["ignored"]?.arrayValue?.first?.objectValue)
        #expect(
            ignored["device"]
                == "/devices/pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0/video4linux/video1")
        #expect(report.finding("camera.front")?.status == .unknown)
        #expect(report.finding("camera.video")?.status == .unknown)
    }

    @Test func findsAUVCCameraFacingFrontFromUdevCapabilities() throws {
        let report = try Umockdev.report(recordings: ["umockdev/uvc-camera-udev.umockdev"])
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .present)
        #expect(camera.count == 1)
        let device = try #require(camera.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(device["usb"] == "04f2:b221")
        #expect(device["driver"] == "uvcvideo")
        #expect(device["facing"] == "front")
        #expect(report.finding("camera.front")?.status == .present)
        #expect(report.finding("camera.back")?.status == .absent)
        #expect(report.finding("camera.external")?.status == .absent)
        #expect(report.finding("camera.video")?.count == 1)
        #expect(report.finding("camera.autofocus")?.status == .unknown)
    }

    @Test func splitsHDAPlaybackIntoSpeakerAndHDMI() throws {
        let report = try Umockdev.report(recordings: ["umockdev/hda-sound-card.umockdev"])
        let input = try #require(report.finding("audio.input"))
        #expect(input.status == .present)
        #expect(input.count == 1)
        let output = try #require(report.finding("audio.output"))
        #expect(output.status == .present)
        #expect(output.count == 1)
        let card = try #require(output.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(card["playback"] == .array(["pcmC0D0p"]))
        #expect(card["capture"] == .array(["pcmC0D0c"]))
        #expect(card["hdmi"] == .array(["pcmC0D3p"]))
        #expect(card["driver"] == "snd_hda_intel")
    }

    @Test func countsAWiphyAndItsNetdevAsOneRadio() throws {
        let report = try Umockdev.report(recordings: ["umockdev/iwlwifi-wlan.umockdev"])
        let wifi = try #require(report.finding("net.wifi"))
        #expect(wifi.status == .present)
        #expect(wifi.count == 1)
        let radio = try #require(wifi.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(radio["pci"] == "8086:0085")
        #expect(radio["driver"] == "iwlwifi")
        #expect(radio["interfaces"] == .array(["wlan0"]))
        #expect(radio["phys"] == .array(["phy0"]))
        #expect(report.finding("location.any")?.status == .unknown)
        #expect(report.finding("bluetooth")?.status == .absent)
    }

    @Test func findsABtusbControllerAndLeavesLEUnknown() throws {
        let report = try Umockdev.report(recordings: ["umockdev/btusb-hci.umockdev"])
        let bluetooth = try #require(report.finding("bluetooth"))
        #expect(bluetooth.status == .present)
        #expect(bluetooth.count == 1)
        #expect(bluetooth.evidence.map(\.device) == ["/devices/pci0000:00/0000:00:14.0/usb1/1-7"])
        let adapter = try #require(bluetooth.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(adapter["usb"] == "8087:0a2a")
        #expect(adapter["nodes"] == .array(["hci0"]))
        #expect(report.finding("bluetooth.le")?.status == .unknown)
        #expect(report.finding("net.wifi")?.status == .absent)
    }
}
