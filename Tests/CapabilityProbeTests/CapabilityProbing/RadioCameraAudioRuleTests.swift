import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Edge rules of the camera, audio and radio probers on small hand-made device trees,
/// including the kernel-probe facts (`facts["v4l2"]`, `facts["hci"]`) dumps never carry.
@Suite struct RadioCameraAudioRuleTests {
    static let usbInterface = "/devices/pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0"

    static func classify(_ devices: [Device], complete: Bool = true) -> CapabilityReport {
        let source = SourceInfo(
            kind: .snapshot, udevDatabase: false, attributes: true, complete: complete)
        let inventory = DeviceInventory(
            source: source, machine: MachineIdentity(), devices: DeviceTree.linkParents(devices))
        return CapabilityClassifier().classify(inventory)
    }

    /// A UVC camera whose node carries facts as the kernel probe writes them.
    static func uvcTree(node facts: CameraFacts, name: String = "USB Camera") -> [Device] {
        [
            Device(
                id: "/devices/pci0000:00/0000:00:14.0/usb1/1-5", subsystem: "usb",
                devtype: "usb_device",
                driver: "usb",
                attributes: ["idVendor": "046d", "idProduct": "082d", "removable": "removable"]),
            Device(
                id: usbInterface, subsystem: "usb", devtype: "usb_interface", driver: "uvcvideo",
                properties: ["INTERFACE": "14/1/0"]),
            Device(
                id: usbInterface + "/video4linux/video0", subsystem: "video4linux",
                devnode: "/dev/video0",
                attributes: ["index": "0", "name": name], facts: KernelFacts(v4l2: .value(facts))),
        ]
    }

    static func camera(
        caps: UInt32, formats: [String] = ["YUYV"], modes: [String: [String]] = [:],
        still: (Int, Int)? = nil,
        orientation: String? = nil, autofocus: Bool? = nil, flash: Bool? = nil
    ) -> CameraFacts {
        CameraFacts(
            driver: "uvcvideo", card: "USB Camera", busInfo: "usb-0000:00:14.0-5",
            capabilities: caps,
            formats: formats, formatModes: modes, stillWidth: still?.0, stillHeight: still?.1,
            autofocus: autofocus,
            flash: flash, orientation: orientation)
    }

