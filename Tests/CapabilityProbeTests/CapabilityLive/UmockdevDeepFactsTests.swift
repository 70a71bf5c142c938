import Foundation
import Testing

@testable import CapabilityProbe

/// Deep facts through the real libudev path (`umockdev-run … capcheck list --json`).
@Suite(.enabled(if: Umockdev.isAvailable))
struct UmockdevDeepFactsTests {
    @Test func decodesTheEDIDOfAConnectedEDPPanelIntoScaleAndDPI() throws {
        let report = try Umockdev.report(recordings: ["umockdev/drm-edp-connected.umockdev"])
        let display = try #require(report.finding("display"))
        #expect(display.status == .present)
        #expect(display.details["scale"] == .int(1))
        let dpi = try #require(display.details["dpi"]?.doubleValue)
        #expect(abs(dpi - 118) < 1)
        let panel = try #require(
            display.details["devices"]?.arrayValue?.compactMap(\.objectValue).first {
                $0["status"] == "connected"
            })
        #expect(panel["edid"]?.objectValue?["vendor"] == "BOE")
        #expect(panel["preferredMode"] == "1366x768")
    }
}
