import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRecordings
@testable import CapabilityRendering

/// `Device.facts` as a typed ``KernelFacts`` value: snapshots written with the old
/// `[String: JSONValue]` facts read, and write back byte for byte.
@Suite struct KernelFactsCodingTests {
    /// Snapshot fixtures whose records carry kernel facts in the shapes the probes write.
    static let snapshots = ["snapshots/deep-facts.json", "snapshots/all-facts.json"]

    /// A snapshot read as plain JSON, the way the records' facts were kept before.
    struct PlainSnapshot: Decodable {
        struct Record: Decodable {
            var facts: [String: JSONValue]
        }
        var devices: [Record]
    }

    @Test(arguments: snapshots)
    func reEncodesEveryRecordedFactAsTheJSONItWasReadFrom(path: String) throws {
        let data = try Fixtures.data(path)
        let plain = try JSONDecoder().decode(PlainSnapshot.self, from: data)
        let typed = try JSONDecoder().decode(CapabilityReport.self, from: data)
        #expect(typed.devices.count == plain.devices.count)
        for (device, record) in zip(typed.devices, plain.devices) {
            #expect(
                try JSONOutput.string(device.facts) == (try JSONOutput.string(record.facts)),
                "\(device.id)")
            #expect(try JSONValue.of(device.facts) == .object(record.facts), "\(device.id)")
        }
    }

    @Test(arguments: snapshots)
    func decodesAnOldSnapshotAndReEncodesItIdentically(path: String) throws {
        let data = try Fixtures.data(path)
        let report = try JSONDecoder().decode(CapabilityReport.self, from: data)
        let plain = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try JSONOutput.string(report) == (try JSONOutput.string(plain)))
    }

    @Test func readsEveryKindOfFactTheProbesWrite() throws {
        let report = try JSONDecoder().decode(
            CapabilityReport.self, from: try Fixtures.data("snapshots/all-facts.json"))
        let facts = Dictionary(uniqueKeysWithValues: report.devices.map { ($0.sysname, $0.facts) })
        let camera = try #require(facts["video0"]?.v4l2?.value)
        #expect(camera.orientation == "back" && camera.flash == true)
        #expect(camera.stillWidth == 4208 && camera.formatModes["NV12"]?.count == 2)
        #expect(facts["video1"]?.v4l2?.reason?.hasPrefix("permission denied") == true)
        #expect(facts["v4l-subdev0"]?.v4l2Subdevice?.value?.orientation == "back")
        #expect(facts["v4l-subdev1"]?.v4l2Subdevice?.reason?.contains("refused") == true)
        #expect(facts["card0-DSI-1"]?.drm?.value?.widthMM == 68)
        #expect(facts["card0-DSI-2"]?.drm?.reason?.hasPrefix("permission denied") == true)
        let neverPowered = try #require(facts["hci1"]?.hci)
        #expect(neverPowered.value?.lowEnergy == nil)
        #expect(
            BluetoothControllerFacts.lowEnergy(from: neverPowered).reason
                == "hci1: LMP features are all zero (controller never powered)")
        #expect(facts["hci0"]?.hci?.reason?.contains("address family") == true)
        #expect(facts["event5"]?.evdev?.touchPoints == 5)
        #expect(facts["event5"]?.evdev?.errors.count == 1)
        #expect(facts["event4"]?.evdev?.near == false)
        #expect(
            EvdevFacts.near(from: facts["event7"]?.evdev).reason?.hasPrefix("permission denied")
                == true)
        #expect(facts["pcmC0D3p"]?.alsa?.isDigitalDisplayOutput == true)
        #expect(
            facts["BAT0"]?.unreadable == [
                "capacity": "permission denied", "status": "permission denied",
            ])
        #expect(facts["future0"]?.unrecognized.keys.sorted() == ["future_probe"])
    }

    @Test func keepsKeysItDoesNotKnowAndNeverWritesThemOverAKnownOne() throws {
        let json: JSONValue = .object([
            "later_probe": .object(["x": .array([.double(1.5), .null, "a"])]),
            "evdev": .object(["near": true]),
        ])
        var facts = try KernelFacts.decoded(from: json)
        #expect(facts.evdev == EvdevFacts(near: true))
        #expect(facts.unrecognized == ["later_probe": .object(["x": .array([1.5, .null, "a"])])])
        #expect(try JSONValue.of(facts) == json)
        facts.unrecognized["evdev"] = "not this"
        #expect(try JSONValue.of(facts).objectValue?["evdev"] == .object(["near": true]))
    }

    @Test func readsMalformedKnownFactsAsUnknownWithoutFailing() throws {
        let facts = try KernelFacts.decoded(
            from: .object([
                "v4l2": "garbage", "v4l2_subdev": .object(["flash": 1]),
                "drm": .object(["width_mm": 10]), "hci": .array([]),
                "evdev": .object(["touch_points": "ten", "near": 1]), "alsa": 3,
                "unreadable": .object(["status": "permission denied", "capacity": 5]),
            ]))
        #expect(facts.v4l2 == .unknown(reason: "recorded V4L2 facts are malformed"))
        #expect(facts.v4l2Subdevice?.value == nil && facts.v4l2Subdevice != nil)
        #expect(facts.drm?.reason == "recorded DRM facts are malformed")
        #expect(facts.hci == .unknown(reason: "recorded HCI facts are malformed"))
        #expect(facts.evdev == EvdevFacts())
        #expect(facts.alsa == nil)
        #expect(facts.unreadable == ["status": "permission denied"])
    }

    @Test func readsNumbersWrittenAsFloatsAndDropsOnesOutOfRange() throws {
        let facts = try KernelFacts.decoded(
            from: .object([
                "v4l2": .object([
                    "driver": "uvcvideo", "device_caps": .double(1), "formats": .array(["MJPG"]),
                    "still": .object(["width": .double(1e300), "height": 720]),
                ]),
                "evdev": .object(["touch_points": .double(10)]),
            ]))
        let camera = try #require(facts.v4l2?.value)
        #expect(camera.capabilities == 1 && camera.stillWidth == nil && camera.stillHeight == 720)
        #expect(facts.evdev?.touchPoints == 10)
    }

    @Test func skipsARecordWhoseFactsAreNotAnObjectWithAWarning() throws {
        let snapshot = """
            {"schema": 1, "devices": [
              {"id": "/devices/a", "attributes": {}, "binaryAttributes": {}, "links": [],
               "properties": {}, "facts": 5},
              {"id": "/devices/b", "attributes": {}, "binaryAttributes": {}, "links": [],
               "properties": {}, "facts": {"future": 1}}
            ]}
            """
        let inventory = try SnapshotDeviceSource(data: Data(snapshot.utf8), path: "s.json")
            .inventory()
        #expect(inventory.devices.map(\.id) == ["/devices/b"])
        #expect(
            inventory.source.warnings.map(\.reason) == [
                "devices[0].facts: expected Dictionary<String, Any>: device record skipped"
            ])
    }

    @Test func mergesNewerFactsOverOlderOnesKeyByKey() {
        var facts = KernelFacts(
            evdev: EvdevFacts(near: true), alsa: ALSAPCMInfo(name: "HDMI 0"),
            unrecognized: ["a": 1, "b": 2])
        facts.merge(KernelFacts(evdev: EvdevFacts(near: false), unrecognized: ["b": 3]))
        #expect(facts.evdev == EvdevFacts(near: false))
        #expect(facts.alsa == ALSAPCMInfo(name: "HDMI 0"))
        #expect(facts.unrecognized == ["a": 1, "b": 3])
        #expect(!facts.isEmpty && KernelFacts().isEmpty)
    }

    /// `isEmpty` reads the fields one by one: each field alone makes the facts non-empty,
    /// as comparing with `KernelFacts()` does.
    @Test func factsWithAnyOneFieldSetAreNotEmpty() {
        let unknown = "probe failed"
        let each = [
            KernelFacts(v4l2: .unknown(reason: unknown)),
            KernelFacts(v4l2Subdevice: .unknown(reason: unknown)),
            KernelFacts(drm: .unknown(reason: unknown)),
            KernelFacts(hci: .unknown(reason: unknown)),
            KernelFacts(evdev: EvdevFacts(near: false)), KernelFacts(alsa: ALSAPCMInfo()),
            KernelFacts(unreadable: ["uevent": "permission denied"]),
            KernelFacts(unrecognized: ["later": 1]),
        ]
        for facts in each {
            #expect(!facts.isEmpty)
            #expect(facts.isEmpty == (facts == KernelFacts()))
        }
        #expect(KernelFacts().isEmpty)
    }

    @Test func aValuesTreeIsWhatItsJSONTextReadsAs() throws {
        // JSON text has no integral doubles: `2.0` is written `2` and read as an integer.
        let values: [JSONValue] = [.double(0.5), .int(7), .double(2)]
        #expect(try JSONValue(encoding: values) == .array([.double(0.5), .int(7), .int(2)]))
        #expect(try JSONValue(encoding: UInt64.max) == .double(Double(UInt64.max)))
    }
}
