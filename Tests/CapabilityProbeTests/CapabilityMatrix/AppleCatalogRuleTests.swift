import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix

/// The `apple` catalog: each key column against the rule Apple documents for the key (chip
/// generation, device kind, newest OS), the 2017 Apple matrix where it has cells, and the
/// embedded text against `Catalogs/apple/apple-devices.csv`.
struct AppleCatalogRuleTests {
    static let catalog: AppleCatalog = {
        (try? AppleCatalog.parse(text: BuiltinCatalogText.apple, path: "builtin:apple"))
            ?? AppleCatalog(devices: [], provenance: [], keyColumns: [])
    }()

    /// The A-series generation (`A18 Pro` → 18), 0 for others.
    static func aSeries(_ soc: String) -> Int {
        guard soc.hasPrefix("A") else { return 0 }
        return Int(soc.dropFirst().prefix { $0.isNumber }) ?? 0
    }

    static func isM(_ soc: String) -> Bool {
        soc.count > 1 && soc.hasPrefix("M") && soc.dropFirst().first?.isNumber == true
    }

    /// The newest OS version (`iOS 4.2.1` → 4.2; `current` → a large number).
    static func maxOS(_ device: AppleCatalog.Device) -> Double {
        let text = device.facts.first { $0.name == "Max OS" }?.value ?? ""
        if text == "current" { return 999 }
        let digits = text.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        let parts = digits.split(separator: ".").prefix(2)
        return Double(parts.joined(separator: ".")) ?? -1
    }

    static func fact(_ device: AppleCatalog.Device, _ name: String) -> String {
        device.facts.first { $0.name == name }?.value ?? ""
    }

    /// What each rule-decided key must be on a device (nil: the rule leaves it open).
    static let rules: [String: @Sendable (AppleCatalog.Device) -> CatalogCell?] = [
        "arm64": { yes(aSeries($0.soc) >= 7 || isM($0.soc)) },
        "metal": { yes(aSeries($0.soc) >= 7 || isM($0.soc)) },
        "opengles-3": { yes(aSeries($0.soc) >= 7 || isM($0.soc)) },
        "arm64e": {
            $0.group == "Apple Vision Pro" ? .unknown : yes(aSeries($0.soc) >= 12 || isM($0.soc))
        },
        "arkit": { device in
            switch device.group {
            case "Apple Vision Pro": return .yes
            case "Apple TV": return .no
            default: return yes(aSeries(device.soc) >= 9 || isM(device.soc))
            }
        },
        "iphone-ipad-minimum-performance-a12": { device in
            switch device.group {
            case "iPhone", "iPad": return yes(aSeries(device.soc) >= 12 || isM(device.soc))
            case "Apple Vision Pro": return .yes
            default: return .no
            }
        },
        "ipad-minimum-performance-m1": { device in
            if device.group == "iPad", isM(device.soc) { return .yes }
            if device.group == "Apple Vision Pro"
                || (device.group == "iPad" && device.soc == "A17 Pro")
            {
                return .unknown
            }
            return .no
        },
        "iphone-performance-gaming-tier": { device in
            switch device.group {
            case "iPhone": return yes(device.soc == "A17 Pro" || aSeries(device.soc) >= 18)
            case "iPad": return yes(isM(device.soc) || device.soc == "A17 Pro")
            default: return .no
            }
        },
        "driverkit": { yes($0.group == "iPad" && isM($0.soc)) },
        "healthkit": { yes($0.group == "iPhone" && maxOS($0) >= 8) },
        "telephony": { yes($0.group == "iPhone") },
        "sms": { yes($0.group == "iPhone") },
        "nfc": { yes($0.group == "iPhone" && aSeries($0.soc) >= 10) },
        "embedded-web-browser-engine": { browserEngine($0) },
        "web-browser-engine": { browserEngine($0) },
        "armv6": { _ in .yes },
        "armv7": { device in
            let armv6Only =
                ["iPhone", "iPhone 3G"].contains(device.name)
                || device.name.hasPrefix("iPod touch (1st")
                || device.name.hasPrefix("iPod touch (2nd")
            return yes(!armv6Only)
        },
        "gps": { device in
            yes(
                (device.group == "iPhone" && device.name != "iPhone")
                    || (device.group == "iPad" && fact(device, "Cellular") == "yes"))
        },
        "still-camera": { device in
            yes(
                (Double(fact(device, "Rear Camera MP")) ?? 0) > 0
                    || (Double(fact(device, "Front Camera MP")) ?? 0) > 0)
        },
        "wifi": { _ in .yes },
        "location-services": { _ in .yes },
        "accelerometer": { yes(["iPhone", "iPad", "iPod touch"].contains($0.group)) },
        "opengles-1": { _ in .yes },
        // OpenGL ES 2.0 came with the SGX GPUs of the first ARMv7 devices.
        "opengles-2": { yes(!armv6Only($0)) },
        "video-camera": { device in
            if device.group == "Apple Vision Pro" { return .yes }
            if ["iPhone", "iPhone 3G"].contains(device.name) { return .no }
            return hasCamera(device)
        },
        "front-facing-camera": { device in
            device.group == "Apple Vision Pro"
                ? .yes : yes((Double(fact(device, "Front Camera MP")) ?? 0) > 0)
        },
        "peer-peer": { yes(!["iPhone", "iPod touch (1st generation)"].contains($0.name)) },
        "gamekit": {
            yes(!["iPhone", "iPhone 3G", "iPod touch (1st generation)"].contains($0.name))
        },
        "gyroscope": { device in
            switch device.group {
            case "iPhone", "iPod touch": return yes((device.year ?? 0) >= 2010)
            case "iPad": return yes((device.year ?? 0) >= 2011)
            default: return .no
            }
        },
        "magnetometer": { device in
            switch device.group {
            case "iPhone": return yes((device.year ?? 0) >= 2009)
            case "iPad": return .yes
            default: return .no
            }
        },
        "bluetooth-le": { device in
            switch device.group {
            case "iPhone": return yes((device.year ?? 0) >= 2011)
            case "iPad", "iPod touch": return yes((device.year ?? 0) >= 2012)
            default: return .yes
            }
        },
        "microphone": { device in
            switch device.group {
            case "Apple TV": return .no
            default: return yes(device.name != "iPod touch (1st generation)")
            }
        },
        // Autofocus and flash are properties of a rear camera: never without one.
        "auto-focus-camera": { rearCamera($0) ? nil : .no },
        "camera-flash": { rearCamera($0) ? nil : .no },
    ]

