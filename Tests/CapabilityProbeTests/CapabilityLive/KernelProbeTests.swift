import CapabilityProbeTesting
import Foundation
import Glibc
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

/// Recorded replies of a typical UVC webcam and of MIPI sensor nodes, built from the
/// structs' own encoders (the byte layouts are checked separately against hand-written bytes).
enum RecordedCameras {
    typealias Reply = ReplayDeviceOpener.Reply
    static let yuyv: UInt32 = 0x5659_5559
    static let mjpg: UInt32 = 0x4750_4a4d

    static func capability(card: String, caps: UInt32, driver: String = "uvcvideo") -> Reply {
        let value = V4L2Capability(
            driver: driver, card: card, busInfo: "usb-0000:00:14.0-8", version: 0x6_0100,
            capabilities: caps | V4L2.capDeviceCaps | 0x0480_0001, deviceCapabilities: caps)
        return Reply(request: V4L2.queryCapability, output: value.bytes)
    }

    static func format(_ index: UInt32, _ fourcc: UInt32, _ description: String, flags: UInt32 = 0)
        -> Reply
    {
        let value = V4L2FormatDescription(
            index: index, bufferType: 1, flags: flags, description: description, pixelFormat: fourcc
        )
        return Reply(
            request: V4L2.enumerateFormat,
            match: V4L2FormatDescription.request(index: index, bufferType: 1).prefix(8).map { $0 },
            output: value.bytes)
    }

    static func size(_ index: UInt32, _ fourcc: UInt32, _ width: UInt32, _ height: UInt32) -> Reply
    {
        Reply(
            request: V4L2.enumerateFrameSizes,
            match: Array(V4L2FrameSize.request(index: index, pixelFormat: fourcc).prefix(8)),
            output: V4L2FrameSize.discrete(width: width, height: height).bytes(
                index: index, pixelFormat: fourcc))
    }

    static func interval(
        _ index: UInt32, _ fourcc: UInt32, _ width: UInt32, _ height: UInt32, fps: UInt32
    ) -> Reply {
        let request = V4L2FrameInterval.request(
            index: index, pixelFormat: fourcc, width: width, height: height)
        return Reply(
            request: V4L2.enumerateFrameIntervals, match: Array(request.prefix(16)),
            output: V4L2FrameInterval.discreteBytes(
                index: index, pixelFormat: fourcc, width: width, height: height, numerator: 1,
                denominator: fps))
    }

    /// Controls answered to `QUERYCTRL(previous | NEXT_CTRL)`, in id order.
    static func controls(_ controls: [V4L2Control]) -> [Reply] {
        var previous: UInt32 = 0
        var replies: [Reply] = []
        for control in controls {
            replies.append(
                Reply(
                    request: V4L2.queryControl,
                    match: Array(
                        V4L2Control.request(id: previous | V4L2.controlFlagNext).prefix(4)),
                    output: control.bytes))
            previous = control.id
        }
        return replies
    }

    /// A UVC webcam: YUYV 640x480@30/15, 1280x720@10; MJPG 1280x720@30, 1920x1080@30;
    /// brightness and continuous autofocus controls.
    static let uvcWebcam: [Reply] =
        [capability(card: "Integrated Camera: Integrated C", caps: 0x0420_0001)]
        + [format(0, mjpg, "Motion-JPEG", flags: 1), format(1, yuyv, "YUYV 4:2:2")]
        + [
            size(0, yuyv, 640, 480), size(1, yuyv, 1280, 720), size(0, mjpg, 1280, 720),
            size(1, mjpg, 1920, 1080),
        ]
        + [
            interval(0, yuyv, 640, 480, fps: 30), interval(1, yuyv, 640, 480, fps: 15),
            interval(0, yuyv, 1280, 720, fps: 10), interval(0, mjpg, 1280, 720, fps: 30),
            interval(0, mjpg, 1920, 1080, fps: 30),
        ]
        + controls([
            V4L2Control(id: 0x0098_0900, name: "Brightness", defaultValue: 128),
            V4L2Control(
                id: V4L2.controlFocusAuto, type: 2, name: "Focus, Automatic Continuous",
                defaultValue: 1),
        ])

    /// The webcam's metadata-only second node.
    static let uvcMetadata: [Reply] = [
        capability(card: "Integrated Camera: Integrated C", caps: 0x0480_0000)
    ]

