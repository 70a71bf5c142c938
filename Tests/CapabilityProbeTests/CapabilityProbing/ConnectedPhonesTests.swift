import CapabilityProbe
import Testing

/// Phones and tablets on USB found from the records alone (``ConnectedPhones``): the adb
/// interface `ff/42/01` of any vendor, Apple's usbmux interface `ff/fe/02` on vendor `05ac`.
@Suite struct ConnectedPhonesTests {
    @Test func anAndroidPhoneIsFoundByItsADBInterface() throws {
        let inventory = try Fixtures.inventory("umockdev/capcheck-pixel3xl-adb.umockdev")
        let phones = ConnectedPhones.find(in: inventory.devices)
        #expect(
            phones == [
                ConnectedPhone(
                    kind: .android, vendor: "Google", model: "Pixel 3 XL", usbID: "18d1:4ee7",
                    interface: "ff/42/01", serial: "0A1B2C3D4E")
            ])
    }

    @Test func anIPodIsFoundByAppleUSBMuxInterface() throws {
        let inventory = try Fixtures.inventory("umockdev/ldm-ipodtouchgen5.umockdev")
        let phones = ConnectedPhones.find(in: inventory.devices)
        #expect(phones.map(\.kind) == [.apple])
        #expect(phones.first?.interface == "ff/fe/02")
        #expect(phones.first?.usbID == "05ac:12aa")
    }

    @Test func aMachineWithoutAPhoneHasNone() throws {
        let inventory = try Fixtures.inventory("umockdev/capcheck-yubikey5-otp-fido-ccid.umockdev")
        #expect(ConnectedPhones.find(in: inventory.devices).isEmpty)
    }
}
