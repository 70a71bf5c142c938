import CapabilityProbe
import Foundation
import Testing

@Suite struct ManifestLoaderTests {
    func load(_ name: String, options: ManifestLoadOptions = .init()) throws -> Manifest {
        try ManifestLoader.load(path: Fixtures.path("manifests/\(name)"), options: options)
    }

    func summary(_ manifest: Manifest) -> [String] {
        manifest.requirements.map {
            "\($0.key) \($0.wanted.rawValue) \($0.source.rawValue) \($0.target.label ?? "n/a")"
        }
    }

    @Test(arguments: [
        ("Info-array.plist", ManifestKind.plist), ("Info-binary.plist", .plist),
        ("plist-openstep.plist", .plist),
        ("AndroidManifest.xml", .android), ("manifest.json", .json),
        ("manifest-truncated.json", .json),
    ])
    func detectsTheKindByContent(file: String, kind: ManifestKind) throws {
        #expect(try ManifestLoader.detect(Fixtures.data("manifests/\(file)"), path: file) == kind)
    }

    @Test func readsThePlistArrayFormWithWiFiFlagAndBackgroundNotes() throws {
        let manifest = try load("Info-array.plist")
        #expect(manifest.kind == .plist)
        #expect(
            summary(manifest) == [
                "arm64 present plist cpu.arch.arm64", "still-camera present plist camera.any",
                "wifi present plist net.wifi", "metal present plist n/a",
                "UIRequiresPersistentWiFi present plist net.wifi",
            ])
        #expect(
            manifest.notes == [
                "UIBackgroundModes location: background location needs GNSS or Wi-Fi (a note, not a requirement)",
                "UIBackgroundModes audio: background audio needs an audio output (a note, not a requirement)",
            ])
    }

    @Test func readsTheDictionaryFormWithFalseAsForbiddenSortedByKey() throws {
        #expect(
            summary(try load("Info-dict.plist")) == [
                "gyroscope present plist sensor.gyroscope", "telephony absent plist cellular",
                "wifi present plist net.wifi",
            ])
    }

    @Test func binaryPlistReadsLikeItsXMLTwin() throws {
        #expect(
            summary(try load("Info-binary.plist")) == [
                "accelerometer present plist sensor.accelerometer",
                "front-facing-camera present plist camera.front",
                "nfc absent plist nfc",
            ])
    }

    @Test func readsPlistsWhoseRootIsTheCapabilityList() throws {
        #expect(
            summary(try load("capabilities-root-array.plist")) == [
                "bluetooth-le present plist bluetooth.le", "microphone present plist audio.input",
            ])
        #expect(
            summary(try load("capabilities-root-dict.plist")) == [
                "gps present plist location.gnss", "sms absent plist cellular.sms",
            ])
    }

    @Test func readsAndroidFeaturesAsAaptListsThem() throws {
        // Expected lines are `aapt dump badging` on this manifest built with `aapt package`
        // (declared features and their parents, then implied ones, each sorted by name).
        #expect(
            summary(try load("AndroidManifest.xml")) == [
                "android.hardware.camera.autofocus optional android camera.autofocus",
                "android.hardware.location present android location.any",
                "android.hardware.location.gps present android location.gnss",
                "android.hardware.nfc optional android nfc",
                "android.hardware.touchscreen present android input.touchscreen",
                "android.hardware.touchscreen.multitouch present android input.touchscreen.points >= 2",
                "android.hardware.touchscreen.multitouch.distinct present android input.touchscreen.points >= 2",
                "android:glEsVersion=0x00030000 present android gpu.gles >= 3.0",
                "android.hardware.camera present implied camera.back",
                "android.hardware.microphone present implied audio.input",
            ])
    }

    @Test func impliedRequirementsSayWhyInAaptsWords() throws {
        let manifest = try load("AndroidManifest.xml")
        let notes = Dictionary(
            uniqueKeysWithValues: manifest.requirements.map { ($0.key, $0.note ?? "") })
        #expect(
            notes["android.hardware.microphone"]
                == "requested android.permission.RECORD_AUDIO permission")
        #expect(
            notes["android.hardware.touchscreen.multitouch"]
                == "required by android.hardware.touchscreen.multitouch.distinct (aapt adds the parent feature)"
        )
        #expect(
            manifest.notes.first
                == "minSdkVersion 24 and targetSdkVersion 34 as read: aapt's target SDK is 34, the larger of the two"
        )
    }

    @Test func cameraPermissionImpliesTheCameraButNotItsAutofocus() throws {
        // aapt 10 dropped CAMERA → camera.autofocus; the declared optional autofocus stays.
        let manifest = try load("AndroidManifest.xml")
        let camera = manifest.requirements.filter { $0.key.hasPrefix("android.hardware.camera") }
        #expect(
            camera.map(\.key) == ["android.hardware.camera.autofocus", "android.hardware.camera"])
        #expect(camera.map(\.wanted) == [.optional, .present])
    }

    @Test func noImpliedDropsImpliedFeaturesButKeepsDeclaredParents() throws {
        let manifest = try load("AndroidManifest.xml", options: ManifestLoadOptions(implied: false))
        #expect(manifest.requirements.allSatisfy { $0.source == .android })
        #expect(manifest.requirements.count == 8)
    }

    @Test func declaredOptionalTouchscreenMeansNoFaketouch() throws {
        #expect(
            summary(try load("AndroidManifest-no-touch.xml")) == [
                "android.hardware.bluetooth_le present android bluetooth.le",
                "android.hardware.touchscreen optional android input.touchscreen",
                "android.software.leanback optional android n/a",
                "android.hardware.wifi present implied net.wifi",
            ])
    }

    @Test func locationPermissionsImplyGPSOnlyForOldTargets() throws {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <uses-sdk android:targetSdkVersion="19"/>
              <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION"/>
              <uses-feature android:name="android.hardware.touchscreen" android:required="false"/>
              <uses-feature android:name="android.hardware.faketouch" android:required="false"/>
            </manifest>
            """
        let old = try ManifestLoader.load(data: Data(xml.utf8), path: "old.xml")
        #expect(
            old.requirements.filter { $0.source == .implied }.map(\.key) == [
                "android.hardware.location", "android.hardware.location.gps",
            ])
        let modern = try ManifestLoader.load(
            data: Data(xml.replacingOccurrences(of: "\"19\"", with: "\"30\"").utf8), path: "new.xml"
        )
        #expect(
            modern.requirements.filter { $0.source == .implied }.map(\.key) == [
                "android.hardware.location"
            ])
    }

    @Test func vulkanVersionAttributeBecomesAVersionPredicate() throws {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              <uses-feature android:name="android.hardware.vulkan.version" android:version="0x400003"/>
            </manifest>
            """
        let manifest = try ManifestLoader.load(
            data: Data(xml.utf8), path: "v.xml", options: ManifestLoadOptions(implied: false))
        #expect(manifest.requirements.map { $0.target.label } == ["gpu.vulkan >= 1.0.3"])
    }

    @Test func allowUnknownTurnsUnknownKeysIntoNotApplicable() throws {
        let manifest = try load(
            "plist-unknown-key.plist", options: ManifestLoadOptions(allowUnknown: true))
        let typo = try #require(manifest.requirements.first { $0.key == "armv64" })
        #expect(
            typo.notApplicableReason
                == "unknown key, accepted by allowUnknown (did you mean arm64?)")
    }

    @Test func readsTheNativeManifestWithPredicates() throws {
        let manifest = try load("manifest.json")
        #expect(manifest.notes == ["description: video calling app"])
        #expect(manifest.requirements.filter { $0.wanted == .absent }.map(\.key) == ["cellular"])
        let memory = try #require(manifest.requirements.first { $0.key == "memory.total >= 3GiB" })
        #expect(
            memory.target
                == .predicate(
                    Predicate(
                        subject: .memoryTotal, comparison: .atLeast,
                        value: .bytes(3 * 1_073_741_824), text: "memory.total >= 3GiB")))
    }

    @Test func nativeManifestKeysCanBeOmitted() throws {
        let manifest = try ManifestLoader.load(data: Data(#"{"version": 1}"#.utf8), path: "m.json")
        #expect(manifest.requirements.isEmpty)
        #expect(manifest.kind == .json)
    }

    @Test(arguments: [
        (
            "camera.megapixels >= 5", PredicateSubject.cameraMegapixels, ComparisonOperator.atLeast,
            PredicateValue.number(5)
        ),
        (
            "camera.video >= 1280x720@30", .cameraVideo, .atLeast,
            .videoMode(width: 1280, height: 720, fps: 30)
        ),
        (
            "camera.video > 640x480", .cameraVideo, .greater,
            .videoMode(width: 640, height: 480, fps: nil)
        ),
        ("memory.total>=3GiB", .memoryTotal, .atLeast, .bytes(3 * 1_073_741_824)),
        ("memory.total < 512 MB", .memoryTotal, .less, .bytes(512e6)),
        ("memory.total == 2048KiB", .memoryTotal, .equal, .bytes(2048 * 1024)),
        ("memory.total <= 1TiB", .memoryTotal, .atMost, .bytes(1_099_511_627_776)),
        ("display.scale >= 2", .displayScale, .atLeast, .number(2)),
        ("display.dpi > 200", .displayDPI, .greater, .number(200)),
        ("input.touchscreen.points >= 5", .touchscreenPoints, .atLeast, .number(5)),
        ("gpu.gles >= 3.1", .glesVersion, .atLeast, .version([3, 1])),
    ])
    func parsesPredicates(
        text: String, subject: PredicateSubject, comparison: ComparisonOperator,
        value: PredicateValue
    )
        throws
    {
        let predicate = try Predicate.parse(text, path: "m.json", place: "require[0]")
        #expect(predicate.subject == subject)
        #expect(predicate.comparison == comparison)
        #expect(predicate.value == value)
    }

    @Test(arguments: [
        (
            "memory.total >= 3 parsecs",
            "m.json: require[0]: bad predicate 'memory.total >= 3 parsecs': expected a size such as 3GiB"
        ),
        (
            "camera.video >= 1280by720",
            "m.json: require[0]: bad predicate 'camera.video >= 1280by720': expected a mode such as 1280x720@30"
        ),
        (
            "display.scale >= ",
            "m.json: require[0]: bad predicate 'display.scale >=': missing the value after >="
        ),
        (">= 5", "m.json: require[0]: bad predicate '>= 5': missing the name before >="),
        (
            "camera.megapixels => 5",
            "m.json: require[0]: bad predicate 'camera.megapixels => 5': expected one of >= > <= < =="
        ),
        (
            "memory.total >= 3GiB <= 4GiB",
            "m.json: require[0]: bad predicate 'memory.total >= 3GiB <= 4GiB': expected one comparison"
        ),
        (
            "camera.pixels >= 5",
            "m.json: require[0]: unknown key 'camera.pixels' (did you mean camera.megapixels?)"
        ),
        (
            "gpu.gles >= three",
            "m.json: require[0]: bad predicate 'gpu.gles >= three': expected a version such as 3.1"
        ),
    ])
    func rejectsBadPredicatesNamingThem(text: String, message: String) {
        #expect(throws: ManifestError.self) {
            try Predicate.parse(text, path: "m.json", place: "require[0]")
        }
        do {
            _ = try Predicate.parse(text, path: "m.json", place: "require[0]")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        (
            #"{"version": 1, "require": "camera.any"}"#,
            "m.json: require: expected a list of strings"
        ),
        (#"{"version": "1"}"#, "m.json: version: expected an integer"),
        (#"{"require": []}"#, "m.json: version: missing"),
        (#"["camera.any"]"#, "m.json: expected an object"),
        (
            #"{"version": 1, "require": ["nfc"], "forbid": ["nfc"]}"#,
            "m.json: forbid[0]: 'nfc' is already listed at require[0]"
        ),
        (#"{"version": 1, "optional": [""]}"#, "m.json: optional[0]: empty entry"),
        (
            #"{"version": 1, "require": ["gps"]}"#,
            "m.json: require[0]: unknown key 'gps' (did you mean location.gnss?)"
        ),
        (
            #"{"version": 1, "require": [null]}"#,
            "m.json: require[0]: expected a string, found null"
        ),
    ])
    func reportsNativeManifestErrorsWithTheirCodingPath(json: String, message: String) {
        do {
            _ = try ManifestLoader.load(data: Data(json.utf8), path: "m.json", kind: .json)
            Issue.record("expected an error for \(json)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func missingFileIsUnreadable() {
        do {
            _ = try ManifestLoader.load(path: "/nonexistent/Info.plist")
            Issue.record("expected an error")
        } catch {
            #expect(error == .unreadable(path: "/nonexistent/Info.plist", reason: "no such file"))
            #expect(error.isUnreadable)
        }
    }

    @Test func neverResolvesAnExternalEntityEvenWithoutADeclarationCheck() {
        // An undeclared entity reference must fail, not be fetched.
        let xml = "<manifest><uses-feature android:name=\"&ext;\"/></manifest>"
        #expect(throws: ManifestError.self) {
            try ManifestLoader.load(data: Data(xml.utf8), path: "e.xml")
        }
    }
}