    /// A touch controller exposing raw frames as video (`V4L2_CAP_TOUCH`).
    static let touchNode: [Reply] = [
        capability(card: "Synaptics RMI4", caps: 0x1500_0001, driver: "rmi4_f54")
    ]

    /// A phone's back sensor: one-shot autofocus, flash, orientation back, 4208x3120 still.
    static let backSensor: [Reply] =
        [capability(card: "imx258", caps: 0x0420_0001, driver: "qcom-camss")]
        + [format(0, 0x3231_564e, "Y/CbCr 4:2:0")]
        + [size(0, 0x3231_564e, 4208, 3120), interval(0, 0x3231_564e, 4208, 3120, fps: 30)]
        + controls([
            V4L2Control(id: V4L2.controlAutoFocusStart, type: 4, name: "Auto Focus, Start"),
            V4L2Control(
                id: V4L2.controlCameraOrientation, type: 3, name: "Camera Orientation",
                defaultValue: 1),
            V4L2Control(id: V4L2.controlFlashLEDMode, type: 3, name: "LED Mode"),
        ])
}

@Suite struct KernelProbeTests {
    @Test func parsesAQueryCapReplyFromRawBytes() throws {
        var bytes = [UInt8](repeating: 0, count: 104)
        for (index, byte) in "uvcvideo".utf8.enumerated() { bytes[index] = byte }
        for (index, byte) in "HD Webcam".utf8.enumerated() { bytes[16 + index] = byte }
        bytes[84...87] = [0x01, 0x00, 0xa0, 0x84]  // capabilities 0x84a00001
        bytes[88...91] = [0x01, 0x00, 0x20, 0x04]  // device_caps 0x04200001
        let capability = try #require(V4L2Capability(bytes: bytes))
        #expect(capability.driver == "uvcvideo")
        #expect(capability.card == "HD Webcam")
        #expect(capability.effectiveCapabilities == 0x0420_0001)
        #expect(capability.capturesVideo)
        #expect(!capability.isMetadataOnly)
        #expect(V4L2Capability(bytes: Array(bytes.prefix(100))) == nil)
    }

    @Test func parsesFrameSizeAndIntervalStructsFromRawBytes() throws {
        var size = [UInt8](repeating: 0, count: 44)
        size[8] = 3  // stepwise
        size[16...17] = [0x00, 0x0a]  // max_width 2560
        size[28...29] = [0xa0, 0x05]  // max_height 1440
        #expect(V4L2FrameSize(bytes: size) == .stepwise(maxWidth: 2560, maxHeight: 1440))
        var interval = [UInt8](repeating: 0, count: 52)
        interval[16] = 1
        interval[20] = 1
        interval[24] = 30
        #expect(V4L2FrameInterval(bytes: interval)?.framesPerSecond == 30)
        interval[20] = 0
        #expect(V4L2FrameInterval(bytes: interval) == nil)
    }