    @Test func decidesACameraFromV4L2FactsWithoutUdev() throws {
        let report = Self.classify(
            Self.uvcTree(
                node: Self.camera(
                    caps: 0x0420_0001, formats: ["MJPG", "YUYV"],
                    modes: ["MJPG": ["640x480@30", "1920x1080@30", "1280x720@60"]],
                    still: (1920, 1080),
                    orientation: "back", autofocus: true)))
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .present)
        #expect(camera.count == 1)
        #expect(camera.details["megapixels"] == .double(1920.0 * 1080.0 / 1_000_000))
        #expect(
            report.finding("camera.video")?.details["modes"]
                == .array(["640x480@30", "1280x720@60", "1920x1080@30"]))
        #expect(report.finding("camera.back")?.status == .present)
        #expect(report.finding("camera.front")?.status == .absent)
        #expect(report.finding("camera.autofocus")?.status == .present)
        #expect(report.finding("camera.flash")?.status == .unknown)
    }

    @Test func fallsBackToTheRemovableAttributeForUVCFacing() throws {
        let report = Self.classify(Self.uvcTree(node: Self.camera(caps: 0x0420_0001)))
        #expect(report.finding("camera.external")?.status == .present)
        #expect(report.finding("camera.front")?.status == .absent)
    }

    @Test(arguments: [
        ("metadata", 0x0480_0000 as Int),
        ("memory-to-memory", 0x0420_8000),
        ("touch", 0x1420_0001),
    ])
    func rejectsNodesThatDoNotCaptureVideo(_ kind: String, _ caps: Int) throws {
        let report = Self.classify(Self.uvcTree(node: Self.camera(caps: UInt32(caps))))
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .absent, "\(kind)")
        #expect(camera.details["ignored"]?.arrayValue?.count == 1, "\(kind)")
    }

    @Test func listsAGreyscaleOnlyCameraAsIRWithoutCountingIt() throws {
        let report = Self.classify(
            Self.uvcTree(node: Self.camera(caps: 0x0420_0001, formats: ["GREY"])))
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .unknown)
        #expect(camera.count == 0)
        #expect(camera.details["devices"]?.arrayValue?.first?.objectValue?["ir"] == true)
    }

    @Test func findsAFlashLED() throws {
        var devices = Self.uvcTree(node: Self.camera(caps: 0x0420_0001, flash: false))
        devices.append(Device(id: "/devices/platform/leds/leds/white:flash", subsystem: "leds"))
        let flash = try #require(Self.classify(devices).finding("camera.flash"))
        #expect(flash.status == .present)
        #expect(flash.evidence.map(\.device) == ["/devices/platform/leds/leds/white:flash"])
    }

    static func bluetoothTree(hci facts: KernelFacts?) -> [Device] {
        var devices = [
            Device(
                id: "/devices/pci0000:00/0000:00:14.0/usb1/1-7", subsystem: "usb",
                devtype: "usb_device", driver: "usb",
                attributes: ["idVendor": "8087", "idProduct": "0a2a"]),
            Device(
                id: "/devices/pci0000:00/0000:00:14.0/usb1/1-7/1-7:1.0", subsystem: "usb",
                devtype: "usb_interface",
                driver: "btusb",
                attributes: [
                    "bInterfaceClass": "e0", "bInterfaceSubClass": "01", "bInterfaceProtocol": "01",
                ]),
        ]
        if let facts {
            devices.append(
                Device(
                    id: "/devices/pci0000:00/0000:00:14.0/usb1/1-7/1-7:1.0/bluetooth/hci0",
                    subsystem: "bluetooth",
                    devtype: "host", facts: facts))
        }
        return devices
    }

    /// `facts.hci` as the kernel probe stores it for a controller with these LMP features.
    static func hci(features: [UInt8]) -> KernelFacts {
        KernelFacts(
            hci: .value(
                BluetoothControllerFacts(
                    info: HCIDeviceInfo(index: 0, name: "hci0", features: features))))
    }

    @Test(arguments: [
        (
            hci(features: [0xff, 0xff, 0x8f, 0xfe, 0xdb, 0xff, 0x5b, 0x87]),
            CapabilityStatus.present
        ),
        (hci(features: [0xff, 0xff, 0x8f, 0xfe, 0x9b, 0xff, 0x59, 0x87]), .absent),
        (hci(features: [0, 0, 0, 0, 0, 0, 0, 0]), .unknown),
        (KernelFacts(hci: .unknown(reason: "permission denied opening the HCI socket")), .unknown),
        (KernelFacts(), .unknown),
    ])
    func decidesLowEnergyFromHCIFacts(_ facts: KernelFacts, _ expected: CapabilityStatus) throws {
        let report = Self.classify(Self.bluetoothTree(hci: facts))
        #expect(report.finding("bluetooth")?.status == .present)
        #expect(report.finding("bluetooth.le")?.status == expected)
    }

    @Test func reportsABluetoothInterfaceWithoutHCIAsPresent() throws {
        let bluetooth = try #require(
            Self.classify(Self.bluetoothTree(hci: nil)).finding("bluetooth"))
        #expect(bluetooth.status == .present)
        #expect(bluetooth.count == 1)
        #expect(bluetooth.evidence.first?.reason.hasSuffix("no hci") == true)
    }

    @Test func reportsUnboundPCIRadiosAsPresent() throws {
        let report = Self.classify([
            Device(
                id: "/devices/pci0000:00/0000:00:1c.0/0000:02:00.0", subsystem: "pci",
                properties: ["PCI_CLASS": "28000", "PCI_ID": "8086:2723"]),
            Device(
                id: "/devices/pci0000:00/0000:00:1c.0/0000:02:00.1", subsystem: "pci",
                attributes: ["class": "0x0d1100"]),
        ])
        let wifi = try #require(report.finding("net.wifi"))
        #expect(wifi.status == .present)
        #expect(wifi.evidence.first?.reason.contains("no driver bound") == true)
        let bluetooth = try #require(report.finding("bluetooth"))
        #expect(bluetooth.status == .present)
        #expect(bluetooth.evidence.first?.reason.contains("no driver bound") == true)
        #expect(bluetooth.evidence.first?.reason.contains("no hci") == true)
    }

    @Test func findsGNSSAndNFCClassDevices() throws {
        let report = Self.classify([
            Device(id: "/devices/platform/soc/gnss-uart", subsystem: "platform"),
            Device(
                id: "/devices/platform/soc/gnss-uart/gnss/gnss0", subsystem: "gnss",
                properties: ["GNSS_TYPE": "UBX"]),
            Device(
                id: "/devices/platform/soc/i2c-1/1-0028", subsystem: "i2c", driver: "nxp-nci_i2c"),
            Device(id: "/devices/platform/soc/i2c-1/1-0028/nfc/nfc0", subsystem: "nfc"),
        ])
        #expect(report.finding("location.gnss")?.status == .present)
        #expect(report.finding("location.gnss")?.count == 1)
        #expect(report.finding("location.any")?.status == .present)
        let nfc = try #require(report.finding("nfc"))
        #expect(nfc.status == .present)
        #expect(nfc.evidence.map(\.device) == ["/devices/platform/soc/i2c-1/1-0028"])
    }

    @Test func treatsAGenericUSBSerialAdapterAsPossibleGNSS() throws {
        let report = Self.classify([
            Device(
                id: "/devices/pci0000:00/0000:00:14.0/usb1/1-2", subsystem: "usb",
                devtype: "usb_device",
                properties: ["PRODUCT": "10c4/ea60/100"])
        ])
        #expect(report.finding("location.gnss")?.status == .unknown)
        #expect(report.finding("location.any")?.status == .unknown)
    }

    @Test func excludesModemAndHDMIOnlyCards() throws {
        let gpu = "/devices/pci0000:00/0000:00:01.0/0000:01:00"
        let report = Self.classify([
            Device(
                id: gpu + ".0", subsystem: "pci", driver: "nouveau",
                properties: ["PCI_CLASS": "30000", "PCI_ID": "10DE:1C82"]),
            Device(
                id: gpu + ".1", subsystem: "pci", driver: "snd_hda_intel",
                properties: ["PCI_CLASS": "40300", "PCI_ID": "10DE:0FB9"]),
            Device(id: gpu + ".1/sound/card1", subsystem: "sound"),
            Device(id: gpu + ".1/sound/card1/pcmC1D3p", subsystem: "sound"),
            Device(
                id: "/devices/pci0000:00/0000:00:1f.6", subsystem: "pci", driver: "snd_intel8x0m"),
            Device(
                id: "/devices/pci0000:00/0000:00:1f.6/sound/card0", subsystem: "sound",
                properties: ["SOUND_CLASS": "modem"]),
            Device(id: "/devices/pci0000:00/0000:00:1f.6/sound/card0/pcmC0D0c", subsystem: "sound"),
            Device(id: "/devices/pci0000:00/0000:00:1f.6/sound/card0/pcmC0D0p", subsystem: "sound"),
        ])
        #expect(report.finding("audio.input")?.status == .absent)
        let output = try #require(report.finding("audio.output"))
        #expect(output.status == .absent)
        let hdmi = try #require(output.details["hdmi"]?.arrayValue?.first?.objectValue)
        #expect(hdmi["device"] == .string(gpu + ".1/sound/card1"))
    }

    @Test func leavesAudioUnknownForACardWithoutPCMs() throws {
        let report = Self.classify([
            Device(
                id: "/devices/pci0000:00/0000:00:1f.3", subsystem: "pci",
                driver: "sof-audio-pci-intel-tgl"),
            Device(id: "/devices/pci0000:00/0000:00:1f.3/sound/card0", subsystem: "sound"),
            Device(id: "/devices/platform/thinkpad_acpi/sound/card29", subsystem: "sound"),
        ])
        let input = try #require(report.finding("audio.input"))
        #expect(input.status == .unknown)
        #expect(input.evidence.map(\.device) == ["/devices/pci0000:00/0000:00:1f.3/sound/card0"])
    }

    @Test func ignoresPlatformRfkillSwitches() throws {
        let report = Self.classify([
            Device(
                id: "/devices/platform/thinkpad_acpi/rfkill/rfkill1", subsystem: "rfkill",
                properties: ["RFKILL_NAME": "tpacpi_wwan_sw", "RFKILL_TYPE": "wwan"])
        ])
        #expect(report.finding("cellular")?.status == .absent)
        #expect(report.finding("location.gnss")?.status == .absent)
    }

    @Test(arguments: [
        "camera.any", "camera.video", "audio.input", "audio.output", "net.wifi", "bluetooth",
        "bluetooth.le", "cellular", "cellular.sms", "nfc", "location.gnss", "location.any",
    ])
    func neverReportsAbsentFromAPartialSource(_ id: String) throws {
        let report = Self.classify(
            [Device(id: "/devices/virtual/misc/fuse", subsystem: "misc")], complete: false)
        #expect(report.finding(id)?.status == .unknown)
    }

    @Test(arguments: [
        (
            "umockdev/canon-powershot-sx200.umockdev",
            "/devices/pci0000:00/0000:00:1a.0/usb1/1-1/1-1.5/1-1.5.2/1-1.5.2.3"
        ),
        (
            "umockdev/sony-xperia-mini-pro.umockdev",
            "/devices/pci0000:00/0000:00:1a.0/usb1/1-1/1-1.5/1-1.5.2/1-1.5.2.4"
        ),
    ])
    func doesNotTakeUSBStillCamerasOrPhonesForCameras(_ recording: String, _ device: String) throws
    {
        let report = try Fixtures.report(recording)
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .absent)
        let ignored = (camera.details["ignored"]?.arrayValue ?? []).compactMap {
            $0.objectValue?["device"]?.stringValue
        }
        #expect(ignored == [device])
        #expect(report.finding("cellular")?.status == .absent)
    }
}

