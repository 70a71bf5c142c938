import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRendering

/// The expected table of every recording in `Fixtures/udevadm` and `Fixtures/umockdev`: status
/// and count of 22 capabilities, judged from the recording's own lines (see the comments and the
/// folder READMEs), not copied from capcheck's output or from Checkbox's categories.
@Suite struct RecordingTableTests {
    /// The columns, in table order: `media`, then `sensors`, then `io`.
    static let media = [
        ("cam", "camera.any"), ("in", "audio.input"), ("out", "audio.output"), ("wifi", "net.wifi"),
        ("bt", "bluetooth"), ("cell", "cellular"), ("gnss", "location.gnss"), ("nfc", "nfc"),
    ]
    static let sensors = [
        ("acc", "sensor.accelerometer"), ("gyro", "sensor.gyroscope"),
        ("magn", "sensor.magnetometer"), ("light", "sensor.light"), ("prox", "sensor.proximity"),
        ("baro", "sensor.barometer"), ("hum", "sensor.humidity"),
    ]
    static let io = [
        ("touch", "input.touchscreen"), ("ptr", "input.pointer"), ("pad", "input.gamepad"),
        ("vib", "haptics.vibration"), ("disp", "display"), ("gpu", "gpu"), ("bat", "power.battery"),
    ]

    /// One recording's expected verdicts: per cell a count (present), `-` (absent) or `?`
    /// (unknown). `pending` names cells whose truth needs a classification rule that is not in
    /// this branch yet; they are checked as known issues, so the test fails once the rule lands
    /// and the cell must move into the plain check.
    struct Row: Sendable, CustomTestStringConvertible {
        var file: String
        var cells: [(key: String, id: String, value: String)]
        var pending: Set<String>
        var pendingReason: String

        init(
            _ file: String, media: String, sensors: String, io: String, pending: Set<String> = [],
            pendingReason: String = "needs a classification rule that is not merged yet"
        ) {
            self.file = file
            self.pending = pending
            self.pendingReason = pendingReason
            let values = [media, sensors, io].flatMap { $0.split(separator: " ").map(String.init) }
            let columns =
                RecordingTableTests.media + RecordingTableTests.sensors
                + RecordingTableTests.io
            cells = zip(columns, values).map { ($0.0, $0.1, $1) }
            precondition(values.count == columns.count, "\(file): \(values.count) cells")
        }

        var testDescription: String { file }
    }

