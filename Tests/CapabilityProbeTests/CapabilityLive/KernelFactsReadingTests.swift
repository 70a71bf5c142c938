import CapabilityProbeTesting
import Foundation
import Glibc
import CapabilitySupport
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityMatrix
@testable import CapabilityModel

/// Reading stored facts back (what probers do offline) and the sub-device probe.
@Suite struct KernelFactsReadingTests {
    @Test func readsSensorOrientationFromASubdevice() throws {
        let replies = RecordedCameras.controls([
            V4L2Control(id: 0x0098_0911, name: "Exposure"),
            V4L2Control(
                id: V4L2.controlCameraOrientation, type: 3, name: "Camera Orientation",
                defaultValue: 0),
        ])
        let opener = ReplayDeviceOpener(
            nodes: ["/dev/v4l-subdev2": replies], refusals: ["/dev/v4l-subdev3": EACCES])
        let facts = try #require(
            V4L2Probe(opener: opener).probeSubdevice(node: "/dev/v4l-subdev2").value)
        #expect(facts.orientation == "front")
        #expect(!facts.autofocus && !facts.flash)
        #expect(try V4L2SubdeviceFacts.decoded(from: .of(facts)) == facts)
        let refused = V4L2Probe(opener: opener).probeSubdevice(node: "/dev/v4l-subdev3")
        #expect(refused.reason?.hasPrefix("permission denied opening /dev/v4l-subdev3") == true)
        let device = Device(
            id: "/devices/platform/i2c/1-001a/video4linux/v4l-subdev2", subsystem: "video4linux",
            devnode: "/dev/v4l-subdev2")
        let stored = KernelFactsCollector(opener: opener).facts(for: device, parent: nil)
        #expect(
            try JSONValue.of(stored).objectValue?["v4l2_subdev"]?.objectValue?["orientation"]
                == "front")
    }

    @Test func readsTouchPointsAndNearBackOrSaysWhyNot() throws {
        #expect(
            EvdevFacts.touchPoints(from: try .decoded(from: .object(["touch_points": 10])))
                == .value(10))
        #expect(EvdevFacts.near(from: try .decoded(from: .object(["near": true]))) == .value(true))
        let refused = try EvdevFacts.decoded(
            from: .object(["error": "permission denied opening /dev/input/event3"]))
        #expect(
            EvdevFacts.touchPoints(from: refused).reason
                == "permission denied opening /dev/input/event3")
        #expect(EvdevFacts.near(from: nil).reason?.contains("no evdev facts") == true)
    }

    static func iio(_ attributes: [String: String], properties: [String: String] = [:]) -> Device {
        Device(
            id: "/devices/platform/i2c/1-0039/iio:device1", subsystem: "iio",
            properties: properties,
            attributes: attributes)
    }

    @Test(
        arguments: [
            (["in_proximity_raw": "900"], ["PROXIMITY_NEAR_LEVEL": "400"], true as Bool?),
            (["in_proximity_raw": "20", "in_proximity_nearlevel": "400"], [:], false),
            (["in_proximity_raw": "410"], ["PROXIMITY_NEAR_LEVEL": "400"], nil),
            (["in_proximity_raw": "900"], [:], nil),
            ([:], ["PROXIMITY_NEAR_LEVEL": "400"], nil),
        ] as [([String: String], [String: String], Bool?)])
    func readsIIOProximityAgainstTheNearLevel(
        attributes: [String: String], properties: [String: String], expected: Bool?
    ) {
        let result = ProximityState.near(iio: Self.iio(attributes, properties: properties))
        #expect(result.value == expected)
        if expected == nil { #expect(result.reason?.hasPrefix("iio:device1: ") == true) }
    }

    @Test func summarisesAnEDIDAndItsScaleForDetails() throws {
        let bytes = try EDIDHexText.bytes(from: Fixtures.text("edid/SAM0F99-CCE8D83F3288.txt"))
        let edid = try EDID(bytes: bytes)
        let summary = try #require(edid.json.objectValue)
        #expect(summary["vendor"] == "SAM")
        #expect(summary["name"] == "C49RG9x")
        #expect(summary["native_mode"] == "5120x1440@60")
        #expect(summary["size_cm"] == .array([119, 34]))
        let details = try #require(DisplayScale.rule(edid: edid, connector: "DP")).details
        #expect(details["scale"] == 1)
        #expect(details["dpi"] == .double(108.9))
        #expect(details["width_mm"] == 1193)
        #expect(details["scale_rule"]?.stringValue?.contains("mutter") == true)
    }

    @Test func leavesScaleAndDPIOutOfDetailsWhenUnknown() {
        let size = DisplayPhysicalSize.resolve(
            timingMM: (0, 0), baseCM: (0, 0), pixels: (3840, 2160))
        let details = DisplayScale.rule(width: 3840, height: 2160, size: size, connector: "DP")
            .details
        #expect(details["scale"] == nil && details["dpi"] == nil)
        #expect(details["mutter_scale"] == 1)
    }

    @Test func rejectsHexTextWithoutTheMarkerOrWithBadBytes() {
        #expect(throws: InputProblem.self) { try EDIDHexText.bytes(from: "00 ff") }
        #expect(throws: InputProblem.edidBadHex(line: 2, "'zz' is not a hex byte")) {
            try EDIDHexText.bytes(from: "edid-decode (hex):\n00 zz\n")
        }
    }

    @Test func readsTheKernelSizeOfAPanelWithoutEDID() throws {
        var reply = DRMConnectorFacts.request(connectorID: 31)
        reply[32] = 1  // count_modes
        reply[60] = 1  // connected
        reply[64] = 68  // mm_width
        reply[68] = 147  // mm_height
        let request = Array(DRMConnectorFacts.request(connectorID: 31).prefix(52))
        let opener = ReplayDeviceOpener(nodes: [
            "/dev/dri/card0": [
                .init(request: DRMConnectorFacts.request, match: request, output: reply)
            ]
        ])
        let card = Device(
            id: "/devices/platform/soc/ae00000.display/drm/card0", subsystem: "drm",
            devnode: "/dev/dri/card0")
        let panel = Device(
            id: card.id + "/card0-DSI-1", subsystem: "drm",
            attributes: ["status": "connected", "connector_id": "31", "modes": "1080x2340"],
            parentID: card.id)
        var withEDID = panel
        withEDID.binaryAttributes["edid"] = Data([0, 255])
        let collector = KernelFactsCollector(opener: opener)
        let stored = try #require(collector.facts(for: panel, parent: card).drm)
        let facts = try #require(stored.value)
        #expect(try DRMConnectorFacts.decoded(from: .of(facts)) == facts)
        #expect(
            facts
                == DRMConnectorFacts(
                    connectorID: 31, connection: "connected", widthMM: 68, heightMM: 147,
                    modeCount: 1))
        #expect(collector.facts(for: withEDID, parent: card).isEmpty)
        let size = DisplayPhysicalSize.resolve(
            timingMM: (facts.widthMM, facts.heightMM), baseCM: (0, 0), pixels: (1080, 2340))
        #expect(
            DisplayScale.rule(width: 1080, height: 2340, size: size, connector: "DSI").scale == 3)
        let refused = DRMConnectorProbe(
            opener: ReplayDeviceOpener(refusals: ["/dev/dri/card0": EACCES])
        )
        .probe(card: "/dev/dri/card0", connectorID: 31)
        #expect(
            refused.reason
                == "permission denied opening /dev/dri/card0 (run as a member of group video)")
    }
}
