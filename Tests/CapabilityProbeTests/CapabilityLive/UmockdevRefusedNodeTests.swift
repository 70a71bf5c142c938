import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel

/// The live path as an ordinary user: `capcheck` runs as `nobody` (setpriv) inside a umockdev
/// testbed whose emulated `/dev/input/event4` is a root-only node, so the real `open(2)`
/// fails with EACCES. The switch is still reported, its state is unknown with the reason.
@Suite(
    .enabled(
        if: Umockdev.isAvailable && getuid() == 0
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
struct UmockdevRefusedNodeTests {
    @Test func refusedProximitySwitchIsPresentWithItsStateUnknown() throws {
        // The testbed directory is root-only (0700) and so is umockdev's ioctl socket
        // directory: open both to nobody, keep the emulated node itself root-only.
        let script = """
            chmod 755 "$UMOCKDEV_DIR" && chmod -R a+rwX "$UMOCKDEV_DIR/ioctl" \
            && exec setpriv --reuid=65534 --regid=65534 --clear-groups "$0" list --json
            """
        let result = try ProgramRun.run(
            "/usr/bin/umockdev-run",
            [
                "-d", Fixtures.path("umockdev/iio-sensor-proxy-input-proximity.umockdev"),
                "-i",
                "/dev/input/event4="
                    + Fixtures.path("umockdev/iio-sensor-proxy-input-proximity.ioctl"),
                "--", "/bin/sh", "-c", script, ProgramRun.capcheckBinary,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
        let event = try #require(report.devices.first { $0.id.hasSuffix("/input4/event4") })
        #expect(
            try event.factsJSON["evdev"]
                == .object([
                    "error":
                        "permission denied opening /dev/input/event4 (run as a member of group input)"
                ]))
        let proximity = try #require(report.finding("sensor.proximity"))
        #expect(proximity.status == .present)
        #expect(proximity.details["near"] == nil)
        let device = try #require(proximity.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(
            device["nearUnknown"]?.stringValue?.hasPrefix(
                "permission denied opening /dev/input/event4") == true)
    }
}
