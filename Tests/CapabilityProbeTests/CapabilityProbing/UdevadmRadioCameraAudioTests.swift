import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRendering

/// Expected verdicts for the 20 Checkbox udevadm dumps (Fixtures/udevadm), derived from the
/// README machine notes and the dumps themselves, not copied from Checkbox's categories.
@Suite struct UdevadmRadioCameraAudioTests {
    /// A status with its count.
    enum Verdict: Sendable, Equatable, CustomStringConvertible {
        case present(Int)
        case absent
        case unknown

        var status: CapabilityStatus {
            switch self {
            case .present: .present
            case .absent: .absent
            case .unknown: .unknown
            }
        }

        var count: Int {
            if case .present(let count) = self { return count }
            return 0
        }

        var description: String { "\(status.rawValue) \(count)" }
    }

    /// One dump's expected verdicts.
    struct Row: Sendable, CustomTestStringConvertible {
        var dump: String
        var camera: Verdict
        var audioInput: Verdict
        var audioOutput: Verdict
        var wifi: Verdict
        var bluetooth: Verdict
        var cellular: Verdict
        var gnss: Verdict
        var nfc: Verdict

        var testDescription: String { dump }

        var expectations: [(String, Verdict)] {
            [
                ("camera.any", camera), ("audio.input", audioInput), ("audio.output", audioOutput),
                ("net.wifi", wifi), ("bluetooth", bluetooth), ("cellular", cellular),
                ("location.gnss", gnss), ("nfc", nfc),
            ]
        }
    }