    static func armv6Only(_ device: AppleCatalog.Device) -> Bool {
        ["iPhone", "iPhone 3G"].contains(device.name)
            || device.name.hasPrefix("iPod touch (1st") || device.name.hasPrefix("iPod touch (2nd")
    }

    static func rearCamera(_ device: AppleCatalog.Device) -> Bool {
        (Double(fact(device, "Rear Camera MP")) ?? 0) > 0
    }

    static func hasCamera(_ device: AppleCatalog.Device) -> CatalogCell {
        yes(rearCamera(device) || (Double(fact(device, "Front Camera MP")) ?? 0) > 0)
    }

    static func yes(_ value: Bool) -> CatalogCell { value ? .yes : .no }

    /// iOS 17.4 on iPhone, iPadOS 18 on iPad (EU only, as the row notes say).
    static func browserEngine(_ device: AppleCatalog.Device) -> CatalogCell {
        switch device.group {
        case "iPhone": return yes(maxOS(device) >= 17)
        case "iPad": return yes(maxOS(device) >= 18)
        default: return .no
        }
    }

    @Test func catalogHoldsEveryDeviceKind() {
        let groups = Dictionary(grouping: Self.catalog.devices, by: \.group).mapValues(\.count)
        #expect(Self.catalog.devices.count >= 160)
        #expect((groups["iPhone"] ?? 0) >= 50)
        #expect((groups["iPad"] ?? 0) >= 90)
        #expect(groups["iPod touch"] == 8)
        #expect(groups["Apple TV"] == 4)
        #expect(groups["Apple Vision Pro"] == 2)
        #expect(Set(Self.catalog.devices.map(\.name)).count == Self.catalog.devices.count)
    }

    @Test func everyKeyColumnHasARule() {
        #expect(Set(Self.catalog.keyColumns).subtracting(Self.rules.keys) == [])
    }

    @Test func everyKeyOfTheKeyReferenceIsAColumn() {
        let columns = Set(Self.catalog.keyColumns)
        for key in KeyCatalog.apple.keys.sorted() where key != "watch-companion" {
            #expect(columns.contains(key), "\(key)")
        }
    }

    @Test(arguments: rules.keys.sorted())
    func keyColumnFollowsItsDocumentedRule(key: String) throws {
        let rule = try #require(Self.rules[key])
        var mismatches: [String] = []
        for device in Self.catalog.devices {
            guard let wanted = rule(device), let cell = device.keys[key] else { continue }
            // An `unknown` cell is allowed only where the row says why.
            if cell == .unknown, !device.notes.isEmpty { continue }
            if cell != wanted {
                mismatches.append("\(device.name): \(cell.rawValue), rule \(wanted.rawValue)")
            }
        }
        #expect(mismatches == [])
    }

