import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings

/// Rules found on the world's recordings (step 4, round 3): PCMs under an HDA codec, bound HID
/// boot interfaces without their input node, architecture keys on POWER and s390, declared NFC
/// controllers without a driver, and PCI functions without a name of their own.
@Suite struct WorldDataRound3RuleTests {
    @Test func findsPCMsThatSitUnderTheCodecOfTheCard() throws {
        let report = try Fixtures.report("umockdev/hda-codec-pcms.umockdev")
        let input = try #require(report.finding("audio.input"))
        #expect(input.status == .present)
        #expect(input.count == 1)
        let output = try #require(report.finding("audio.output"))
        #expect(output.status == .present)
        #expect(output.count == 1)
        let card = try #require(output.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(card["capture"] == .array(["pcmC0D0c"]))
        #expect(card["playback"] == .array(["pcmC0D0p"]))
        #expect(output.details["ignored"] == nil)
    }

    @Test func countsBoundBootKeyboardAndMouseInterfacesWithoutTheirInputDevice() throws {
        let report = try Fixtures.report("umockdev/usb-receiver-no-input.umockdev")
        let usb = "/devices/pci0000:00/0000:00:14.0/usb1/1-2"
        for (id, interface, what) in [
            ("input.keyboard", ":1.0", "keyboard interface (class 3/1/1)"),
            ("input.pointer", ":1.1", "mouse interface (class 3/1/2)"),
        ] {
            let finding = try #require(report.finding(id))
            #expect(finding.status == .present, "\(id)")
            #expect(finding.count == 1, "\(id)")
            #expect(finding.evidence.map(\.device) == [usb + "/1-2" + interface])
            #expect(
                finding.evidence.map(\.reason) == [
                    "USB boot-protocol \(what) bound to usbhid, no input device recorded (Unifying Receiver)"
                ])
        }
    }

    @Test func countsTheBoundBootKeyboardOfARealDumpWhoseInputIsNotRecorded() throws {
        let report = try Fixtures.report("udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt")
        let keyboard = try #require(report.finding("input.keyboard"))
        #expect(keyboard.count == 2)
        let bound = try #require(
            keyboard.evidence.first { $0.reason.contains("no input device recorded") })
        #expect(
            bound.device
                == "/devices/pci0000:00/0000:00:08.1/0000:c4:00.3/usb1/1-1/1-1.3/1-1.3:1.0")
        #expect(
            bound.reason.hasPrefix(
                "USB boot-protocol keyboard interface (class 3/1/1) bound to usbhid"))
    }

    @Test func countsABootKeyboardWithItsInputDeviceOnce() throws {
        let report = try Fixtures.report("umockdev/usbkbd.umockdev")
        let keyboard = try #require(report.finding("input.keyboard"))
        #expect(keyboard.count == 1)
        #expect(keyboard.evidence.allSatisfy { !$0.reason.contains("no input device recorded") })
    }

    @Test func leavesAnUnboundBootInterfaceUncounted() throws {
        let inventory = try Fixtures.inventory("umockdev/usb-receiver-no-input.umockdev")
        let unbound = inventory.devices.map { device -> Device in
            var device = device
            if BusFacts.isUSBInterface(device) { device.driver = nil }
            return device
        }
        let report = CapabilityClassifier().classify(
            DeviceInventory(source: inventory.source, machine: inventory.machine, devices: unbound))
        #expect(report.finding("input.keyboard")?.status == .absent)
        #expect(report.finding("input.pointer")?.status == .absent)
    }

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

    @Test func doesNotGiveAPCIFunctionItsBridgesName() throws {
        let report = try Fixtures.report("udevadm/TOSHIBA_NVME.txt")
        let wifi = try #require(report.finding("net.wifi"))
        let devices = wifi.details["devices"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let unnamed = try #require(devices.first { $0["pci"] == "8086:093c" })
        #expect(unnamed["name"] == nil)
        // A class device still takes the name of the PCI function it belongs to.
        let context = ProbeContext(try Fixtures.inventory("udevadm/TOSHIBA_NVME.txt"))
        let bridgeChild = try #require(
            context.devices.first { $0.id.hasSuffix("/0000:02:00.0") })
        #expect(BusFacts.nearestName(bridgeChild, in: context) == nil)
        let classDevice = try #require(
            context.devices.first { device in
                guard BusFacts.name(device) == nil, !device.is(.pci),
                    let parent = context.parent(of: device), parent.is(.pci)
                else { return false }
                return BusFacts.name(parent) != nil
            })
        let parent = try #require(context.parent(of: classDevice))
        #expect(BusFacts.nearestName(classDevice, in: context) == BusFacts.name(parent))
    }
}