    // Columns: camera.any, audio.input, audio.output, net.wifi, bluetooth, cellular,
    // location.gnss, nfc. Checkbox's AUDIO counts PCI audio functions (0x0401/0x0403, GPU
    // HDMI included) and USB audio interfaces, so it is not compared with our per-card
    // input/output counts; differences from its CAPTURE/WIRELESS/BLUETOOTH/WWAN are noted.
    static let table: [Row] = [
        // Checkbox CAPTURE 1 too, but for a different reason: the dump has 4 nodes all marked
        // :capture: by old udev; video1/video3 are the UVC metadata nodes (index 1) and the
        // second streaming function (interface 1.2, same truncated name) is the IR function
        // of the RGB+IR module, listed with ir: true and not counted.
        Row(
            dump: "CAPTURE_METADATA", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        Row(
            dump: "DELL_INSPIRON3521_TOUCHSCREEN", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1), wifi: .present(1), bluetooth: .present(1), cellular: .absent,
            gnss: .absent,
            nfc: .absent),
        // card0 (Haswell HDMI controller, only pcmC0D3p) is HDMI-only; card1 is the analog codec.
        Row(
            dump: "DELL_INSPIRON_3048", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        Row(
            dump: "DELL_LATITUDEE4310", camera: .absent, audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        // Partial dump (31 records, no 'mem' devices): the MIPI relay "Intel MIPI Camera"
        // (:video_output:) is the one camera (Checkbox CAPTURE 1); the 8 IPU6 ISYS :capture:
        // nodes are not cameras. Everything without a candidate is unknown, never absent.
        Row(
            dump: "DELL_LATITUDE_7350_WITH_IPU6_DRIVER", camera: .present(1), audioInput: .unknown,
            audioOutput: .unknown, wifi: .unknown, bluetooth: .unknown, cellular: .unknown,
            gnss: .unknown,
            nfc: .unknown),
        // Wi-Fi from the Broadcom wiphy alone (no wlan netdev in the dump).
        Row(
            dump: "DELL_OPTIPLEX9020AIO", camera: .absent, audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        // Checkbox WIRELESS 2 counts the Intel 6150 WiMAX netdev (wmx0, DEVTYPE=wimax); WiMAX
        // is not Wi-Fi, so net.wifi counts only the Atheros AR9285.
        Row(
            dump: "DELL_VOSTROV131", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        // The Radeon RV770 HDMI card is HDMI-only: not an output of the machine.
        Row(
            dump: "HOME_MADE", camera: .absent, audioInput: .present(1), audioOutput: .present(1),
            wifi: .absent, bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        // HP 5MP Camera counted once; "HP IR Camera" listed with ir: true. Intel 7560 iosm
        // PCIe modem (wwan class) is cellular; its GNSS is only visible via ModemManager.
        // card0 (ATI GPU HDMI, PCMs 3/7/8/9) is HDMI-only; card1 (AMD HDA) is analog.
        Row(
            dump: "HP_ELITEBOOK_835_13_INCH_G10", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1), wifi: .present(1), bluetooth: .present(1),
            cellular: .present(1),
            gnss: .unknown, nfc: .absent),
        Row(
            dump: "HP_ENVY_15_MEDIATEK_BT", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        Row(
            dump: "HP_PROBOOK6550B_ACCELEROMETER", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1), wifi: .present(1), bluetooth: .present(1), cellular: .absent,
            gnss: .absent,
            nfc: .absent),
        Row(
            dump: "LENOVO_E431", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        Row(
            dump: "LENOVO_T420", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
        // Two cameras (integrated + Logitech C920, Checkbox CAPTURE 2). Capture on 3 cards
        // (C920 mic, USB headset, HDA); playback on 2 (headset, HDA). Ericsson H5321 gw on
        // cdc_mbim is the modem; without an ID_MM_PORT_TYPE_GPS port GNSS stays unknown.
        Row(
            dump: "LENOVO_T430S", camera: .present(2), audioInput: .present(3),
            audioOutput: .present(2),
            wifi: .present(1), bluetooth: .present(1), cellular: .present(1), gnss: .unknown,
            nfc: .absent),
        // twl6040 ASoC card has capture and playback; omap-hdmi-audio is HDMI-only.
        Row(
            dump: "PANDABOARD", camera: .absent, audioInput: .present(1), audioOutput: .present(1),
            wifi: .present(1), bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        Row(
            dump: "QEMU_KVM", camera: .absent, audioInput: .absent, audioOutput: .absent,
            wifi: .absent,
            bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        // card1 (Cape Verde HDMI Audio) is HDMI-only.
        Row(
            dump: "REALTEK_CARD_READER_AND_NVME", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1), wifi: .present(1), bluetooth: .present(1), cellular: .absent,
            gnss: .absent,
            nfc: .absent),
        // Checkbox CAPTURE 0: the camera module sits behind MMAL/vchiq with no V4L node, so
        // whether one is connected is not visible: unknown, not absent. bcm2835 audio is
        // playback-only.
        Row(
            dump: "RPI2_WITH_CAMERA", camera: .unknown, audioInput: .absent,
            audioOutput: .present(1),
            wifi: .absent, bluetooth: .absent, cellular: .absent, gnss: .absent, nfc: .absent),
        // The bcm2835-codec/isp nodes are m2m codec/ISP nodes, not cameras (Checkbox CAPTURE 0);
        // camera.any is unknown for the same vchiq/MMAL reason as RPI2. BT is hci0 on the UART.
        Row(
            dump: "RPI3B", camera: .unknown, audioInput: .absent, audioOutput: .present(1),
            wifi: .present(1),
            bluetooth: .present(1), cellular: .absent, gnss: .absent, nfc: .absent),
        // The Atheros AR242x reports PCI class 0x0200; its wlan netdev decides.
        Row(
            dump: "SAMSUNG_N310", camera: .present(1), audioInput: .present(1),
            audioOutput: .present(1),
            wifi: .present(1), bluetooth: .present(1), cellular: .absent, gnss: .absent,
            nfc: .absent),
    ]

    @Test func tableCoversEveryDump() {
        #expect(Self.table.map(\.dump).sorted() == Fixtures.udevadmDumps.sorted())
    }

    @Test(arguments: table)
    func classifiesRadiosCamerasAndAudio(_ row: Row) throws {
        let report = try Fixtures.report("udevadm/\(row.dump).txt")
        for (id, expected) in row.expectations {
            let finding = try #require(report.finding(id), "\(row.dump): no finding \(id)")
            #expect(finding.status == expected.status, "\(row.dump) \(id): \(finding.evidence)")
            #expect(finding.count == expected.count, "\(row.dump) \(id): \(finding.evidence)")
        }
    }

    @Test func findsMediaTekBluetoothByItsUSBID() throws {
        let report = try Fixtures.report("udevadm/HP_ENVY_15_MEDIATEK_BT.txt")
        let bluetooth = try #require(report.finding("bluetooth"))
        let devices = try #require(bluetooth.details["devices"]?.arrayValue)
        #expect(devices.count == 1)
        let adapter = try #require(devices.first?.objectValue)
        #expect(adapter["usb"] == "0e8d:763f")
        #expect(adapter["device"] == "/devices/pci0000:00/0000:00:1a.0/usb1/1-1/1-1.1")
        #expect(bluetooth.evidence.first?.reason.contains("MediaTek Bluetooth 0e8d:763f") == true)
        let wifi = try #require(
            report.finding("net.wifi")?.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(wifi["pci"] == "14c3:7630")
    }

    @Test func findsTheEricssonModemAndLeavesGNSSUnknown() throws {
        let report = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        let cellular = try #require(report.finding("cellular"))
        let modem = try #require(cellular.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(modem["device"] == "/devices/pci0000:00/0000:00:14.0/usb3/3-4")
        #expect(modem["usb"] == "0bdb:1926")
        #expect(modem["interfaces"] == .array(["wwan0"]))
        let ignored = cellular.details["ignored"]?.arrayValue ?? []
        #expect(
            ignored.contains {
                $0.objectValue?["reason"]?.stringValue?.contains("tpacpi_wwan_sw") == true
            })
        let gnss = try #require(report.finding("location.gnss"))
        #expect(gnss.status == .unknown)
        #expect(gnss.evidence.map(\.device) == ["/devices/pci0000:00/0000:00:14.0/usb3/3-4"])
        #expect(report.finding("location.any")?.status == .unknown)
        #expect(report.finding("cellular.sms")?.status == .unknown)
    }

    @Test func dedupesUVCMetadataNodesByInterface() throws {
        let report = try Fixtures.report("udevadm/CAPTURE_METADATA.txt")
        let camera = try #require(report.finding("camera.any"))
        let devices = try #require(camera.details["devices"]?.arrayValue).compactMap(\.objectValue)
        #expect(devices.count == 2)
        #expect(devices.first?["device"] == "/devices/pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0")
        #expect(
            devices.first?["nodes"]
                == .array(["/devices/pci0000:00/0000:00:14.0/usb1/1-5/1-5:1.0/video4linux/video0"]))
        #expect(devices.first?["ir"] == false)
        #expect(devices.last?["ir"] == true)
        let ignored = try #require(camera.details["ignored"]?.arrayValue).compactMap {
            $0.objectValue?["device"]?.stringValue
        }
        #expect(ignored.map { String($0.suffix(6)) } == ["video1", "video3"])
    }

    @Test func listsTheHPIRCameraWithoutCountingIt() throws {
        let report = try Fixtures.report("udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt")
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.count == 1)
        let devices = try #require(camera.details["devices"]?.arrayValue).compactMap(\.objectValue)
        let infrared = devices.filter { $0["ir"] == true }
        #expect(infrared.count == 1)
        #expect(infrared.first?["name"] == "HP 5MP Camera: HP IR Camera")
        let modem = try #require(
            report.finding("cellular")?.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(modem["pci"] == "8086:7560")
        #expect(modem["driver"] == "iosm")
    }

    @Test func takesTheIPU6MIPIRelayAndIgnoresISYSNodes() throws {
        let report = try Fixtures.report("udevadm/DELL_LATITUDE_7350_WITH_IPU6_DRIVER.txt")
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.evidence.map(\.device) == ["/devices/virtual/video4linux/video0"])
        let ignored = try #require(camera.details["ignored"]?.arrayValue)
        #expect(ignored.count == 8)
        #expect(report.finding("camera.video")?.status == .present)
        #expect(report.finding("camera.front")?.status == .unknown)
    }

    @Test func treatsRaspberryPiCodecNodesAsNoCamera() throws {
        let report = try Fixtures.report("udevadm/RPI3B.txt")
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.details["devices"] == .array([]))
        #expect(camera.details["ignored"]?.arrayValue?.count == 7)
        #expect(
            camera.evidence.map(\.device) == ["/devices/platform/soc/3f00b840.mailbox/vchiq/vchiq"])
        #expect(camera.evidence.first?.reason.contains("MMAL") == true)
    }

