import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix

/// The App Store's order of filters over the built-in Apple catalog: device family, then
/// `MinimumOSVersion` against each model's newest OS, then the capability keys. The OS
/// drops below are Apple's published compatibility lists ("iOS 16 is compatible with these
/// devices", iOS 17, 18 and 26, iPadOS 17, 18 and 26, and tvOS 27 as announced at WWDC26;
/// the catalog README's S11, S12 and S14 name the copies read).
struct AppStoreFilterTests {
    static let catalog = AppleCatalogRuleTests.catalog

    static func store(families: [Int]?, minimum: String?, keys: [String] = []) -> StoreDeclarations
    {
        var store = StoreDeclarations()
        store.appleKeys = keys.map { .init(key: $0, required: true) }
        store.deviceFamilies = families
        store.minimumOSVersion = minimum
        return store
    }

    static func evaluate(_ store: StoreDeclarations, _ settings: StoreSettings = .init())
        -> MatrixResult
    {
        AppStoreFilter.evaluate(
            catalog, store: store, settings: settings, source: "builtin:apple", manifest: nil)
    }

    /// The model families (catalog `Family` column) excluded at `to` but not at `from`.
    static func dropped(from: String, to: String, family: Int) -> Set<String> {
        func excluded(_ minimum: String) -> Set<String> {
            let result = evaluate(store(families: [family], minimum: minimum))
            return Set(
                zip(result.rows, catalog.devices).filter {
                    $0.0.verdict == .excluded && $0.1.deviceFamily == family
                }.map(\.1.family))
        }
        return excluded(to).subtracting(excluded(from))
    }

    @Test(arguments: [
        (
            "15.0", "16.0", 1,
            [
                "iPhone 6s", "iPhone 6s Plus", "iPhone SE (1st generation)", "iPhone 7",
                "iPhone 7 Plus", "iPod touch (7th generation)",
            ]
        ),
        ("16.0", "17.0", 1, ["iPhone 8", "iPhone 8 Plus", "iPhone X"]),
        ("17.0", "18.0", 1, []),
        ("18.0", "26.0", 1, ["iPhone XS", "iPhone XS Max", "iPhone XR"]),
        (
            "16.0", "17.0", 2,
            ["iPad (5th generation)", "iPad Pro (12.9-inch)", "iPad Pro (9.7-inch)"]
        ),
        (
            "17.0", "18.0", 2,
            [
                "iPad (6th generation)", "iPad Pro 12.9-inch (2nd generation)",
                "iPad Pro (10.5-inch)",
            ]
        ),
        ("18.0", "26.0", 2, ["iPad (7th generation)"]),
        ("26.0", "27.0", 3, ["Apple TV HD", "Apple TV 4K (1st generation)"]),
    ])
    func anOSReleaseDropsTheModelsApplesCompatibilityListDrops(
        from: String, to: String, family: Int, models: [String]
    ) {
        #expect(Self.dropped(from: from, to: to, family: family) == Set(models))
    }

    @Test func theIOS17IPhoneAppInstallsOnNoModelThatStoppedBefore17() throws {
        let result = Self.evaluate(Self.store(families: [1], minimum: "17.0", keys: ["arm64"]))
        let byName = Dictionary(uniqueKeysWithValues: result.rows.map { ($0.name, $0) })
        let fiveS = try #require(byName["iPhone 5s"])
        #expect(fiveS.verdict == .excluded)
        // The first failing filter only: the OS, not the capability keys after it.
        #expect(fiveS.failing.map(\.key) == ["MinimumOSVersion 17.0"])
        #expect(fiveS.failing.first?.reason == "iPhone 5s runs at most iOS 12.5.8, below 17.0")
        #expect(byName["iPhone XS"]?.verdict == .eligible)
        #expect(byName["iPhone 18 Pro"]?.verdict == .eligible)
        for row in result.rows where row.family == "Apple TV" {
            #expect(row.failing.map(\.key) == ["UIDeviceFamily"])
        }
    }

    @Test func theFamilyDecidesTheKindsOfDevice() {
        func verdicts(_ families: [Int], _ settings: StoreSettings = .init()) -> [String: Set<
            RowVerdict
        >] {
            var out: [String: Set<RowVerdict>] = [:]
            for row in Self.evaluate(Self.store(families: families, minimum: nil), settings).rows {
                out[row.family, default: []].insert(row.verdict)
            }
            return out
        }
        // An iPhone app also installs on iPad (compatibility mode), never on Apple TV; on
        // Vision Pro it is an App Store Connect setting.
        let iPhoneApp = verdicts([1])
        #expect(iPhoneApp["iPhone"] == [.eligible])
        #expect(iPhoneApp["iPad"] == [.eligible])
        #expect(iPhoneApp["Apple TV"] == [.excluded])
        #expect(iPhoneApp["Apple Vision Pro"] == [.undecided])
        #expect(verdicts([1], StoreSettings(visionPro: true))["Apple Vision Pro"] == [.eligible])
        #expect(verdicts([1], StoreSettings(visionPro: false))["Apple Vision Pro"] == [.excluded])
        // An iPad app never on iPhone or iPod touch.
        let iPadApp = verdicts([2])
        #expect(iPadApp["iPhone"] == [.excluded])
        #expect(iPadApp["iPod touch"] == [.excluded])
        #expect(iPadApp["iPad"] == [.eligible])
        // A tvOS app on Apple TV only.
        let tvApp = verdicts([3])
        #expect(tvApp["Apple TV"] == [.eligible])
        #expect(tvApp.filter { $0.key != "Apple TV" }.values.allSatisfy { $0 == [.excluded] })
        // A visionOS app on Vision Pro, decided by its family alone.
        #expect(verdicts([7])["Apple Vision Pro"] == [.eligible])
        #expect(verdicts([7])["iPhone"] == [.excluded])
    }

