import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

/// The streaming `list --json` writer against `JSONEncoder` (``JSONOutput``), byte for byte.
@Suite struct SnapshotJSONWriterTests {
    static let recordings: [String] =
        Fixtures.udevadmDumps.map { "udevadm/\($0).txt" } + [
            "umockdev/btusb-hci.umockdev", "umockdev/canon-powershot-sx200.umockdev",
            "umockdev/drm-edp-connected.umockdev", "umockdev/hda-sound-card.umockdev",
            "umockdev/iio-accel-gyro-magn.umockdev", "umockdev/iio-proximity-light.umockdev",
            "umockdev/iio-sensor-proxy-input-accel.umockdev",
            "umockdev/iio-sensor-proxy-input-proximity.umockdev",
            "umockdev/iwlwifi-wlan.umockdev", "umockdev/laptop-battery-ac.umockdev",
            "umockdev/sony-xperia-mini-pro.umockdev", "umockdev/synaptics-touchpad.umockdev",
            "umockdev/uvc-camera-no-udevd.umockdev", "umockdev/uvc-camera-udev.umockdev",
            "snapshots/deep-facts.json", "snapshots/partial-empty.json", "snapshots/all-facts.json",
        ]

    @Test(arguments: recordings)
    func writesWhatTheEncoderWritesForEveryFixture(path: String) throws {
        let report = try Fixtures.report(path)
        #expect(try SnapshotJSONWriter.json(report) == (try JSONOutput.string(report)))
    }

    @Test func writesEdgeValuesAsTheEncoderDoes() throws {
        var device = Device(
            id: "/devices/x/\"q\"\\\u{1}\u{7f}\u{2028}é",
            properties: [
                "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT": "1",
                "a10": "", "a9": "\n\t\r\u{8}\u{c}", "B": "/", "_x": "😀", "！": "e\u{301}",
            ],
            binaryAttributes: ["edid": Data([0, 255, 1, 2, 3]), "empty": Data()],
            links: ["b", "a"],
            facts: KernelFacts(unrecognized: [
                "numbers": .array([
                    .double(3), .double(0.1), .double(1e-7), .double(1e21), .double(-0.0),
                    .double(4e15), .double(1e16), .double(12_345_678_901_234_567_168),
                    .double(1.0 / 3), .int(-7), .null, .bool(true),
                ]),
                "nested": .object(["z": .object([:]), "a": .array([]), "m": .array([.object([:])])]
                ),
            ]))
        device.parentID = "/devices/x"
        let machine = MachineIdentity(
            vendor: "V", model: "M", hostname: "h", os: "OS \"1\"", kernel: "6", arch: "arm64",
            chassis: "laptop", memoryBytes: 4_294_967_296, memorySource: "/proc/meminfo",
            runs32BitARM: false)
        let finding = CapabilityFinding(
            id: .sensorGyroscope, status: .present, count: 2,
            evidence: [Evidence(device: "/b", reason: "r"), Evidence(device: "/a", reason: "")],
            details: ["scale": .double(2.5), "dpi": .double(96), "list": .array([.string("x")])])
        for source in [
            SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true),
            SourceInfo(
                kind: .udevadm, path: "/tmp/a b.txt", udevDatabase: true, attributes: false,
                complete: false, notes: ["one", "two"]),
        ] {
            let report = CapabilityReport(
                source: source, machine: machine,
                capabilities: [finding, CapabilityFinding(id: .gpu, status: .unknown)],
                devices: [device, Device(id: "/devices/y")])
            let written = try SnapshotJSONWriter.json(report)
            #expect(written == (try JSONOutput.string(report)))
            // It reads back (JSONValue reads `3` as an int, so compare the devices' ids only).
            let decoded = try JSONDecoder().decode(CapabilityReport.self, from: Data(written.utf8))
            #expect(decoded.devices.map(\.id) == report.devices.map(\.id))
            #expect(decoded.machine == report.machine && decoded.source == report.source)
        }
        let empty = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: false, attributes: false, complete: false),
            machine: MachineIdentity(), capabilities: [], devices: [])
        #expect(try SnapshotJSONWriter.json(empty) == (try JSONOutput.string(empty)))
    }

    @Test func streamsInPiecesThatEndAfterWholeRecords() throws {
        var text = ""
        for index in 0..<600 {
            text +=
                "P: /devices/d\(index)\nE: SUBSYSTEM=platform\nE: NAME=\(String(repeating: "é", count: 60))\u{202E}\n\n"
        }
        let inventory = try RecordedSource.inventory(Data(text.utf8), path: "many.txt")
        let report = CapabilityClassifier().classify(inventory)
        var pieces: [[UInt8]] = []
        try SnapshotJSONWriter.write(report, pieceSize: 4096) { pieces.append($0) }
        #expect(pieces.count > 10)
        // Each piece is whole UTF-8 text ending after a record's closing brace.
        for piece in pieces.dropLast() {
            #expect(piece.count >= 4096)
            #expect(String(validating: piece, as: UTF8.self) != nil)
            #expect(piece.last == UInt8(ascii: "}"))
        }
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == (try JSONOutput.string(report)))
    }

    @Test func refusesANonFiniteNumberAsTheEncoderDoes() {
        let report = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: false, attributes: false, complete: true),
            machine: MachineIdentity(),
            capabilities: [
                CapabilityFinding(id: .display, status: .present, details: ["dpi": .double(.nan)])
            ],
            devices: [])
        #expect(throws: (any Error).self) { try SnapshotJSONWriter.json(report) }
        #expect(throws: (any Error).self) { try JSONOutput.string(report) }
    }
}
