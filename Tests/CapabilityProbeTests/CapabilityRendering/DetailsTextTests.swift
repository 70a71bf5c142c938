import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

@Suite struct DetailsTextTests {
    static func report(_ findings: [CapabilityFinding]) -> CapabilityReport {
        CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: true, attributes: true, complete: true),
            machine: MachineIdentity(), capabilities: findings,
            devices: [])
    }

    @Test func showsEachListedDeviceWithItsFactsUnderTheCapability() {
        let finding = CapabilityFinding(
            id: .cameraAny, status: .present, count: 1,
            evidence: [Evidence(device: "/devices/usb1/1-5/1-5:1.0", reason: "video capture node")],
            details: [
                "megapixels": .double(2.0736),
                "devices": .array([
                    .object([
                        "device": .string("/devices/usb1/1-5/1-5:1.0"),
                        "name": .string("Integrated Camera"), "driver": .string("uvcvideo"),
                        "facing": .string("front"), "ir": .bool(false),
                        "nodes": .array([.string("/devices/usb1/1-5/1-5:1.0/video4linux/video0")]),
                    ])
                ]),
                "ignored": .array([
                    .object([
                        "device": .string("/devices/usb1/1-5/1-5:1.2"),
                        "reason": .string("metadata node"),
                    ])
                ]),
            ])
        let text = ListRenderer.render(Self.report([finding]))
        #expect(text.contains("megapixels 2.07\n"))
        #expect(
            text.contains(
                "- Integrated Camera · driver uvcvideo · facing front · ir no · nodes video0\n"))
        #expect(text.contains("- ignored: 1-5:1.2 · reason metadata node\n"))
        #expect(!text.contains("/devices/usb1/1-5/1-5:1.0/video4linux"))
    }

    @Test func keepsTheReasonOfAFindingWithEvidenceAsANote() {
        let finding = CapabilityFinding(
            id: .locationGNSS, status: .unknown,
            evidence: [Evidence(device: "/devices/usb1/1-4", reason: "cellular modem")],
            details: ["reason": .string("GNSS is only visible through ModemManager")])
        let lines = ListRenderer.render(Self.report([finding])).split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("note GNSS is only visible through ModemManager") })
    }

    @Test func sanitisesDeviceStringsInDetails() {
        let finding = CapabilityFinding(
            id: .inputTouchscreen, status: .present, count: 1,
            details: [
                "devices": .array([
                    .object(["name": .string("Evil\u{1b}[2JPanel"), "points": .int(5)])
                ])
            ])
        let text = ListRenderer.render(Self.report([finding]))
        #expect(text.contains("- Evil?[2JPanel · points 5"))
        #expect(!text.contains("\u{1b}"))
    }

    @Test func wrapsLongDetailLinesAtTheirSeparators() {
        let line = (1...12).map { "key\($0) value" }.joined(separator: " · ")
        let wrapped = DetailsText.wrap(line, width: 40)
        #expect(wrapped.count > 1)
        #expect(wrapped.allSatisfy { $0.count <= 40 })
        #expect(wrapped.dropFirst().allSatisfy { $0.hasPrefix("  key") })
        #expect(
            wrapped.map { $0.trimmingPrefix("  ") }.joined(separator: " · ") == line)
    }

    @Test(
        arguments: [
            (JSONValue.double(-1.0), "-1"), (.double(0.8), "0.8"), (.double(276.54), "276.54"),
            (.bool(true), "yes"), (.array([]), nil), (.null, nil),
            (.int(25_769_803_776), "25769803776"),
        ] as [(JSONValue, String?)])
    func writesValuesInWords(value: JSONValue, text: String?) {
        #expect(DetailsText.valueText(value) == text)
    }
}
