import CapabilityProbe
import Foundation
import Testing

@Suite struct ManifestCheckerTests {
    let checker = ManifestChecker()

    func load(_ name: String, implied: Bool = true) throws -> Manifest {
        try ManifestLoader.load(
            path: Fixtures.path("manifests/\(name)"), options: ManifestLoadOptions(implied: implied)
        )
    }

    func verdicts(_ report: VerificationReport) -> [String: RequirementVerdict] {
        Dictionary(
            report.requirements.map { ($0.key, $0.verdict) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every manifest form against the synthetic machines, with the overall verdict.
    @Test(arguments: [
        ("Info-dict.plist", "laptop", OverallVerdict.unsatisfied),
        ("Info-dict.plist", "phone", .unsatisfied),
        ("Info-dict.plist", "tablet", .satisfied),
        ("Info-array.plist", "phone", .satisfied),
        ("Info-array.plist", "laptop", .unsatisfied),
        ("Info-binary.plist", "laptop", .undecided),
        ("Info-binary.plist", "phone", .unsatisfied),
        ("capabilities-root-array.plist", "laptop", .satisfied),
        ("capabilities-root-dict.plist", "tablet", .satisfied),
        ("capabilities-root-dict.plist", "phone", .unsatisfied),
        ("AndroidManifest.xml", "phone", .satisfied),
        ("AndroidManifest.xml", "laptop", .unsatisfied),
        ("AndroidManifest-no-touch.xml", "laptop", .satisfied),
        ("manifest.json", "laptop", .unsatisfied),
        ("manifest.json", "phone", .unsatisfied),
        ("manifest.json", "tablet", .satisfied),
    ])
    func checksEveryManifestFormAgainstMachines(
        file: String, machine: String, expected: OverallVerdict
    ) throws {
        let report: CapabilityReport
        switch machine {
        case "laptop": report = SyntheticMachines.laptop
        case "phone": report = SyntheticMachines.phone
        default: report = SyntheticMachines.tablet
        }
        #expect(
            checker.check(try load(file), against: report, options: .init()).verdict == expected)
    }

    @Test func reportsEachPlistDictionaryVerdictWithReason() throws {
        let result = checker.check(
            try load("Info-dict.plist"), against: SyntheticMachines.laptop, options: .init())
        #expect(
            verdicts(result) == [
                "gyroscope": .unsatisfied, "telephony": .satisfied, "wifi": .satisfied,
            ])
        let wifi = try #require(result.requirements.first { $0.key == "wifi" })
        #expect(wifi.reason == "wlan0 (iwlwifi) (rule: net.wifi)")
        #expect(
            wifi.evidence == [Evidence(device: "/devices/test/net.wifi", reason: "wlan0 (iwlwifi)")]
        )
        let telephony = try #require(result.requirements.first { $0.key == "telephony" })
        #expect(telephony.wanted == .absent)
        #expect(
            telephony.reason == "absent as required: no device provides cellular (rule: cellular)")
    }

    @Test func forbiddenCapabilityThatIsPresentIsUnmet() throws {
        let result = checker.check(
            try load("Info-dict.plist"), against: SyntheticMachines.phone, options: .init())
        let telephony = try #require(result.requirements.first { $0.key == "telephony" })
        #expect(telephony.verdict == .unsatisfied)
        #expect(telephony.reason.hasPrefix("forbidden but present: "))
    }

    @Test func notApplicableKeysPassUnlessStrict() throws {
        let manifest = try load("Info-array.plist")
        let relaxed = checker.check(manifest, against: SyntheticMachines.phone, options: .init())
        let metal = try #require(relaxed.requirements.first { $0.key == "metal" })
        #expect(metal.verdict == .notApplicable)
        #expect(metal.capability == nil)
        #expect(metal.reason.hasSuffix("(use strict to fail)"))
        #expect(relaxed.verdict == .satisfied)
        let strict = checker.check(
            manifest, against: SyntheticMachines.phone, options: CheckOptions(strict: true))
        #expect(strict.verdict == .unsatisfied)
        #expect(strict.requirements.first { $0.key == "metal" }?.verdict == .unsatisfied)
    }

    @Test func reasonsNameTheOptionsInTheCallersWords() throws {
        let names = OptionNames(
            strict: "strict mode", assume: "declared", unknownAs: "policy", allowUnknown: "lenient",
            kind: "format")
        let manifest = try load("Info-array.plist")
        let relaxed = checker.check(
            manifest, against: SyntheticMachines.phone, options: CheckOptions(names: names))
        #expect(
            relaxed.requirements.first { $0.key == "metal" }?.reason.hasSuffix(
                "(use strict mode to fail)") == true)
        let strict = checker.check(
            manifest, against: SyntheticMachines.phone,
            options: CheckOptions(strict: true, names: names))
        #expect(
            strict.requirements.first { $0.key == "metal" }?.reason.hasSuffix("(strict mode)")
                == true)
        let assumed = checker.check(
            try load("Info-dict.plist"), against: SyntheticMachines.laptop,
            options: CheckOptions(assumptions: ["sensor.gyroscope": .absent], names: names))
        let gyroscope = try #require(assumed.requirements.first { $0.key == "gyroscope" })
        #expect(gyroscope.reason == "assumed absent (declared) (rule: sensor.gyroscope)")
        // The evidence says "an assumption" in the library's own word, whatever the caller's.
        #expect(gyroscope.evidence.map(\.source) == [.assumption])
    }

    @Test func persistentWiFiIsCheckedAsWiFiWithTheRuntimeFlagNote() throws {
        let result = checker.check(
            try load("Info-array.plist"), against: SyntheticMachines.phone, options: .init())
        let flag = try #require(result.requirements.first { $0.key == "UIRequiresPersistentWiFi" })
        #expect(flag.capability == "net.wifi")
        #expect(flag.verdict == .satisfied)
        #expect(flag.note?.contains("runtime flag") == true)
    }

    @Test func unknownRequiredItemMakesTheManifestUndecidedAndUnknownAsDecides() throws {
        let manifest = try load("Info-binary.plist")
        let report = SyntheticMachines.laptop
        #expect(checker.check(manifest, against: report, options: .init()).verdict == .undecided)
        #expect(
            checker.check(manifest, against: report, options: CheckOptions(unknownAs: .fail))
                .verdict == .unsatisfied)
        #expect(
            checker.check(manifest, against: report, options: CheckOptions(unknownAs: .pass))
                .verdict == .satisfied)
        let accelerometer = checker.check(manifest, against: report, options: .init()).requirements
            .first { $0.key == "accelerometer" }
        #expect(accelerometer?.verdict == .unknown)
        #expect(
            accelerometer?.reason
                == "sensor.accelerometer could not be decided from this source (rule: sensor.accelerometer)"
        )
    }

    @Test func capabilityWithoutAnyFindingIsUnknownNeverAbsent() {
        let manifest = Manifest(
            path: "m.json", kind: .json,
            requirements: [
                Requirement(
                    key: "usb.host", source: .json, target: .capability("usb.host"),
                    wanted: .present)
            ])
        let result = checker.check(manifest, against: SyntheticMachines.laptop, options: .init())
        #expect(result.requirements[0].verdict == .unknown)
        #expect(
            result.requirements[0].reason
                == "capcheck has no probe result for usb.host (rule: usb.host)")
        #expect(result.verdict == .undecided)
    }

    @Test func predicatesReadTheContractDetails() throws {
        let result = checker.check(
            try load("manifest.json"), against: SyntheticMachines.laptop, options: .init())
        let byKey = Dictionary(uniqueKeysWithValues: result.requirements.map { ($0.key, $0) })
        #expect(byKey["camera.megapixels >= 5"]?.verdict == .unsatisfied)
        #expect(byKey["camera.megapixels >= 5"]?.reason == "0.9 MP (rule: camera.megapixels >= 5)")
        #expect(byKey["camera.video >= 1280x720@30"]?.verdict == .satisfied)
        #expect(byKey["memory.total >= 3GiB"]?.verdict == .satisfied)
        #expect(byKey["memory.total >= 3GiB"]?.reason == "8 GiB (rule: memory.total >= 3GiB)")
        #expect(byKey["cellular"]?.verdict == .satisfied)
        #expect(byKey["display.scale >= 2"]?.verdict == .optional)
        #expect(
            byKey["display.scale >= 2"]?.reason == "optional, not met: 1 (rule: display.scale >= 2)"
        )
        #expect(byKey["input.touchscreen.points >= 5"]?.verdict == .optional)
    }

    @Test func missingDetailMakesAPredicateUnknown() throws {
        var report = SyntheticMachines.tablet
        report.set(SyntheticMachines.present("camera.any"))
        let result = checker.check(try load("manifest.json"), against: report, options: .init())
        let megapixels = try #require(
            result.requirements.first { $0.key == "camera.megapixels >= 5" })
        #expect(megapixels.verdict == .unknown)
        #expect(
            megapixels.reason
                == "camera.any has no 'megapixels' detail (rule: camera.megapixels >= 5)")
        #expect(result.verdict == .undecided)
    }

    @Test func absentCapabilityFailsItsPredicate() throws {
        var report = SyntheticMachines.tablet
        report.set(SyntheticMachines.absent("camera.video"))
        let result = checker.check(try load("manifest.json"), against: report, options: .init())
        #expect(
            result.requirements.first { $0.key == "camera.video >= 1280x720@30" }?.verdict
                == .unsatisfied)
    }

    @Test func glesVersionComesFromTheGPUFinding() throws {
        let manifest = try load("AndroidManifest.xml")
        let phone = checker.check(manifest, against: SyntheticMachines.phone, options: .init())
        #expect(
            phone.requirements.first { $0.key == "android:glEsVersion=0x00030000" }?.verdict
                == .satisfied)
        let laptop = checker.check(manifest, against: SyntheticMachines.laptop, options: .init())
        #expect(
            laptop.requirements.first { $0.key == "android:glEsVersion=0x00030000" }?.verdict
                == .unknown)
    }

    @Test func impliedRequirementsCarryTheirReasonAndCanBeTurnedOff() throws {
        let withImplied = checker.check(
            try load("AndroidManifest.xml"), against: SyntheticMachines.laptop, options: .init())
        let camera = try #require(
            withImplied.requirements.first { $0.key == "android.hardware.camera" })
        #expect(camera.source == .implied)
        #expect(camera.capability == "camera.back")
        #expect(camera.verdict == .unsatisfied)
        #expect(camera.note?.hasPrefix("requested android.permission.CAMERA permission") == true)
        let without = checker.check(
            try load("AndroidManifest.xml", implied: false), against: SyntheticMachines.laptop,
            options: .init())
        #expect(!without.requirements.contains { $0.source == .implied || $0.source == .default })
    }

    /// A manifest that does not declare the touchscreen, so aapt implies faketouch.
    static let noTouchDeclared = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
          <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="34"/>
        </manifest>
        """

    @Test func fakeTouchIsMetByAPointingDevice() throws {
        let manifest = try ManifestLoader.load(
            data: Data(Self.noTouchDeclared.utf8), path: "AndroidManifest.xml")
        let result = checker.check(manifest, against: SyntheticMachines.laptop, options: .init())
        let faketouch = try #require(
            result.requirements.first { $0.key == "android.hardware.faketouch" })
        #expect(faketouch.verdict == .satisfied)
        #expect(faketouch.capability == "input.touchscreen|input.pointer")
        #expect(!result.requirements.contains { $0.key == "android.hardware.touchscreen" })
    }

    @Test func fakeTouchIsUnmetWhenNeitherTouchNorPointerExists() throws {
        var report = SyntheticMachines.laptop
        report.set(SyntheticMachines.absent("input.pointer"))
        let manifest = try ManifestLoader.load(
            data: Data(Self.noTouchDeclared.utf8), path: "AndroidManifest.xml")
        let result = checker.check(manifest, against: report, options: .init())
        #expect(
            result.requirements.first { $0.key == "android.hardware.faketouch" }?.verdict
                == .unsatisfied)
    }

    @Test func aTVAppWithOptionalTouchIsNotFailedOnAMachineWithoutTouch() throws {
        // The report: Play (and aapt) require no touch input of a TV app that
        // declares the touchscreen optional, so a remote-only machine must not fail it.
        var report = SyntheticMachines.laptop
        report.set(SyntheticMachines.absent("input.touchscreen"))
        report.set(SyntheticMachines.absent("input.pointer"))
        let result = checker.check(
            try load("AndroidManifest-no-touch.xml"), against: report, options: .init())
        #expect(!result.requirements.contains { $0.key == "android.hardware.faketouch" })
        #expect(
            result.requirements.first { $0.key == "android.hardware.touchscreen" }?.verdict
                == .optional)
    }

    @Test func assumptionsOverlayTheReportAndAreShownAsAssumed() throws {
        let options = CheckOptions(assumptions: ["sensor.gyroscope": .present, "net.wifi": .absent])
        let result = checker.check(
            try load("Info-dict.plist"), against: SyntheticMachines.laptop, options: options)
        let gyroscope = try #require(result.requirements.first { $0.key == "gyroscope" })
        #expect(gyroscope.verdict == .satisfied)
        #expect(gyroscope.assumed)
        #expect(gyroscope.reason == "assumed present (assumptions) (rule: sensor.gyroscope)")
        #expect(gyroscope.evidence == [Evidence(.assumption, reason: "assumed present")])
        #expect(result.requirements.first { $0.key == "wifi" }?.verdict == .unsatisfied)
        #expect(result.assumptions == options.assumptions)
    }

    @Test func assumedPresentKeepsMeasuredDetailsButAssumedAbsentDropsThem() throws {
        let manifest = try load("manifest.json")
        let kept = checker.check(
            manifest, against: SyntheticMachines.tablet,
            options: CheckOptions(assumptions: ["camera.any": .present]))
        #expect(
            kept.requirements.first { $0.key == "camera.megapixels >= 5" }?.verdict == .satisfied)
        let dropped = checker.check(
            manifest, against: SyntheticMachines.tablet,
            options: CheckOptions(assumptions: ["camera.any": .absent]))
        #expect(
            dropped.requirements.first { $0.key == "camera.megapixels >= 5" }?.verdict
                == .unsatisfied)
    }

    @Test func optionalRequirementsNeverFail() throws {
        let manifest = Manifest(
            path: "m.json", kind: .json,
            requirements: [
                Requirement(
                    key: "nfc", source: .json, target: .capability("nfc"), wanted: .optional),
                Requirement(
                    key: "x", source: .android, target: .notApplicable("no meaning"),
                    wanted: .optional),
            ])
        let result = checker.check(
            manifest, against: SyntheticMachines.laptop, options: CheckOptions(strict: true))
        #expect(result.requirements.map(\.verdict) == [.optional, .notApplicable])
        #expect(result.verdict == .satisfied)
    }

    @Test func reportRequirementsAreSortedByKey() throws {
        let result = checker.check(
            try load("Info-array.plist"), against: SyntheticMachines.phone, options: .init())
        #expect(result.requirements.map(\.key) == result.requirements.map(\.key).sorted())
    }
}
