import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Functions bound to their driver whose child node a partial recording lacks, and the one
/// display-only audio rule.
@Suite struct BoundFunctionRuleTests {
    static func dump(_ devices: [Device], complete: Bool = false) -> CapabilityReport {
        let source = SourceInfo(
            kind: .udevadm, udevDatabase: true, attributes: false, complete: complete)
        return CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(arch: "x86_64"),
                devices: DeviceTree.linkParents(devices)))
    }

    static let usb = "/devices/pci0000:00/0000:00:14.0/usb3/3-2"

    /// A USB audio device with its interfaces bound to snd-usb-audio and no card.
    static func usbAudio(model: String, video: Bool = false) -> [Device] {
        var devices = [
            Device(
                id: usb, subsystem: "usb", devtype: "usb_device",
                properties: ["ID_MODEL": model, "PRODUCT": "46d/a00/100"]),
            Device(
                id: usb + "/3-2:1.0", subsystem: "usb", devtype: "usb_interface",
                driver: "snd-usb-audio", properties: ["INTERFACE": "1/1/0"]),
            Device(
                id: usb + "/3-2:1.1", subsystem: "usb", devtype: "usb_interface",
                driver: "snd-usb-audio", properties: ["INTERFACE": "1/2/0"]),
        ]
        if video {
            devices.append(
                Device(
                    id: usb + "/3-2:1.2", subsystem: "usb", devtype: "usb_interface",
                    driver: "uvcvideo", properties: ["INTERFACE": "14/1/0"]))
        }
        return devices
    }

    @Test func countsAUSBHeadsetWhoseCardIsNotRecorded() throws {
        let report = Self.dump(Self.usbAudio(model: "Logitech_USB_Headset"))
        for id in ["audio.input", "audio.output"] {
            let finding = try #require(report.finding(id))
            #expect(finding.status == .present, "\(id)")
            #expect(finding.count == 1, "\(id)")
            #expect(finding.evidence.first?.device == Self.usb)
            #expect(finding.evidence.first?.reason.contains("no sound card recorded") == true)
        }
    }

    @Test func takesAWebcamsCardlessAudioForAMicrophoneOnly() throws {
        let report = Self.dump(Self.usbAudio(model: "HD_Pro_Webcam_C920", video: true))
        #expect(report.finding("audio.input")?.status == .present)
        // The recording is partial: no other card, so playback stays unknown, not absent.
        #expect(report.finding("audio.output")?.status == .unknown)
        let complete = Self.dump(
            Self.usbAudio(model: "HD_Pro_Webcam_C920", video: true), complete: true)
        #expect(complete.finding("audio.output")?.status == .absent)
    }

    @Test func leavesAnUnnamedCardlessUSBAudioFunctionUndecided() throws {
        let report = Self.dump(Self.usbAudio(model: "USB_Audio_Device"), complete: true)
        for id in ["audio.input", "audio.output"] {
            let finding = try #require(report.finding(id))
            #expect(finding.status == .unknown, "\(id)")
            #expect(
                finding.evidence.first?.reason.hasSuffix("capture or playback not recorded") == true
            )
        }
    }

    @Test func doesNotCountAUSBAudioFunctionTwiceWhenItsCardIsRecorded() throws {
        var devices = Self.usbAudio(model: "Logitech_USB_Headset")
        devices.append(Device(id: Self.usb + "/3-2:1.0/sound/card1", subsystem: "sound"))
        devices.append(Device(id: Self.usb + "/3-2:1.0/sound/card1/pcmC1D0p", subsystem: "sound"))
        let report = Self.dump(devices, complete: true)
        #expect(report.finding("audio.output")?.count == 1)
        #expect(report.finding("audio.input")?.status == .absent)
    }

    @Test(arguments: [
        ("/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0", "xpad", "usb_interface"),
        ("/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.3/0003:054C:09CC.0007", "sony", nil),
        (
            "/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.3/0003:054C:0CE6.0008", "playstation",
            nil
        ),
        ("/devices/virtual/misc/uhid/0005:057E:2009.000A", "hid-nintendo", nil),
    ])
    func countsABoundGamePadWithoutItsInputDevice(id: String, driver: String, devtype: String?)
        throws
    {
        let report = Self.dump([
            Device(
                id: id, subsystem: devtype == nil ? "hid" : "usb", devtype: devtype, driver: driver)
        ])
        let finding = try #require(report.finding("input.gamepad"))
        #expect(finding.status == .present)
        #expect(
            finding.evidence.map(\.reason) == [
                "game controller bound to \(driver), no input device recorded"
            ])
    }

    @Test func countsAGamePadWithItsInputDeviceOnce() throws {
        let hid = "/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.3/0003:054C:0CE6.0008"
        let report = Self.dump(
            [
                Device(id: hid, subsystem: "hid", driver: "playstation"),
                Device(
                    id: hid + "/input/input21", subsystem: "input",
                    properties: ["ID_INPUT": "1", "ID_INPUT_JOYSTICK": "1"]),
            ], complete: true)
        let finding = try #require(report.finding("input.gamepad"))
        #expect(finding.count == 1)
        #expect(finding.evidence.map(\.device) == [hid + "/input/input21"])
    }

    @Test(arguments: [
        ("HDMI 0", true), ("DP 1", true), ("xilinx-dp-snd-card", true), ("vc4-hdmi", true),
        ("fd4a0000.dp", true), ("DisplayPort Audio", true), ("ALC269VC Analog", false),
        ("HDA Intel PCH", false), ("USB Audio", false), ("dpcm", false),
    ])
    func namesDisplayAudioByOneRule(name: String, display: Bool) {
        #expect(ALSAPCMInfo.namesDisplayAudio(name) == display)
    }

    @Test func treatsTheXilinxDisplayPortCardAsDisplayOnly() throws {
        let card = "/devices/platform/axi/fd4a0000.display/xilinx-dp-snd-card.0.auto/sound/card0"
        let report = Self.dump(
            [
                Device(
                    id: "/devices/platform/axi/fd4a0000.display/xilinx-dp-snd-card.0.auto",
                    subsystem: "platform", driver: "xilinx-dp-snd-card"),
                Device(id: card, subsystem: "sound"),
                Device(id: card + "/pcmC0D0p", subsystem: "sound"),
                Device(id: card + "/pcmC0D1p", subsystem: "sound"),
            ], complete: true)
        let output = try #require(report.finding("audio.output"))
        #expect(output.status == .absent)
        let hdmi = try #require(output.details["hdmi"]?.arrayValue?.first?.objectValue)
        #expect(hdmi["device"] == .string(card))
        #expect(hdmi["pcms"] == .array(["pcmC0D0p", "pcmC0D1p"]))
    }

    @Test(arguments: [
        (["0x10de0083"], true), (["0x80862809"], true), (["0x10ec0269", "0x80862809"], false),
    ])
    func takesACardWithOnlyGPUHDMICodecsForDisplayAudio(codecs: [String], display: Bool) throws {
        // A USB-C dock's or discrete card's HDA function recorded without its display sibling.
        let pci = "/devices/pci0000:00/0000:00:1c.0/0000:02:00.1"
        var devices = [
            Device(
                id: pci, subsystem: "pci", driver: "snd_hda_intel",
                properties: ["PCI_CLASS": "40300", "PCI_ID": "10DE:10FA"]),
            Device(id: pci + "/sound/card1", subsystem: "sound"),
            Device(id: pci + "/sound/card1/pcmC1D0p", subsystem: "sound"),
        ]
        for (index, vendor) in codecs.enumerated() {
            devices.append(
                Device(
                    id: pci + "/sound/card1/hwC1D\(index)", subsystem: "sound",
                    attributes: ["vendor_id": vendor]))
        }
        let output = try #require(Self.dump(devices, complete: true).finding("audio.output"))
        #expect(output.status == (display ? .absent : .present))
    }
}
