import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRecordings

/// The iOS capture (`ideviceinfo` and its battery domain) and the App Store's verdict for the
/// captured model with its installed OS.
@Suite struct IOSCaptureTests {
    private func capture() throws -> IOSCapture {
        try IOSCapture(parsing: Fixtures.text("phones/iphone14pro-ios16.capture"))
    }

    @Test func readsTheModelTheOSAndTheBattery() throws {
        let phone = try capture()
        #expect(phone.productType == "iPhone15,2")
        #expect(phone.productVersion == "16.1.1")
        #expect(phone.deviceClass == "iPhone")
        #expect(phone.batteryPercent == 64)
        #expect(phone.batteryState == .charging)
        #expect(phone.values?["0"] == nil)
        #expect(phone.warnings.isEmpty)
    }

    @Test(arguments: [
        (["FullyCharged": "true", "BatteryIsCharging": "false"], BatteryState.full),
        (["BatteryIsCharging": "true"], .charging),
        (["ExternalConnected": "false", "BatteryIsCharging": "false"], .unplugged),
        (["ExternalConnected": "true", "BatteryIsCharging": "false"], .unknown),
    ])
    func batteryStateFollowsIOSFlags(values: [String: String], state: BatteryState) {
        var phone = IOSCaptureTests.empty
        phone.battery = values
        #expect(phone.batteryState == state)
    }

    static var empty: IOSCapture {
        // swift-format-ignore: NeverUseForceTry
        try! IOSCapture(parsing: IOSCapture.header + "\n")
    }

    @Test func rejectsAnAndroidCapture() {
        #expect(throws: InputProblem.self) {
            try IOSCapture(parsing: AndroidCapture.header + "\n")
        }
    }

    private func apple() throws -> AppleCatalog {
        guard case .apple(let catalog)? = try BuiltinMatrices.catalog("apple") else {
            throw CatalogError.wrongManifest(catalog: "apple", kind: .plist, expected: .plist)
        }
        return catalog
    }

    private func store(minimum: String) -> StoreDeclarations {
        var store = StoreDeclarations()
        store.appleKeys = []
        store.deviceFamilies = [1]
        store.minimumOSVersion = minimum
        return store
    }

    @Test func theInstalledOSReplacesTheModelsNewestOS() throws {
        let result = try #require(
            AppStoreFilter.evaluate(
                productType: "iPhone15,2", installed: OSVersion("16.1.1"), catalog: apple(),
                store: store(minimum: "17.0"), source: "test", manifest: nil))
        let row = try #require(result.rows.first)
        #expect(result.rows.count == 1)
        #expect(row.name == "iPhone 14 Pro")
        #expect(row.verdict == .excluded)
        #expect(row.failing.first?.reason.contains("update to iOS 17.0 or later first") == true)
    }

    @Test func aModelWhoseNewestOSIsTooOldIsNotToldToUpdate() throws {
        // iPhone X (iPhone10,3) stops at iOS 16: no update reaches iOS 17.
        let result = try #require(
            AppStoreFilter.evaluate(
                productType: "iPhone10,3", installed: OSVersion("16.7"), catalog: apple(),
                store: store(minimum: "17.0"), source: "test", manifest: nil))
        let reason = try #require(result.rows.first?.failing.first?.reason)
        #expect(!reason.contains("update"))
    }

    @Test func anUnknownModelIsNil() throws {
        #expect(
            AppStoreFilter.evaluate(
                productType: "iPhone99,9", installed: nil, catalog: try apple(),
                store: store(minimum: "17.0"), source: "test", manifest: nil) == nil)
    }
}
