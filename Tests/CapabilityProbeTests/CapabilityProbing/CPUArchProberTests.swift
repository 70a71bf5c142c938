import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings

/// The `cpu.arch.*` keys on machines that are not x86 or Arm, and where no CPU family is recorded
/// (`Fixtures/udevadm/README.md`).
@Suite struct CPUArchProberTests {
    @Test func makesEveryOtherArchitectureKeyAbsentOnAPOWERMachine() throws {
        let report = try Fixtures.report("udevadm/IBM_PSERIES_POWER7.txt")
        let arch = try #require(report.finding("cpu.arch"))
        #expect(arch.status == .unknown)
        #expect(arch.details["hint"]?.stringValue?.hasPrefix("powerpc") == true)
        for id in ["cpu.arch.x86_64", "cpu.arch.arm64", "cpu.arch.armv7", "cpu.arch.armv6"] {
            let key = try #require(report.finding(id))
            #expect(key.status == .absent, "\(id)")
            #expect(key.evidence.first?.reason.contains("PowerPC,POWER7+") == true, "\(id)")
        }
    }

    @Test func makesEveryArchitectureKeyAbsentOnAnS390MachineWithoutCPUModalias() throws {
        let inventory = try Fixtures.inventory("udevadm/IBM_s390x_DASD.txt")
        let withoutCPUs = inventory.devices.filter { !$0.id.hasPrefix("/devices/system/cpu") }
        let report = CapabilityClassifier().classify(
            DeviceInventory(
                source: inventory.source, machine: inventory.machine, devices: withoutCPUs))
        #expect(report.finding("cpu.arch")?.status == .unknown)
        #expect(report.finding("cpu.arch")?.details["hint"]?.stringValue?.hasPrefix("s390") == true)
        for id in ["cpu.arch.x86_64", "cpu.arch.arm64", "cpu.arch.armv7", "cpu.arch.armv6"] {
            #expect(report.finding(id)?.status == .absent, "\(id)")
        }
    }

    @Test func keepsArchitectureKeysUnknownWhenNoFamilyIsRecorded() throws {
        let report = try Fixtures.report("udevadm/two_dms_one_with_ubuntu_save.txt")
        for id in ["cpu.arch.x86_64", "cpu.arch.arm64", "cpu.arch.armv7", "cpu.arch.armv6"] {
            #expect(report.finding(id)?.status == .unknown, "\(id)")
        }
    }
}
