import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings

/// `input.keyboard` and `input.pointer` from bound USB HID boot interfaces (class 3/1/1 and 3/1/2)
/// whose input node a recording may lack (`Fixtures/umockdev/README.md`, `Fixtures/udevadm/README.md`).
@Suite struct InputControlProberTests {
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
}
