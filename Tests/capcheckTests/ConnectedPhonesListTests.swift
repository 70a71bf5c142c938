import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `list` names the phones and tablets on USB it sees in the records (an adb or usbmux
/// interface) and the command that lists each, without running anything and without showing
/// a serial; a machine without one prints what it always printed.
@Suite struct ConnectedPhonesListTests {
    static let pixel = CLI.fixture("umockdev/capcheck-pixel3xl-adb.umockdev")

    @Test func oneAndroidPhoneIsNamedWithTheCommandThatNeedsNoSerial() {
        let result = CLI.run(["list", "--from", Self.pixel])
        #expect(result.code == .ok)
        #expect(
            result.stdout.hasSuffix(
                """

                Phones and tablets on USB (not asked; the command lists one)
                  Google Pixel 3 XL  18d1:4ee7  adb interface ff/42/01  capcheck list --from adb:

                """))
        #expect(!result.stdout.contains("0A1B2C3D4E"))
    }

    @Test func twoAndroidPhonesNeedASerialAndSayWhereToFindIt() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: Self.pixel, encoding: .utf8)
        let second = text.replacingOccurrences(of: "usb1/1-2", with: "usb1/1-3")
            .replacingOccurrences(of: "1-2:1.0", with: "1-3:1.0")
            .replacingOccurrences(of: "0A1B2C3D4E", with: "5F6E7D8C9B")
        let path = folder.appendingPathComponent("two.umockdev").path
        try (text + "\n" + second).write(toFile: path, atomically: true, encoding: .utf8)
        let result = CLI.run(["list", "--from", path])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("capcheck list --from adb:SERIAL\n"))
        #expect(result.stdout.contains("  adb devices lists the serials\n"))
        #expect(!result.stdout.contains("5F6E7D8C9B"))
    }

    @Test func anIPodIsNamedWithTheIOSCommand() {
        let result = CLI.run(["list", "--from", CLI.fixture("umockdev/ldm-ipodtouchgen5.umockdev")])
        #expect(
            result.stdout.contains(
                "  Apple Inc. iPod  05ac:12aa  usbmux interface ff/fe/02  capcheck list --from ios:\n"
            ))
    }

    @Test func aMachineWithoutAPhoneGetsNoSectionAndNoJSONChange() {
        let fixture = CLI.fixture("umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev")
        #expect(!CLI.run(["list", "--from", fixture]).stdout.contains("Phones and tablets"))
        #expect(!CLI.run(["list", "--from", Self.pixel, "--json"]).stdout.contains("Phones"))
    }
}