    @Test func documentedExceptionsAreNotedInTheirRows() throws {
        for name in ["Apple Vision Pro", "Apple Vision Pro (M5)"] {
            let device = try #require(Self.catalog.devices.first { $0.name == name })
            #expect(device.keys["front-facing-camera"] == .yes)
            #expect(device.keys["arkit"] == .yes)
            #expect(device.notes.contains("Full Space"))
        }
        let touch = try #require(
            Self.catalog.devices.first { $0.name == "iPod touch (1st generation)" })
        #expect(touch.keys["microphone"] == .no)
        let browser = Self.catalog.devices.filter { $0.keys["embedded-web-browser-engine"] == .yes }
        #expect(!browser.isEmpty)
        #expect(browser.allSatisfy { $0.notes.contains("EU") })
    }

    @Test func agreesWithApples2017MatrixWhereItHasCells() throws {
        let text = try Fixtures.text("data/apple-device-compatibility-2017-partial.csv")
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let header = lines[0].split(separator: ",").map(String.init)
        var compared = 0
        for line in lines.dropFirst() {
            let cells = line.split(separator: ",").map(String.init)
            // 2017's "iPhone SE" is the first one.
            let name = cells[0] == "iPhone SE" ? "iPhone SE (1st generation)" : cells[0]
            let device = try #require(Self.catalog.devices.first { $0.name == name }, "\(name)")
            for (key, cell) in zip(header.dropFirst(), cells.dropFirst()) where cell != "unknown" {
                #expect(device.keys[key]?.rawValue == cell, "\(cells[0]) \(key)")
                compared += 1
            }
        }
        #expect(compared >= 200)
    }

    @Test func embeddedTextIsTheCatalogFile() throws {
        let file = try String(
            contentsOf: Fixtures.root.deletingLastPathComponent().appendingPathComponent(
                "Catalogs/apple/apple-devices.csv"), encoding: .utf8)
        #expect(BuiltinCatalogText.apple + "\n" == file || BuiltinCatalogText.apple == file)
    }

    @Test func gamingTierWithTheM1KeyExcludesEveryIPhoneIncludingThe16ProMax() throws {
        let keys = ["arm64", "iphone-performance-gaming-tier", "ipad-minimum-performance-m1"].map {
            StoreDeclarations.AppleKey(key: $0, required: true)
        }
        let result = AppStoreFilter.evaluate(
            Self.catalog, store: .keys(keys), source: "builtin:apple", manifest: nil)
        let proMax = try #require(result.rows.first { $0.name == "iPhone 16 Pro Max" })
        #expect(proMax.verdict == .excluded)
        #expect(proMax.failing.map(\.key) == ["ipad-minimum-performance-m1"])
        let iPhones = result.rows.filter { $0.name.hasPrefix("iPhone") }
        #expect(iPhones.allSatisfy { $0.verdict == .excluded })
        let gamingOnly = AppStoreFilter.evaluate(
            Self.catalog, store: .keys(Array(keys.prefix(2))), source: "builtin:apple",
            manifest: nil)
        #expect(gamingOnly.rows.first { $0.name == "iPhone 16 Pro Max" }?.verdict == .eligible)
        #expect(gamingOnly.rows.first { $0.name == "iPhone 15" }?.verdict == .excluded)
    }

    @Test func aForbiddenKeyExcludesTheDevicesThatHaveIt() {
        let result = AppStoreFilter.evaluate(
            Self.catalog, store: .keys([.init(key: "telephony", required: false)]),
            source: "builtin:apple", manifest: nil)
        for (row, device) in zip(result.rows, Self.catalog.devices) {
            #expect((row.verdict == .excluded) == (device.group == "iPhone"), "\(device.name)")
        }
    }

    @Test func peerToPeerFiltersNothingAsTheAppStoreDoesNot() {
        let result = AppStoreFilter.evaluate(
            Self.catalog, store: .keys([.init(key: "peer-peer", required: true)]),
            source: "builtin:apple", manifest: nil)
        #expect(result.totals.eligible == Self.catalog.devices.count)
        #expect(
            result.provenance.contains { $0.hasPrefix("peer-peer: the App Store does not filter") })
    }
}

extension AppleCatalogRuleTests {
    @Test func aCapabilityManifestAsksTheSeedsQuestionsOfCurrentDevices() throws {
        let manifest = try ManifestLoader.load(path: Fixtures.path("catalogs/gyroscope-12mp.json"))
        let result = try DeviceCatalog.apple(Self.catalog).evaluate(manifest, path: nil)
        let verdicts = Dictionary(uniqueKeysWithValues: result.rows.map { ($0.name, $0.verdict) })
        #expect(verdicts["iPhone 16 Pro Max"] == .eligible)
        #expect(verdicts["iPhone 3G"] == .excluded)
        #expect(verdicts["Apple TV 4K (3rd generation)"] == .excluded)
        #expect(result.summary?.groupedBy == "year")
    }
}

extension StoreDeclarations {
    /// An Info.plist's declarations with only these capability keys.
    static func keys(_ keys: [StoreDeclarations.AppleKey]) -> StoreDeclarations {
        var store = StoreDeclarations()
        store.appleKeys = keys
        return store
    }
}