    @Test func ignoresTheWiMAXNetdev() throws {
        let report = try Fixtures.report("udevadm/DELL_VOSTROV131.txt")
        let wifi = try #require(report.finding("net.wifi"))
        let device = try #require(wifi.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(device["pci"] == "168c:002b")
        let ignored = try #require(wifi.details["ignored"]?.arrayValue?.first?.objectValue)
        #expect(
            ignored["device"]
                == "/devices/pci0000:00/0000:00:1d.0/usb2/2-1/2-1.5/2-1.5:1.0/net/wmx0")
    }

    @Test(arguments: [
        ("DELL_INSPIRON_3048", "/devices/pci0000:00/0000:00:03.0/sound/card0"),
        ("HOME_MADE", "/devices/pci0000:00/0000:00:01.0/0000:01:00.1/sound/card1"),
        (
            "REALTEK_CARD_READER_AND_NVME",
            "/devices/pci0000:00/0000:00:01.0/0000:01:00.1/sound/card1"
        ),
        (
            "HP_ELITEBOOK_835_13_INCH_G10",
            "/devices/pci0000:00/0000:00:08.1/0000:c4:00.1/sound/card0"
        ),
        ("PANDABOARD", "/devices/platform/omap-hdmi-audio/sound/card1"),
    ])
    func reportsHDMIOnlyCardsInDetailsNotAsOutputs(_ dump: String, _ card: String) throws {
        let report = try Fixtures.report("udevadm/\(dump).txt")
        let output = try #require(report.finding("audio.output"))
        #expect(!output.evidence.contains { $0.device == card })
        let hdmi = try #require(output.details["hdmi"]?.arrayValue).compactMap {
            $0.objectValue?["device"]?.stringValue
        }
        #expect(hdmi.contains(card))
    }

    @Test func recognisesAWlanNetdevByDevtypeNotName() throws {
        // Broadcom's wl names its netdev eth1; DEVTYPE=wlan decides, and phy0 counts with it.
        let report = try Fixtures.report("udevadm/DELL_OPTIPLEX9020AIO.txt")
        let wifi = try #require(report.finding("net.wifi"))
        #expect(wifi.evidence.map(\.reason) == ["wiphy phy0; wlan netdev eth1"])
        #expect(wifi.details["devices"]?.arrayValue?.first?.objectValue?["driver"] == "wl")
    }
}