    // Columns:        media: cam in out wifi bt cell gnss nfc
    //               sensors: acc gyro magn light prox baro hum
    //                    io: touch ptr pad vib disp gpu bat
    // Dumps have no sysfs attributes, so a connector's `status` is never recorded: `display` is
    // present for an internal panel connector (eDP, LVDS, DSI: a panel is wired to it; every
    // such dump here is a laptop, an all-in-one or a Pi with the official DSI panel) and unknown
    // where only external connectors exist; a partial dump (no `mem` devices) proves no absence. A umockdev recording describes the
    // whole emulated machine, so what it does not hold is absent, unless it lacks a whole bus its
    // machine must have (ACPI or SMBIOS records and no PCI device: ``MachineCoverage``).
    static let rows: [Row] = [
        // Calxeda Highbank ARM server (no DMI): SATA, network, no multimedia; Checkbox: VIDEO 0, AUDIO 0.
        Row(
            "udevadm/CALXEDA_HIGHBANK.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "udevadm/CAPTURE_METADATA.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "1 3 - - 1 2 1"),
        // Dell Edge Gateway 3002: three ST sensors on I2C (SMO8A90 st-accel-i2c, SMO9100 hts221_i2c,
        // SMO9210 st-press-i2c) with bare iio:deviceN records (no channels in a dump): the
        // accelerometer, humidity and pressure sensors are real, the other kinds absent (complete
        // dump); decided from the parent's DRIVER (IIO chip table). 13 MEI continuation lines.
        // NFC: only the firmware declares an NXP5441 controller (ACPI, no driver bound):
        // unknown, as a declaration alone does not prove the chip.
        Row(
            "udevadm/CARA_T.txt",
            media: "- - - 1 1 - - ?", sensors: "1 - - - - 1 1", io: "- - - - - - -"),
        Row(
            "udevadm/DELL_INSPIRON3521_TOUCHSCREEN.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "1 1 - - 1 1 1"),
        Row(
            "udevadm/DELL_INSPIRON_3048.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "1 1 - - 1 2 -"),
        // Inspiron 7737: i915 + NVIDIA GT 750M (Checkbox VIDEO 2), touchscreen, BAT0.
        Row(
            "udevadm/DELL_INSPIRON_7737_NVIDIA.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "1 1 - - 1 2 1"),
        Row(
            "udevadm/DELL_LATITUDEE4310.txt",
            media: "- 1 1 1 - - - -", sensors: "- - - - - - -", io: "- 2 - - 1 1 1"),
        Row(
            "udevadm/DELL_LATITUDE_7350_WITH_IPU6_DRIVER.txt",
            media: "1 ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        Row(
            "udevadm/DELL_OPTIPLEX9020AIO.txt",
            media: "- 1 1 1 - - - -", sensors: "- - - - - - -", io: "- 1 - - 1 1 -"),
        Row(
            "udevadm/DELL_VOSTROV131.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- 1 - - 1 1 1"),
        Row(
            "udevadm/HOME_MADE.txt",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- 1 - - ? 1 -"),
        Row(
            "udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt",
            media: "1 1 1 1 1 1 ? -", sensors: "- - - 1 - - -", io: "- 2 - - 1 1 -"),
        Row(
            "udevadm/HP_ENVY_15_MEDIATEK_BT.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- - - - 1 2 1"),
        // lis3lv02d input accelerometer (Checkbox ACCELEROMETER 1); no camera (Checkbox CAPTURE 0).
        Row(
            "udevadm/HP_PAVILIONSLEEKBOOK14_ACCELEROMETER.txt",
            media: "- 1 1 1 1 - - -", sensors: "1 - - - - - -", io: "- 1 - - 1 1 1"),
        Row(
            "udevadm/HP_PROBOOK6550B_ACCELEROMETER.txt",
            media: "1 1 1 1 1 - - -", sensors: "1 - - - - - -", io: "- 2 - - 1 1 -"),
        // IBM pSeries POWER7 LPAR: virtual SCSI and network only.
        Row(
            "udevadm/IBM_PSERIES_POWER7.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // IBM s390x: DASD disks, nothing else of ours; complete (has mem devices).
        Row(
            "udevadm/IBM_s390x_DASD.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Intel NUC: HDA analog codec, i915, a USB keyboard only (its HID_UNIQ continues on a bare
        // MODALIAS line: 4 warnings); no Wi-Fi in the dump.
        // NFC: only the firmware declares an NXP5441 controller (ACPI, no driver bound):
        // unknown, as a declaration alone does not prove the chip.
        Row(
            "udevadm/INTEL_NUC_SNAPPY.txt",
            media: "- 1 1 - - - - ?", sensors: "- - - - - - -", io: "- - - - ? 1 -"),
        // Intel IPU7 laptop: 32 :capture: nodes of the IPU7 ISYS are not cameras; the one camera is
        // the MIPI relay (Checkbox CAPTURE 1).
        Row(
            "udevadm/IPU7_DRIVER.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "1 3 - - 1 1 1"),
        // Partial dump of one USB stick: proves no absence.
        Row(
            "udevadm/KIOXIA_TransMemory.txt",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        Row(
            "udevadm/LENOVO_E431.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- 2 - - 1 1 1"),
        Row(
            "udevadm/LENOVO_T420.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- 2 - - 1 1 -"),
        Row(
            "udevadm/LENOVO_T430S.txt",
            media: "2 3 2 1 1 1 ? -", sensors: "- - - - - - -", io: "- 2 - - 1 1 1"),
        // DGX Station: four Tesla V100 (nvidia, render nodes) whose four HDMI codecs are
        // display-only; card0 (C610 HDA) is the analog audio.
        Row(
            "udevadm/NVIDIA_DGX_STATION.txt",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- 1 - - ? 4 -"),
        // NXP S32G: the two IIO devices are SAR ADCs (nxp,s32cc-adc): no sensor of ours, so absent
        // (an ADC is not a sensor).
        Row(
            "udevadm/NXP_S32G_DEV_BOARD.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "udevadm/PANDABOARD.txt",
            media: "- 1 1 1 - - - -", sensors: "- - - - - - -", io: "- 1 - - ? - -"),
        Row(
            "udevadm/QEMU_KVM.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 1 - - ? - -"),
        Row(
            "udevadm/REALTEK_CARD_READER_AND_NVME.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- 2 - - ? 1 1"),
        Row(
            "udevadm/RPI2_WITH_CAMERA.txt",
            media: "? - 1 - - - - -", sensors: "- - - - - - -", io: "- - - - ? 1 -"),
        // The same Pi 2 with the bcm2835-v4l2 driver: the camera now has a V4L2 capture node.
        Row(
            "udevadm/RPI2_WITH_CAMERA_V4L2.txt",
            media: "1 - 1 - - - - -", sensors: "- - - - - - -", io: "- - - - ? 1 -"),
        Row(
            "udevadm/RPI3B.txt",
            media: "? - 1 1 1 - - -", sensors: "- - - - - - -", io: "1 - - - 1 1 -"),
        // Pi 4: bcm2835-isp/codec m2m nodes are not cameras (vchiq: camera unknown); raspberrypi-ts
        // with a DSI-1 connector, as on RPI3B; no hci in the dump.
        Row(
            "udevadm/RPI4B4G.txt",
            media: "? - 1 1 - - - -", sensors: "- - - - - - -", io: "1 - - - 1 1 -"),
        Row(
            "udevadm/SAMSUNG_N310.txt",
            media: "1 1 1 1 1 - - -", sensors: "- - - - - - -", io: "- 1 - - 1 1 1"),
        // Latitude 5580: Intel 8265 (iwlwifi) plus a second Intel 802.11 function 8086:093c with no
        // driver (counted, as Checkbox's WIRELESS 2); smo8800 free-fall sensor is not an
        // accelerometer (Checkbox says 1); HID_UNIQ continuations: 18 warnings.
        Row(
            "udevadm/TOSHIBA_NVME.txt",
            media: "1 1 1 2 1 - - -", sensors: "- - - - - - -", io: "1 2 - - 1 2 1"),
        // i.MX6UL board: the only IIO device is the SoC ADC (fsl,imx6ul-adc): sensors absent (an ADC is
        // not a sensor); the SDIO Wi-Fi's MMC_NAME continues on a bare MODALIAS=mmc:block line.
        Row(
            "udevadm/VESTA_300.txt",
            media: "- - - 1 - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Filtered dump (no mem devices, no final newline): proves no absence.
        Row(
            "udevadm/XILINX_KR260.txt",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        // ZCU104: the AMS system monitor is not a sensor; the only sound card is the DisplayPort
        // one (xilinx-dp-snd-card), display-only, so no audio output.
        Row(
            "udevadm/ZCU104.txt",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - ? - -"),
        // Partial dump (device-mapper disks only, no final newline).
        Row(
            "udevadm/two_dms_one_with_ubuntu_save.txt",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        Row(
            "umockdev/btusb-hci.umockdev",
            media: "- - - - 1 - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/canon-powershot-sx200.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Hand-written (keyboard look-alikes): a composite bar code scanner, a badge reader
        // recorded without its input device, a YubiKey 5; none adds a capability here.
        Row(
            "umockdev/capcheck-barcode-scanner-hid-pos.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Hand-written (phones on USB): a Pixel 3 XL's USB device and its adb interface only;
        // a phone is not a capability of the machine it is plugged into.
        Row(
            "umockdev/capcheck-pixel3xl-adb.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/capcheck-rfid-reader-digits.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Hand-written (AppStream tests): the DMI record of a ThinkPad T440s and nothing else.
        // SMBIOS without a single PCI device: a partial recording, nothing proven absent.
        Row(
            "umockdev/dmi-thinkpad-t440s.umockdev",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        Row(
            "umockdev/drm-edp-connected.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - 1 1 -"),
        // Hand-written (AppStream tests): a PinePhone-like sun4i-drm DSI-1 panel, connected;
        // sun4i-drm is display-only, so no GPU.
        Row(
            "umockdev/dsi-panel-connected.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - 1 - -"),
        // Hand-written (AppStream tests): an ELAN USB touchscreen (ID_INPUT_TOUCHSCREEN).
        Row(
            "umockdev/elan-touchscreen.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "1 - - - - - -"),
        // A phone's flash LED (feedbackd) alone is no camera.
        Row(
            "umockdev/feedbackd-led-flash.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // A Qualcomm multicolor notification LED: none of our capabilities.
        Row(
            "umockdev/feedbackd-led-qcom-multicolor.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Hand-written: an older kernel's HDA card whose PCMs sit under the codec.
        Row(
            "umockdev/hda-codec-pcms.umockdev",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/hda-sound-card.umockdev",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/iio-accel-gyro-magn.umockdev",
            media: "- - - - - - - -", sensors: "1 1 1 - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/iio-proximity-light.umockdev",
            media: "- - - - - - - -", sensors: "- - - 1 1 - -", io: "- - - - - - -"),
        Row(
            "umockdev/iio-sensor-proxy-input-accel.umockdev",
            media: "- - - - - - - -", sensors: "1 - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/iio-sensor-proxy-input-proximity.umockdev",
            media: "- - - - - - - -", sensors: "- - - - 1 - -", io: "- - - - - - -"),
        Row(
            "umockdev/iwlwifi-wlan.umockdev",
            media: "- - - 1 - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // An ACPI battery and adapter (PNP0C0A, ACPI0003) and no PCI tree: the laptop's GPU,
        // sound, radios and camera were left out, so they are unknown, not absent.
        Row(
            "umockdev/laptop-battery-ac.umockdev",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? 1"),
        // Blue Yeti USB microphone with a headphone jack: snd-usb-audio is bound to its control
        // and two streaming interfaces, but the recording has no sound card node. The USB
        // descriptors recorded in its `N: bus/usb/001/002=` line give the directions: interface
        // 1 streams OUT (endpoint 0x01, playback), interface 2 streams IN (endpoint 0x82,
        // capture). So one input and one output, read from the `descriptors` attribute.
        Row(
            "umockdev/ldm-blueYeti.umockdev",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/ldm-bluetoothUSB.umockdev",
            media: "- - - - 1 - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Desktop: NVIDIA (nvidia, boot VGA) + Intel (i915, class 0x0380), no DRM nodes: both
        // counted by their bound 3D driver.
        Row(
            "umockdev/ldm-desktop-nvidia-intel.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - 2 -"),
        // An attached iPod touch adds no capability to this machine.
        Row(
            "umockdev/ldm-ipodtouchgen5.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Optimus laptop: i915 card0 + NVIDIA 3D controller (0x0302) card1.
        Row(
            "umockdev/ldm-optimus1050m.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - 2 -"),
        Row(
            "umockdev/ldm-wifi.umockdev",
            media: "- - - 1 - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Xbox One controller bound to xpad, no input node recorded: a game pad (a bound function
        // without its child node still counts).
        Row(
            "umockdev/ldm-xboxone.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - 1 - - - -"),
        // The test harness's empty machine: the loopback interface and nothing else.
        Row(
            "umockdev/loopback-only.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/mir-bluetooth-magic-trackpad.umockdev",
            media: "- - - - 1 - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        Row(
            "umockdev/mir-joystick-detection.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - 1 - - - -"),
        Row(
            "umockdev/mir-laptop-keyboard.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // MediaTek phone touch panel mtk-tpd (ID_INPUT_TOUCHSCREEN).
        Row(
            "umockdev/mir-mt-screen-detection.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "1 - - - - - -"),
        // i915 + amdgpu, each with a render node.
        Row(
            "umockdev/mir-standard-drm-devices.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - 2 -"),
        // i915 + nouveau render nodes only.
        Row(
            "umockdev/mir-standard-drm-render-nodes.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - 2 -"),
        Row(
            "umockdev/mir-usb-mouse.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        Row(
            "umockdev/sony-xperia-mini-pro.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/synaptics-touchpad.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        Row(
            "umockdev/upower-logitech-g903.device",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 2 - - - - -"),
        // SteelSeries Arctis 1 USB headset: one card with playback and capture.
        Row(
            "umockdev/upower-steelseries-headset.device",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/upower-usb-headset.device",
            media: "- 1 1 - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        // Wacom Intuos over Bluetooth: a subtree recording that starts at hci0:69, so the host
        // hci0 is only in the path. It exists (the tablet is connected through it), but no
        // reader or rule infers it yet: bluetooth comes out absent. Known gap, not s1rules.
        Row(
            // A pen connected as hci0:69: the host is proven by the path (its own record is
            // not in this subtree recording).
            "umockdev/upower-wacom-bluetooth-active.device",
            media: "- - - - 1 - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        Row(
            "umockdev/upower-wacom-dongle-active.device",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        // Only E: lines (no attributes), so it reads as a partial udevadm dump: all unknown.
        Row(
            "umockdev/upower-wacom-dongle-waiting.device",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "? ? ? ? ? ? ?"),
        // WACF2200 pen + touch digitiser on an ACPI I2C controller (AMDI0010): its touch input
        // is a touchscreen; the pen battery is scope Device, not a system battery. No PCI tree
        // although ACPI is there: a partial recording, so the rest is unknown.
        Row(
            "umockdev/upower-wacom-pen-digitiser.device",
            media: "? ? ? ? ? ? ? ?", sensors: "? ? ? ? ? ? ?", io: "1 ? ? ? ? ? ?"),
        // Hand-written: a Unifying receiver's boot keyboard and mouse interfaces bound to usbhid,
        // their input devices not recorded.
        Row(
            "umockdev/usb-receiver-no-input.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- 1 - - - - -"),
        Row(
            "umockdev/usbkbd.umockdev",
            media: "- - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/uvc-camera-no-udevd.umockdev",
            media: "? - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
        Row(
            "umockdev/uvc-camera-udev.umockdev",
            media: "1 - - - - - - -", sensors: "- - - - - - -", io: "- - - - - - -"),
    ]

    /// Every recording file in the two folders.
    static func recordingFiles() throws -> [String] {
        var files: [String] = []
        for folder in ["udevadm", "umockdev"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))
            for name in names
            where name.hasSuffix(".txt") || name.hasSuffix(".umockdev") || name.hasSuffix(".device")
            {
                files.append(folder + "/" + name)
            }
        }
        return files.sorted()
    }

    @Test func tableCoversEveryRecordingInFixtures() throws {
        #expect(Self.rows.map(\.file) == (try Self.recordingFiles()))
    }

    @Test(arguments: rows)
    func classifiesTheRecordingAsItsLinesShow(_ row: Row) throws {
        let report = try Fixtures.report(row.file)
        for cell in row.cells {
            let finding = try #require(report.finding(cell.id), "\(cell.id)")
            let actual: String
            switch finding.status {
            case .present: actual = String(finding.count)
            case .absent: actual = "-"
            case .unknown: actual = "?"
            }
            if row.pending.contains(cell.key) {
                withKnownIssue("\(cell.key): \(row.pendingReason)") {
                    #expect(actual == cell.value, "\(row.file) \(cell.id)")
                }
            } else {
                #expect(actual == cell.value, "\(row.file) \(cell.id)")
            }
        }
    }
}
