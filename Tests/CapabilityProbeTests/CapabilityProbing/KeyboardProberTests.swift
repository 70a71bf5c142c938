import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbe
@testable import CapabilityProbing

/// `input.keyboard`: a keyboard a person types on. A USB keyboard recorded as its device record
/// alone still counts (its `ID_USB_INTERFACES`); a security token, a bar code scanner and a card
/// reader type like keyboards and are listed, not counted (``KeyboardLookalikes``). Recordings:
/// `Fixtures/excerpts/README.md`, `Fixtures/umockdev/README.md`.
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

    @Test(arguments: [
        (
            "umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev",
            "security token (ID_SECURITY_TOKEN on hidraw2)"
        ),
        (
            "umockdev/capcheck-barcode-scanner-hid-pos.umockdev",
            "bar code scanner (HID usage page 0x8C in its report descriptor)"
        ),
        (
            "umockdev/capcheck-rfid-reader-digits.umockdev",
            "card or badge reader (its HID report descriptor declares digits and Enter, no letters)"
        ),
    ])
    func aKeyboardLookalikeIsListedButIsNoKeyboard(file: String, reason: String) throws {
        let report = try Fixtures.report(file)
        let keyboard = try #require(report.finding("input.keyboard"))
        #expect(keyboard.status == .absent)
        #expect(keyboard.count == 0)
        let listed = try #require(keyboard.details["notKeyboards"]?.arrayValue)
        #expect(listed.count == 1)
        #expect(listed.first?.objectValue?["reason"]?.stringValue == reason)
        // With no keyboard, the look-alike is why: it is the evidence.
        #expect(
            keyboard.evidence.map(\.reason).allSatisfy { $0.hasPrefix("not a keyboard: " + reason) }
        )
        #expect(keyboard.evidence.count == 1)
    }

    @Test func aLookalikeDoesNotSatisfyAManifestThatRequiresAKeyboard() throws {
        let report = try Fixtures.report("umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev")
        let manifest = Manifest(
            path: "m.json", kind: .json,
            requirements: [
                Requirement(
                    key: "input.keyboard", source: .json, target: .capability(.inputKeyboard),
                    wanted: .present)
            ])
        let verification = ManifestChecker().check(manifest, against: report)
        #expect(verification.requirements.first?.verdict == .unsatisfied)
        #expect(
            verification.requirements.first?.reason.hasPrefix(
                "not a keyboard: security token (ID_SECURITY_TOKEN on hidraw2)") == true)
    }

    @Test func aRealKeyboardNextToALookalikeStillCounts() throws {
        // umockdev's Kinesis keyboard with the YubiKey plugged in beside it.
        let keyboard = try Fixtures.text("umockdev/usbkbd.umockdev")
        let token = try Fixtures.text("umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev")
        let inventory = try RecordedSource.inventory(
            Data((keyboard + "\n" + token).utf8), path: "both.umockdev")
        let finding = try #require(
            CapabilityClassifier().classify(inventory).finding("input.keyboard"))
        #expect(finding.status == .present)
        #expect(finding.count == 1)
        #expect(finding.evidence.count == 1)
        #expect(finding.evidence.first?.device.contains("1-1.5.4.2") == true)
        #expect(finding.details["notKeyboards"]?.arrayValue?.count == 1)
    }

    @Test func theReportDescriptorSaysWhatADeviceCanType() throws {
        func descriptor(_ hex: String) throws -> HIDReportDescriptor {
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
                index = next
            }
            return try #require(HIDReportDescriptor(bytes))
        }
        // The boot keyboard of HID 1.11 Appendix B.1 declares 0x00-0x65: letters included.
        let boot = try descriptor(
            "05010906A101050719E029E71500250175019508810295017508810195057501050819012905910295017503910195067508150025650507190029658100C0"
        )
        #expect(!boot.declaresKeysWithoutLetters)
        #expect(!boot.declaresBarCodeScanner)
        let digits = try descriptor(
            "05010906A101050719E029E71500250175019508810295067508151E25280507191E29288100C0")
        #expect(digits.declaresKeysWithoutLetters)
        let scanner = try descriptor("058C0902A101091215002600FF750895408102C0")
        #expect(scanner.declaresBarCodeScanner)
        #expect(scanner.keyboardUsages.isEmpty)
        // FIDO (usage page 0xF1D0, umockdev's fido2.umockdev): neither.
        let fido = try descriptor(
            "06D0F10901A1010920150026FF007508954081020921150026FF00750895409102C0")
        #expect(fido.usagePages == [0xF1D0])
        #expect(HIDReportDescriptor([]) == nil)
    }
}
