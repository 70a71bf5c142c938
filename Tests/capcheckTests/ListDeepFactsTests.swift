import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `list --from` a snapshot whose records carry kernel-probe facts re-classifies them
/// offline: the deep facts show under each capability's `details`.
@Suite struct ListDeepFactsTests {
    static func report() throws -> CapabilityReport {
        let result = CLI.run(["list", "--from", CLI.fixture("snapshots/deep-facts.json"), "--json"])
        #expect(result.code == .ok)
        return try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
    }

    @Test func showsCameraModesMegapixelsAndTraitsFromV4L2Facts() throws {
        let report = try Self.report()
        let camera = try #require(report.finding("camera.any"))
        #expect(camera.status == .present)
        #expect(camera.details["megapixels"] == .double(2.0736))
        let modes = report.finding("camera.video")?.details["modes"]?.arrayValue ?? []
        #expect(modes.contains("1280x720@30"))
        #expect(report.finding("camera.autofocus")?.status == .present)
        #expect(report.finding("camera.front")?.status == .present)
        #expect(report.finding("camera.flash")?.status == .absent)
        let device = try #require(camera.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(device["card"] == "Integrated Camera")
        #expect(device["formats"] == .array(["MJPG", "YUYV"]))
    }

    @Test func showsLowEnergyTouchPointsAndDisplayScale() throws {
        let report = try Self.report()
        #expect(report.finding("bluetooth.le")?.status == .present)
        #expect(report.finding("input.touchscreen")?.details["points"] == .int(10))
        let display = try #require(report.finding("display"))
        #expect(display.details["scale"] == .int(2))
        let dpi = try #require(display.details["dpi"]?.doubleValue)
        #expect(abs(dpi - 276.5) < 0.5)
    }

    @Test func humanListShowsTheDetails() {
        let result = CLI.run(["list", "--from", CLI.fixture("snapshots/deep-facts.json")])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("1280x720@30"))
    }
}