    @Test func readsModesStillSizeAndAutofocusOfAUVCWebcam() throws {
        let opener = ReplayDeviceOpener(nodes: ["/dev/video0": RecordedCameras.uvcWebcam])
        let facts = try #require(V4L2Probe(opener: opener).probe(node: "/dev/video0").value)
        #expect(facts.driver == "uvcvideo")
        #expect(facts.formats == ["MJPG", "YUYV"])
        #expect(
            facts.modes == [
                "640x480@15", "640x480@30", "1280x720@10", "1280x720@30", "1920x1080@30",
            ])
        #expect(facts.formatModes["YUYV"] == ["640x480@15", "640x480@30", "1280x720@10"])
        #expect(facts.stillWidth == 1920 && facts.stillHeight == 1080)
        #expect(facts.megapixels == 2.0736)
        #expect(facts.autofocus == true)
        #expect(facts.flash == false)
        #expect(facts.orientation == nil)
        #expect(facts.isCamera && !facts.isInfrared && !facts.isMetadataOnly)
        #expect(facts.controls == ["Brightness", "Focus, Automatic Continuous"])
    }

    @Test func readsOrientationFlashAndOneShotAutofocusOfASensor() throws {
        let opener = ReplayDeviceOpener(nodes: ["/dev/video2": RecordedCameras.backSensor])
        let facts = try #require(V4L2Probe(opener: opener).probe(node: "/dev/video2").value)
        #expect(facts.orientation == "back")
        #expect(facts.autofocus == true)
        #expect(facts.flash == true)
        #expect(facts.formats == ["NV12"])
        #expect(abs((facts.megapixels ?? 0) - 13.12896) < 1e-9)
    }

    @Test func marksMetadataAndTouchNodesAsNotCameras() throws {
        let opener = ReplayDeviceOpener(nodes: [
            "/dev/video1": RecordedCameras.uvcMetadata,
            "/dev/v4l-touch0": RecordedCameras.touchNode,
        ])
        let metadata = try #require(V4L2Probe(opener: opener).probe(node: "/dev/video1").value)
        #expect(metadata.isMetadataOnly && !metadata.isCamera)
        let touch = try #require(V4L2Probe(opener: opener).probe(node: "/dev/v4l-touch0").value)
        #expect(touch.isTouch && !touch.isCamera)
        #expect(touch.formats.isEmpty)
    }

    @Test func reportsARefusedCameraAsUnknownWithTheReason() throws {
        let opener = ReplayDeviceOpener(refusals: ["/dev/video0": EACCES])
        let result = V4L2Probe(opener: opener).probe(node: "/dev/video0")
        #expect(
            result
                == .unknown(
                    reason: "permission denied opening /dev/video0 (run as a member of group video)"
                ))
        let stored = try KernelFacts.decoded(from: .of(KernelFacts(v4l2: result))).v4l2
        #expect(CameraFacts.result(from: stored).reason?.contains("permission denied") == true)
        #expect(CameraFacts.result(from: nil).reason?.contains("no V4L2 facts") == true)
    }

    @Test func keepsCameraFactsThroughJSON() throws {
        let opener = ReplayDeviceOpener(nodes: ["/dev/video2": RecordedCameras.backSensor])
        let facts = try #require(V4L2Probe(opener: opener).probe(node: "/dev/video2").value)
        let data = try JSONOutput.encoder().encode(facts)
        let decoded = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try CameraFacts.decoded(from: decoded) == facts)
        #expect(decoded.objectValue?["modes"] == .array(["4208x3120@30"]))
    }

    @Test(
        arguments: [
            ("fixed", nil, "front"), ("removable", nil, "external"), ("unknown", nil, "external"),
            (nil, nil, nil), ("fixed", "back", "back"),
        ] as [(String?, String?, String?)])
    func decidesFacingFromOrientationThenRemovable(
        removable: String?, orientation: String?, expected: String?
    ) {
        #expect(CameraFacts.facing(orientation: orientation, removable: removable) == expected)
    }

    @Test(arguments: [
        ([0xff, 0xfe, 0x0f, 0xfe, 0xdb, 0xff, 0x7b, 0x87] as [UInt8], true as Bool?),
        ([0xff, 0xfe, 0x8f, 0xfe, 0x98, 0x3f, 0x79, 0x83], false),
        ([0, 0, 0, 0, 0, 0, 0, 0], nil),
    ])
    func readsLowEnergySupportFromTheFeatureBits(features: [UInt8], expected: Bool?) throws {
        let info = HCIDeviceInfo(index: 0, name: "hci0", type: 1, features: features, flags: 1)
        let opener = ReplayDeviceOpener(socketReplies: [
            .init(request: HCIDeviceInfo.request, match: [0, 0], output: info.bytes)
        ])
        let facts = try #require(HCIProbe(opener: opener).probe(index: 0).value)
        #expect(facts.lowEnergy == expected)
        #expect(facts.bus == "usb")
        let recorded = try KernelFacts.decoded(from: .object(["hci": .of(facts)])).hci
        let stored = BluetoothControllerFacts.lowEnergy(from: recorded)
        #expect(stored.value == expected)
        if expected == nil { #expect(stored.reason?.contains("never powered") == true) }
    }

    @Test func parsesHCIDeviceInfoFromRawBytes() throws {
        var bytes = [UInt8](repeating: 0, count: 92)
        bytes[0] = 1
        for (index, byte) in "hci1".utf8.enumerated() { bytes[2 + index] = byte }
        bytes[20] = 0x03  // UART
        bytes[25] = 0x60  // features[4]: LE + no BR/EDR
        let info = try #require(HCIDeviceInfo(bytes: bytes))
        #expect(info.index == 1 && info.name == "hci1" && info.bus == "uart")
        #expect(info.supportsLowEnergy == true && info.isLowEnergyOnly)
    }

    @Test func reportsMissingBluetoothSocketsAsUnknown() {
        let result = HCIProbe(opener: ReplayDeviceOpener()).probe(index: 0)
        #expect(result.value == nil)
        #expect(result.reason?.contains("address family not supported") == true)
        let unanswered = HCIProbe(opener: ReplayDeviceOpener(socketReplies: [])).probe(index: 3)
        #expect(unanswered.reason?.contains("HCIGETDEVINFO hci3") == true)
    }

    @Test func readsTouchPointsAndProximityFromEvdev() throws {
        var absInfo = [UInt8](repeating: 0, count: 24)
        absInfo[8] = 9  // maximum slot 9 → 10 points
        var switches: [UInt8] = [0, 0x08, 0, 0]  // bit 11 = SW_FRONT_PROXIMITY
        let opener = ReplayDeviceOpener(nodes: [
            "/dev/input/event3": [
                .init(request: EvdevProbe.getAbsoluteBase + 0x2f, output: absInfo),
                .init(request: EvdevProbe.getSwitches, output: switches),
            ]
        ])
        let facts = try #require(
            EvdevProbe(opener: opener).probe(
                node: "/dev/input/event3", multitouchSlots: true, proximitySwitch: true
            ).value)
        #expect(facts == EvdevFacts(touchPoints: 10, near: true))
        switches[1] = 0x02
        let far = ReplayDeviceOpener(nodes: [
            "/dev/input/event3": [.init(request: EvdevProbe.getSwitches, output: switches)]
        ])
        let farFacts = EvdevProbe(opener: far).probe(
            node: "/dev/input/event3", multitouchSlots: false, proximitySwitch: true)
        #expect(farFacts.value?.near == false)
    }

    @Test func reportsARefusedInputNodeAsUnknown() {
        let opener = ReplayDeviceOpener(refusals: ["/dev/input/event3": EACCES])
        let result = EvdevProbe(opener: opener).probe(
            node: "/dev/input/event3", multitouchSlots: true, proximitySwitch: false)
        #expect(
            result.reason
                == "permission denied opening /dev/input/event3 (run as a member of group input)")
    }

    @Test(arguments: [
        ("2 0", 65, true), ("2 0", 1, false), ("660800011000003", 0x2f, true),
        ("660800011000003", 0x30, false),
        ("800 0", 75, true), ("", 0, false),
    ])
    func readsSysfsCapabilityBitmaps(text: String, bit: Int, expected: Bool) {
        #expect((Bitmask(text)?.contains(bit) ?? false) == expected)
    }

    @Test func collectsFactsOnlyForProbedKindsAndNeverDropsARefusal() throws {
        let devices = [
            Device(
                id: "/devices/usb1/1-8/1-8:1.0/video4linux/video0", subsystem: "video4linux",
                devnode: "/dev/video0"),
            Device(
                id: "/devices/usb1/1-8/1-8:1.0/video4linux/video1", subsystem: "video4linux",
                devnode: "/dev/video1"),
            Device(
                id: "/devices/usb1/1-7/1-7:1.0/bluetooth/hci0", subsystem: "bluetooth",
                devtype: "host"),
            Device(
                id: "/devices/platform/gpio_keys/input/input4", subsystem: "input",
                properties: ["SW": "800"]),
            Device(
                id: "/devices/platform/gpio_keys/input/input4/event4", subsystem: "input",
                devnode: "/dev/input/event4",
                parentID: "/devices/platform/gpio_keys/input/input4"),
            Device(id: "/devices/virtual/net/lo", subsystem: "net"),
        ]
        let opener = ReplayDeviceOpener(
            nodes: [
                "/dev/video0": RecordedCameras.uvcWebcam,
                "/dev/input/event4": [
                    .init(request: EvdevProbe.getSwitches, output: [0, 0, 0, 0])
                ],
            ],
            refusals: ["/dev/video1": EACCES])
        let result = KernelFactsCollector(opener: opener).addingFacts(to: devices)
        #expect(result.map(\.id) == devices.map(\.id))
        #expect(result[0].facts.v4l2?.value?.modes.count == 5)
        #expect(
            try result[1].factsJSON["v4l2"]?.objectValue?["error"]?.stringValue?.hasPrefix(
                "permission denied") == true)
        #expect(
            try result[2].factsJSON["hci"]?.objectValue?["error"]?.stringValue?.contains(
                "not supported")
                == true)
        #expect(result[3].facts.isEmpty)
        #expect(try result[4].factsJSON["evdev"] == .object(["near": false]))
        #expect(result[5].facts.isEmpty)
    }
}
