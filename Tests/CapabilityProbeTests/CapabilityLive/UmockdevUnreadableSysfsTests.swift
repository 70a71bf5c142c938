import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel

/// The live path as an ordinary user who may not read some of `/sys`: capcheck runs as
/// `nobody` (setpriv) inside a umockdev testbed where files or directories are mode 000.
/// What cannot be read is unknown with the path and the reason; the rest is still listed.
@Suite(
    .enabled(
        if: Umockdev.isAvailable && getuid() == 0
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
struct UmockdevUnreadableSysfsTests {
    /// Runs `list --json` as nobody after `prepare` (shell, with `$UMOCKDEV_DIR`) has run.
    static func listAsNobody(_ recording: String, prepare: String) throws -> (
        Int32, CapabilityReport?, String
    ) {
        let script = """
            chmod -R a+rX "$UMOCKDEV_DIR" && \(prepare) \
            && exec setpriv --reuid=65534 --regid=65534 --clear-groups "$0" list --json
            """
        let result = try ProgramRun.run(
            "/usr/bin/umockdev-run",
            [
                "-d", Fixtures.path(recording), "--", "/bin/sh", "-c", script,
                ProgramRun.capcheckBinary,
            ])
        let report = try? JSONDecoder().decode(
            CapabilityReport.self, from: Data(result.stdout.utf8))
        return (result.status, report, result.stderr)
    }

    @Test func unreadableBatteryFilesLeaveLevelAndStateUnknownNotAbsent() throws {
        let (status, report, stderr) = try Self.listAsNobody(
            "umockdev/laptop-battery-ac.umockdev",
            prepare:
                #"b=$(find "$UMOCKDEV_DIR/sys/devices" -type d -name BAT0) && chmod 000 "$b/capacity" "$b/status" "$b/type" "$b/uevent" "$b/energy_now" "$b/energy_full""#
        )
        #expect(status == 0, "\(stderr)")
        let battery = try #require(report?.finding("power.battery"))
        #expect(battery.status == .present)
        #expect(battery.details["state"] == "unknown")
        #expect(battery.details["level"]?.doubleValue == -1)
        let unreadable = battery.details["unreadable"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(unreadable.contains("BAT0/status: permission denied"))
        #expect(unreadable.contains("BAT0/capacity: permission denied"))
        #expect(
            battery.evidence.first?.reason
                == "power supply named BAT* (type unreadable: permission denied)")
    }

    @Test func unreadableTypeOfAnUnnamedSupplyIsUnknownNotAbsent() throws {
        // The same battery renamed so that its name says nothing: only `type` (or the
        // POWER_SUPPLY_TYPE of its uevent) would, and neither can be read.
        let (status, report, stderr) = try Self.listAsNobody(
            "umockdev/laptop-battery-ac.umockdev",
            prepare:
                #"b=$(find "$UMOCKDEV_DIR/sys/devices" -type d -name BAT0) && mv "$b" "${b%BAT0}axp20x-battery" && chmod 000 "${b%BAT0}axp20x-battery/type" "${b%BAT0}axp20x-battery/uevent""#
        )
        #expect(status == 0, "\(stderr)")
        let battery = try #require(report?.finding("power.battery"))
        #expect(battery.status == .unknown)
        #expect(
            battery.evidence.first?.reason
                == "power supply whose type cannot be read (permission denied)")
    }

    @Test func unreadableDeviceDirectoryIsNamedAndTheRestIsListed() throws {
        let (status, listed, stderr) = try Self.listAsNobody(
            "umockdev/laptop-battery-ac.umockdev",
            prepare: #"chmod 000 "$(find "$UMOCKDEV_DIR/sys/devices" -type d -name 'ACPI0003:00')""#
        )
        #expect(status == 0, "\(stderr)")
        let report = try #require(listed)
        #expect(report.devices.contains { $0.id.hasSuffix("/power_supply/BAT0") })
        #expect(!report.devices.contains { $0.id.contains("ACPI0003:00") })
        #expect(report.source.complete == false)
        #expect(
            report.source.notes.contains(
                "cannot read /devices/LNXSYSTM:00/LNXSYBUS:00/ACPI0003:00 (permission denied)"))
    }
}
