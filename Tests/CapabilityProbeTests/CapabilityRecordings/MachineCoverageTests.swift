import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityRecordings

/// A recording that lacks a whole bus its machine must have is partial, whatever its format:
/// what it does not hold is `unknown`, not `absent` (``MachineCoverage``). Recordings:
/// `Fixtures/umockdev/README.md`, `Fixtures/excerpts/README.md`.
@Suite struct MachineCoverageTests {
    /// Capabilities of a laptop that live on (or below) its PCI tree.
    static let onPCI = [
        "input.touchscreen", "display", "gpu", "audio.output", "bluetooth", "camera.any",
    ]

    @Test func aRecordingOfACPIAndPlatformDevicesWithoutPCIProvesNothingAbsent() throws {
        // upower's recording of a WACF2200 pen digitiser on an ACPI I2C controller.
        let report = try Fixtures.report("umockdev/upower-wacom-pen-digitiser.device")
        #expect(!report.source.complete)
        #expect(
            report.source.notes.contains {
                $0.hasPrefix("partial recording (")
                    && $0.contains("no PCI devices while ACPI device AMDI0010:01 is recorded")
                    && $0.hasSuffix("proves no absence")
            }, "\(report.source.notes)")
        #expect(report.finding("input.touchscreen")?.status == .present)
        for id in Self.onPCI.dropFirst() {
            #expect(report.finding(id)?.status == .unknown, "\(id)")
        }
    }

    @Test func anACPIBatteryAloneLeavesTheRestOfTheLaptopUnknown() throws {
        let report = try Fixtures.report("umockdev/laptop-battery-ac.umockdev")
        #expect(!report.source.complete)
        #expect(report.finding("power.battery")?.status == .present)
        for id in Self.onPCI { #expect(report.finding(id)?.status == .unknown, "\(id)") }
    }

    @Test func aDumpWithMemDevicesButNoPCITreeIsPartialToo() throws {
        let report = try Fixtures.report("excerpts/lenovo-t430s-acpi-battery-and-mem.txt")
        #expect(!report.source.complete)
        #expect(
            report.source.notes.contains {
                $0.hasPrefix("partial dump (11 records, no PCI devices while ACPI device")
            }, "\(report.source.notes)")
        for id in Self.onPCI { #expect(report.finding(id)?.status == .unknown, "\(id)") }
    }

    @Test func aRecordingWithItsPCITreeOrWithoutFirmwareStaysWhole() throws {
        // A PCI camera testbed, and a device-tree phone's sensors (no ACPI, no SMBIOS).
        let camera = try Fixtures.report("umockdev/uvc-camera-udev.umockdev")
        #expect(camera.source.complete)
        #expect(camera.finding("camera.back")?.status == .absent)
        let phone = try Fixtures.report("umockdev/iio-accel-gyro-magn.umockdev")
        #expect(phone.source.complete)
        #expect(phone.finding("gpu")?.status == .absent)
        // A whole dump keeps its verdicts.
        #expect(try Fixtures.report("udevadm/LENOVO_T430S.txt").source.complete)
    }

    @Test(arguments: [
        ("PNP0C0A:00", true), ("ACPI0003:00", true), ("WACF2200:00", true), ("INT33D5:01", true),
        ("AMDI0010:01", true), ("i2c-1", false), ("serio1", false), ("0000:00:14.0", false),
        ("card0", false), ("1-4:1.0", false), ("LNXSYBUS:00", false), ("pnp0c0a:00", false),
        ("PNP0C0A", false),
    ])
    func recognisesACPIDeviceNames(name: String, isACPI: Bool) {
        #expect(MachineCoverage.isACPIName(Substring(name)) == isACPI)
    }
}
