import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbe
@testable import CapabilityProbing

/// `input.keyboard`: a USB keyboard recorded as its device record alone still counts (its
/// `ID_USB_INTERFACES`). Recordings: `Fixtures/excerpts/README.md`.
@Suite struct KeyboardProberTests {
    @Test func aUSBKeyboardRecordedAsItsDeviceRecordAloneIsAKeyboard() throws {
        let report = try Fixtures.report(
            "excerpts/dell-inspiron-3048-usb-keyboard-device-record.txt")
        let keyboard = try #require(report.finding("input.keyboard"))
        #expect(keyboard.status == .present)
        #expect(keyboard.count == 1)
        #expect(keyboard.evidence.map(\.device) == ["/devices/pci0000:00/0000:00:14.0/usb3/3-8"])
        #expect(
            keyboard.evidence.first?.reason
                == "USB device lists a boot-protocol keyboard interface (ID_USB_INTERFACES :030101:), no interface or input device recorded (Asus Keyboard)"
        )
        // Its other interface is 03/00/00, not a boot mouse: no pointer is inferred, and the
        // one-record dump proves nothing absent.
        #expect(report.finding("input.pointer")?.status == .unknown)
    }

    @Test func theWholeDumpCountsTheSameKeyboardOnceFromItsInputDevice() throws {
        let report = try Fixtures.report("udevadm/DELL_INSPIRON_3048.txt")
        let keyboard = try #require(report.finding("input.keyboard"))
        #expect(keyboard.status == .present)
        #expect(
            !keyboard.evidence.contains { $0.reason.contains("ID_USB_INTERFACES") },
            "interfaces are recorded, so the device record's list is not read")
    }
}
