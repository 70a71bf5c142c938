import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings

/// `nfc` from controllers the firmware declares (ACPI) with or without a bound driver, and their
/// ACPI status (`Fixtures/udevadm/README.md`).
@Suite struct NFCProberTests {
    @Test(arguments: ["udevadm/CARA_T.txt", "udevadm/INTEL_NUC_SNAPPY.txt"])
    func leavesAnNFCControllerOnlyTheFirmwareDeclaresUnknown(file: String) throws {
        // Intel's Bay Trail reference firmware declares NXP5441 on boards without the chip;
        // no driver bound to confirm it, so neither present nor absent.
        let report = try Fixtures.report(file)
        let nfc = try #require(report.finding("nfc"))
        #expect(nfc.status == .unknown)
        #expect(
            nfc.evidence.map(\.reason) == [
                "NFC controller declared by firmware (ACPI NXP5441), no driver bound "
                    + "(a firmware declaration alone does not prove the chip is fitted)"
            ])
    }

    @Test func ignoresADeclaredNFCControllerWhoseACPIStatusSaysNotPresent() throws {
        let acpi = "/devices/LNXSYSTM:00/LNXSYBUS:00/80860F41:06/NXP5441:00"
        let source = SourceInfo(
            kind: .umockdev, udevDatabase: false, attributes: true, complete: true)
        func nfc(status: String) -> CapabilityFinding? {
            CapabilityClassifier().classify(
                DeviceInventory(
                    source: source, machine: MachineIdentity(arch: "x86_64"),
                    devices: DeviceTree.linkParents([
                        Device(
                            id: acpi, subsystem: "acpi", properties: ["MODALIAS": "acpi:NXP5441:"],
                            attributes: ["status": status])
                    ]))
            ).finding("nfc")
        }
        #expect(nfc(status: "0")?.status == .absent)
        #expect(nfc(status: "15")?.status == .unknown)
    }

    @Test func countsAnACPIControllerAndItsI2CClientOnce() throws {
        let acpi = "/devices/LNXSYSTM:00/LNXSYBUS:00/PNP0A08:00/device:15/NXP1001:00"
        let client = "/devices/pci0000:00/0000:00:15.1/i2c_designware.1/i2c-2/i2c-NXP1001:00"
        let devices = [
            Device(id: acpi, subsystem: "acpi", properties: ["MODALIAS": "acpi:NXP1001:"]),
            Device(
                id: client, subsystem: "i2c", driver: "nxp-nci_i2c",
                properties: ["MODALIAS": "acpi:NXP1001:"]),
        ]
        let source = SourceInfo(
            kind: .udevadm, udevDatabase: true, attributes: false, complete: true)
        let report = CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(arch: "x86_64"),
                devices: DeviceTree.linkParents(devices)))
        let nfc = try #require(report.finding("nfc"))
        #expect(nfc.count == 1)
        #expect(
            nfc.evidence.map(\.reason) == [
                "NFC controller declared by firmware (ACPI NXP1001), driver nxp-nci_i2c bound but no nfc device recorded"
            ])
        let withKernelNode = CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(arch: "x86_64"),
                devices: DeviceTree.linkParents(
                    devices + [Device(id: client + "/nfc/nfc0", subsystem: "nfc")])))
        #expect(withKernelNode.finding("nfc")?.count == 1)
        #expect(
            withKernelNode.finding("nfc")?.evidence.map(\.reason) == [
                "NFC controller nfc0 (kernel nfc class)"
            ])
    }
}
