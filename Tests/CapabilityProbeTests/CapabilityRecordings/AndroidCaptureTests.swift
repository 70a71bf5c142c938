import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityMatrix
@testable import CapabilityProbe
@testable import CapabilityRecordings

/// The Android capture: `getprop`, `pm list features`, `pm list libraries`, `wm size`,
/// `wm density` and `dumpsys battery` in sections, read into facts and into the device Play's
/// filters see. Odd lines are warnings with their line numbers; only a file without the header
/// is rejected.
@Suite struct AndroidCaptureTests {
    private func capture(_ name: String) throws -> AndroidCapture {
        try AndroidCapture(parsing: Fixtures.text("phones/\(name)"))
    }

    @Test func readsEveryFactOfAPhoneCapture() throws {
        let phone = try capture("phone-sdk34.capture")
        #expect(phone.model == "Pixel 7")
        #expect(phone.brand == "google")
        #expect(phone.device == "panther")
        #expect(phone.sdk == 34)
        #expect(phone.abis == ["arm64-v8a"])
        #expect(phone.glEsVersion == 0x30002)
        #expect(phone.features?["android.hardware.nfc"] == 0)
        #expect(phone.features?["android.hardware.vulkan.version"] == 4_206_592)
        #expect(phone.features?["reqGlEsVersion"] == nil)
        #expect(phone.libraries?.contains("com.google.android.maps") == true)
        #expect(phone.screenSize == AndroidCapture.ScreenSize(width: 1080, height: 2400))
        #expect(phone.density == 420)
        #expect(phone.battery?.percent == 85)
        #expect(phone.battery?.status == .charging)
        #expect(phone.battery?.poweredBy == ["USB"])
        #expect(phone.warnings.isEmpty)
    }

    @Test func overrideSizeWinsOverPhysicalSize() throws {
        let text = """
            ## capcheck android capture v1
            ### wm size
            Physical size: 1440x3040
            Override size: 1080x2280
            ### wm density
            Physical density: 560
            Override density: 420
            """
        let capture = try AndroidCapture(parsing: text)
        #expect(capture.screenSize == AndroidCapture.ScreenSize(width: 1080, height: 2280))
        #expect(capture.density == 420)
    }

    @Test func glEsVersionFallsBackToTheProperty() throws {
        let text = """
            ## capcheck android capture v1
            ### getprop
            [ro.opengles.version]: [196609]
            """
        #expect(try AndroidCapture(parsing: text).glEsVersion == 0x30001)
    }

    @Test func missingSectionsLeaveTheirFactsUnknown() throws {
        let capture = try AndroidCapture(parsing: "## capcheck android capture v1\n")
        #expect(capture.properties == nil)
        #expect(capture.features == nil)
        #expect(capture.libraries == nil)
        #expect(capture.battery == nil)
        #expect(capture.playDevice.features == nil)
        #expect(capture.playDevice.formFactor == .unknown)
    }

    @Test func oddLinesBecomeWarningsWithLineNumbers() throws {
        let odd = try capture("odd-lines.capture")
        #expect(odd.warnings.map(\.line) == [2, 5, 9, 10, 11, 12, 14, 17])
        #expect(odd.model == "Odd 1")
        #expect(odd.features?["android.hardware.wifi"] == 0)
        #expect(odd.features?["android.hardware.vulkan.level"] == 0)
        #expect(odd.screenSize == nil)
        #expect(odd.battery?.level == 12)
        #expect(odd.battery?.status == nil)
    }

    @Test(arguments: [
        ("[ro.product.model]: [Pixel 7]\n", 1),
        ("\n\n## capcheck android capture v2\n", 3),
        ("List of devices attached\n", 1),
    ])
    func rejectsAFileThatIsNotACapture(text: String, line: Int) {
        #expect(throws: InputProblem.self) { try AndroidCapture(parsing: text) }
        do {
            _ = try AndroidCapture(parsing: text)
        } catch {
            #expect(error.place?.line == line)
        }
    }

    @Test func rejectsAnEmptyFile() {
        #expect(throws: InputProblem.self) { try AndroidCapture(parsing: "") }
    }

    @Test func textWritesSectionsInTheirOrder() throws {
        let text = AndroidCapture.text(outputs: [
            "wm density": "Physical density: 320", "getprop": "[ro.build.version.sdk]: [30]\n",
        ])
        #expect(
            text
                == "## capcheck android capture v1\n### getprop\n[ro.build.version.sdk]: [30]\n"
                + "### wm density\nPhysical density: 320\n")
        let read = try AndroidCapture(parsing: text)
        #expect(read.sdk == 30)
        #expect(read.density == 320)
    }

    @Test func playDeviceTakesTheCapturedFacts() throws {
        let device = try capture("phone-sdk34.capture").playDevice
        #expect(device.name == "Google Pixel 7 (panther)")
        #expect(device.observed)
        #expect(device.formFactor == .phone)
        #expect(device.sdkLevels == [34])
        #expect(device.screens == [PlayDevice.Screen(size: "normal", density: 420)])
        let tablet = try capture("tablet-sdk29.capture").playDevice
        #expect(tablet.formFactor == .tablet)
        #expect(tablet.screens == [PlayDevice.Screen(size: "xlarge", density: 240)])
    }

    @Test(arguments: [
        ("android.hardware.type.watch", PlayDevice.FormFactor.watch),
        ("android.hardware.type.automotive", .car),
        ("android.software.leanback_only", .tv),
        ("android.hardware.type.pc", .chromebook),
        ("android.hardware.wifi", .phone),
    ])
    func formFactorFollowsTheDevicesOwnFeatures(
        feature: String, expected: PlayDevice.FormFactor
    ) throws {
        let text = "## capcheck android capture v1\n### pm list features\nfeature:\(feature)\n"
        #expect(try AndroidCapture(parsing: text).formFactor == expected)
    }

    @Test func redactionRemovesSerialsAndAddressesOnly() throws {
        let text = try Fixtures.text("phones/phone-sdk34.capture")
        let redacted = AndroidCapture.redacted(text)
        let capture = try AndroidCapture(parsing: redacted)
        for name in [
            "ro.serialno", "ro.boot.serialno", "persist.sys.wifi_mac", "ril.serialnumber",
            "ro.boot.btmacaddr",
        ] {
            #expect(capture.properties?[name] == AndroidCapture.redactedValue, "\(name)")
        }
        #expect(!redacted.contains("0A1B2C3D4E5F"))
        #expect(!redacted.contains("02:00:00"))
        #expect(capture.model == "Pixel 7")
        #expect(capture.features == (try AndroidCapture(parsing: text)).features)
    }

    @Test(arguments: [
        ("ro.serialno", true), ("ro.boot.serialno", true), ("persist.sys.wifi_mac", true),
        ("ril.iccid.sim1", true), ("persist.radio.imei", true), ("ro.boot.wifimacaddr", true),
        ("ro.product.model", false), ("ro.build.version.sdk", false),
        ("ro.product.cpu.abilist", false), ("persist.sys.locale", false),
    ])
    func identifyingPropertiesAreNamed(name: String, identifies: Bool) {
        #expect(AndroidCapture.identifies(property: name) == identifies)
    }
}