@Suite struct CameraKeyTests {
    /// Checkbox once filed input devices with a camera key as CAPTURE: a KVM switch's
    /// keyboard (KEY_CAMERA, 0xd4) or "ThinkPad Extra Buttons" must never be a camera.
    @Test func aKVMKeyboardWithACameraKeyIsNoCamera() {
        let usb = "/devices/pci0000:00/0000:00:14.0/usb1/1-3/1-3:1.0"
        let devices = [
            Device(
                id: "/devices/pci0000:00/0000:00:14.0/usb1/1-3", subsystem: "usb",
                devtype: "usb_device",
                properties: ["ID_MODEL": "KVM_Switch"]),
            Device(
                id: usb, subsystem: "usb", devtype: "usb_interface", driver: "usbhid",
                properties: ["INTERFACE": "3/1/1"]),
            Device(
                id: usb + "/0003:0557:2419.0001/input/input20", subsystem: "input",
                properties: [
                    "ID_INPUT": "1", "ID_INPUT_KEY": "1", "NAME": "\"ATEN KVM Switch\"",
                    "KEY": "10000000000000 0 0 0",
                ]),
        ]
        let report = RadioCameraAudioRuleTests.classify(devices)
        #expect(report.finding("camera.any")?.status == .absent)
        #expect(report.finding("camera.video")?.status == .absent)
    }

    @Test func thinkPadExtraButtonsAreNoCamera() throws {
        let report = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.count == 2)
        #expect(!camera.evidence.contains { $0.device.contains("thinkpad_acpi") })
    }
}
