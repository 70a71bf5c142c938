import CapabilityProbe
import Testing

/// A real device's own output (Fixtures/phones/real, from public pages) against what the
/// built-in catalogs say of its model: where they agree, and where and why they differ
/// (Catalogs/apple/README.md and Catalogs/android/README.md, "Compared with a real device").
@Suite struct RealCaptureComparisonTests {
    @Test func aRealIPhone8PlusAgreesWithItsAppleRowWhereTheOutputSaysAnything() throws {
        let capture = try IOSCapture(
            parsing: Fixtures.text("phones/real/iphone8plus-ios11.capture"))
        guard case .apple(let catalog)? = try BuiltinMatrices.catalog("apple") else {
            Issue.record("no apple catalog")
            return
        }
        let row = try #require(catalog.devices.first { $0.identifiers.contains("iPhone10,2") })
        #expect(row.name == "iPhone 8 Plus")
        // The facts `ideviceinfo -s` gives that a row holds too.
        #expect(capture.deviceClass == row.group)
        #expect(capture.values?["TelephonyCapability"] == "true")
        #expect(row.keys["telephony"] == .yes)
        #expect(row.facts.first { $0.name == "Cellular" }?.value == "yes")
        // The device runs an older iOS than the newest its model gets: the row's Max OS is
        // what an update gives, the capture what is installed.
        let installed = try #require(capture.productVersion.flatMap { OSVersion($0) })
        let newest = try #require(row.newestOS)
        #expect(installed.description == "11.4")
        #expect(newest.description == "iOS 16.7.16")
        #expect(try #require(newest.version) > installed)
        // What the row says and the short output cannot (no key of `ideviceinfo -s` names
        // a camera, sensor or radio): the report takes them from the row.
        let report = try #require(capture.report(path: "capture", catalog: catalog))
        let cells = catalog.capabilityCells(of: row)
        #expect(report.capabilities.count == cells.count + 1)
        #expect(report.capabilities.first { $0.id == .nfc }?.status == .present)
        #expect(report.capabilities.first { $0.id == .powerBattery }?.status == .unknown)
    }

    @Test func aRealAndroidFeatureListNamesNoModelTheCatalogHolds() throws {
        let capture = try AndroidCapture(
            parsing: Fixtures.text("phones/real/sharp1-features.capture"))
        #expect(capture.warnings.isEmpty)
        #expect(capture.model == nil)
        #expect(capture.glEsVersion == 0x30002)
        let hardware = (capture.features ?? [:]).keys.filter {
            $0.hasPrefix("android.hardware.")
        }
        #expect(hardware.count == 35)
        #expect(capture.features?["android.hardware.vulkan.version"] == 4_194_307)
        #expect(capture.features?["android.hardware.nfc"] == nil)
    }
}