    @Test func anUnstatedFamilyOrMinimumIsNotFilteredAndTheNoteSaysHowToStateIt() {
        let silent = Self.evaluate(Self.store(families: nil, minimum: nil, keys: ["arm64"]))
        #expect(silent.rows.allSatisfy { !$0.failing.contains { $0.key == "UIDeviceFamily" } })
        #expect(
            silent.notes?.contains { $0.hasPrefix("UIDeviceFamily is not in the manifest") } == true
        )
        #expect(silent.notes?.contains { $0.contains("state it with minimumOS 17.0") } == true)
        var variables = Self.store(families: nil, minimum: nil)
        variables.appleBuildVariables["MinimumOSVersion"] = "$(IPHONEOS_DEPLOYMENT_TARGET)"
        let names = StoreSettings.Names(
            deviceFamily: "--device-family", minimumOS: "--min-os", visionPro: "--vision-pro")
        let stated = Self.evaluate(
            variables,
            StoreSettings(deviceFamilies: [1], minimumOS: OSVersion("17.0"), names: names))
        #expect(
            stated.notes == [
                "UIDeviceFamily 1 (iPhone) as stated (--device-family)",
                "MinimumOSVersion 17.0 as stated (--min-os)",
            ])
        #expect(stated.rows.first { $0.name == "iPhone 8" }?.verdict == .excluded)
        let unstated = Self.evaluate(variables, StoreSettings(names: names))
        #expect(
            unstated.notes?.last
                == "MinimumOSVersion is the build variable $(IPHONEOS_DEPLOYMENT_TARGET): not filtered on OS version; state it with --min-os 17.0"
        )
    }

    @Test func aMajorOnlyNewestOSDecidesOnlyWhatItsMajorDecides() throws {
        let os = try #require(NewestOS.parse("iOS 15", platform: "iOS", current: [:]))
        #expect(os.runs(try #require(OSVersion("15.0"))) == true)
        #expect(os.runs(try #require(OSVersion("15.8"))) == nil)
        #expect(os.runs(try #require(OSVersion("16.0"))) == false)
        #expect(os.runs(try #require(OSVersion("14.5"))) == true)
        let exact = try #require(NewestOS.parse("iOS 15.8.3", platform: "iOS", current: [:]))
        #expect(exact.runs(try #require(OSVersion("15.8"))) == true)
        #expect(exact.runs(try #require(OSVersion("15.8.4"))) == false)
        let current = try #require(
            NewestOS.parse(
                "current", platform: "iOS", current: ["iOS": OSVersion(parts: [27, 0, 1])]))
        #expect(current.runs(try #require(OSVersion("27.0"))) == true)
        #expect(current.runs(try #require(OSVersion("28.0"))) == false)
        #expect(NewestOS.parse("iOS 15.x", platform: "iOS", current: [:]) == nil)
    }

    @Test func versionsCompareByTheirParts() throws {
        let v = { (text: String) throws -> OSVersion in try #require(OSVersion(text)) }
        #expect(try v("15.8") < v("15.8.3"))
        #expect(try v("17") == v("17.0.0"))
        #expect(try v("26.0") > v("18.7.10"))
        #expect(try v("9.3.6") > v("9.3.5"))
        #expect(OSVersion("17.a") == nil)
        #expect(OSVersion("") == nil)
        #expect(OSVersion("1.2.3.4.5") == nil)
    }

    @Test func theSummaryCountsEachRowUnderItsFirstFailingFilter() throws {
        let result = try DeviceCatalog.apple(Self.catalog).evaluate(
            {
                var manifest = Manifest(path: "app.plist", kind: .plist, requirements: [])
                manifest.store = Self.store(families: [1], minimum: "17.0", keys: ["nfc"])
                return manifest
            }(), path: "app.plist")
        let summary = try #require(result.summary)
        let counts = Dictionary(uniqueKeysWithValues: summary.excludedBy.map { ($0.key, $0.rows) })
        let excluded = result.rows.filter { $0.verdict == .excluded }.count
        #expect(counts.values.reduce(0, +) == excluded)
        #expect(counts["UIDeviceFamily"] == 4)
        #expect((counts["MinimumOSVersion 17.0"] ?? 0) > 0)
        #expect(result.answer?.hasPrefix("Which devices can install app.plist? ") == true)
    }
}
