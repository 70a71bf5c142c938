import CapabilityProbe
import Foundation
import Testing

/// One test per rule of aapt's `dump badging` feature logic (frameworks/base
/// `tools/aapt/Command.cpp`, as Debian's aapt 10 runs it). Each expectation is also checked
/// against Debian's `aapt` when it is installed, so the expected lines are the oracle's.
@Suite struct AndroidAaptRuleTests {
    static let head =
        #"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.capcheck.rules">"#

    func load(_ body: String) throws -> Manifest {
        try ManifestLoader.load(
            data: Data((Self.head + body + "</manifest>").utf8), path: "AndroidManifest.xml")
    }

    /// capcheck's sets for the body, checked against aapt's when aapt is installed.
    @discardableResult
    func expect(
        _ body: String, required: [String] = [], notRequired: [String] = [],
        implied: [String] = [], oracle: String = Aapt.binary,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Manifest {
        let manifest = try load(body)
        var expected = Aapt.FeatureSets(
            required: required, notRequired: notRequired, implied: implied)
        expected.sort()
        var actual = Aapt.sets(manifest)
        actual.glES = nil
        #expect(actual == expected, sourceLocation: sourceLocation)
        if Aapt.isAvailable {
            let directory = try Aapt.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            var told = try Aapt.badging(
                try Aapt.build(Self.head + body + "</manifest>", in: directory), tool: oracle)
            told.glES = nil
            #expect(told == expected, "\(oracle) disagrees", sourceLocation: sourceLocation)
        }
        return manifest
    }

    static let touchOff =
        #"<uses-feature android:name="android.hardware.touchscreen" android:required="false"/>"#
    static let sdk30 = #"<uses-sdk android:minSdkVersion="21" android:targetSdkVersion="30"/>"#
    static let sdk19 = #"<uses-sdk android:minSdkVersion="14" android:targetSdkVersion="19"/>"#

    func permission(_ name: String, _ tag: String = "uses-permission") -> String {
        "<\(tag) android:name=\"android.permission.\(name)\"/>"
    }

    @Test func cameraPermissionImpliesTheCameraOnlyNotAutofocus() throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission("CAMERA"),
            required: ["android.hardware.camera"], notRequired: ["android.hardware.touchscreen"],
            implied: ["android.hardware.camera: requested android.permission.CAMERA permission"])
    }

    @Test func fineLocationImpliesGPSOnlyBeforeTargetSDK21() throws {
        let modern = try expect(
            Self.sdk30 + Self.touchOff + permission("ACCESS_FINE_LOCATION"),
            required: ["android.hardware.location"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_FINE_LOCATION permission"
            ])
        #expect(
            modern.notes.first
                == "minSdkVersion 21 and targetSdkVersion 30 as read: aapt's target SDK is 30, the larger of the two"
        )
        try expect(
            Self.sdk19 + Self.touchOff + permission("ACCESS_FINE_LOCATION"),
            required: ["android.hardware.location", "android.hardware.location.gps"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_FINE_LOCATION permission",
                "android.hardware.location.gps: requested android.permission.ACCESS_FINE_LOCATION permission, and targetSdkVersion < 21",
            ])
    }

    @Test func coarseLocationImpliesNetworkLocationOnlyBeforeTargetSDK21() throws {
        try expect(
            Self.sdk19 + Self.touchOff + permission("ACCESS_COARSE_LOCATION"),
            required: ["android.hardware.location", "android.hardware.location.network"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_COARSE_LOCATION permission",
                "android.hardware.location.network: requested android.permission.ACCESS_COARSE_LOCATION permission, and targetSdkVersion < 21",
            ])
    }

    @Test(arguments: [
        "ACCESS_MOCK_LOCATION", "ACCESS_LOCATION_EXTRA_COMMANDS", "INSTALL_LOCATION_PROVIDER",
    ])
    func locationProviderPermissionsImplyLocation(name: String) throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission(name),
            required: ["android.hardware.location"], notRequired: ["android.hardware.touchscreen"],
            implied: ["android.hardware.location: requested android.permission.\(name) permission"]
        )
    }

    @Test func severalPermissionsJoinTheirReasonsTheWayAaptPrintsThem() throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission("CHANGE_WIFI_STATE")
                + permission("ACCESS_WIFI_STATE") + permission("CHANGE_WIFI_MULTICAST_STATE"),
            required: ["android.hardware.wifi"], notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.wifi: requested android.permission.ACCESS_WIFI_STATE permission, requested android.permission.CHANGE_WIFI_MULTICAST_STATE permission, and requested android.permission.CHANGE_WIFI_STATE permission"
            ])
    }

    @Test func bluetoothPermissionsImplyBluetoothOnlyAboveTargetSDK4() throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission("BLUETOOTH_ADMIN"),
            required: ["android.hardware.bluetooth"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.bluetooth: requested android.permission.BLUETOOTH_ADMIN permission, and targetSdkVersion > 4"
            ])
        try expect(
            #"<uses-sdk android:minSdkVersion="3" android:targetSdkVersion="4"/>"# + Self.touchOff
                + permission("BLUETOOTH"),
            notRequired: ["android.hardware.touchscreen"])
    }

    @Test func theTargetSDKIsWhatAaptHasReadSoFar() throws {
        // aapt reads the manifest in order: a permission before <uses-sdk> sees target 0.
        try expect(
            Self.touchOff + permission("BLUETOOTH") + Self.sdk30
                + permission("ACCESS_FINE_LOCATION"),
            required: ["android.hardware.location"], notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_FINE_LOCATION permission"
            ])
    }

    @Test func aMissingUsesSDKIsTargetZeroAndTheOutputSaysSo() throws {
        let manifest = try expect(
            Self.touchOff + permission("ACCESS_FINE_LOCATION"),
            required: ["android.hardware.location", "android.hardware.location.gps"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_FINE_LOCATION permission",
                "android.hardware.location.gps: requested android.permission.ACCESS_FINE_LOCATION permission, and targetSdkVersion < 21",
            ])
        #expect(manifest.notes.first?.hasPrefix("targetSdkVersion 0: the manifest has no") == true)
    }

    @Test func minSDKAloneSetsTheTarget() throws {
        let manifest = try expect(
            #"<uses-sdk android:minSdkVersion="21"/>"# + Self.touchOff
                + permission("ACCESS_COARSE_LOCATION"),
            required: ["android.hardware.location"], notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.location: requested android.permission.ACCESS_COARSE_LOCATION permission"
            ])
        #expect(
            manifest.notes.first
                == "minSdkVersion 21 as read, no targetSdkVersion: aapt's target SDK is minSdkVersion, 21"
        )
    }

    @Test func recordAudioImpliesTheMicrophone() throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission("RECORD_AUDIO"),
            required: ["android.hardware.microphone"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.microphone: requested android.permission.RECORD_AUDIO permission"
            ])
    }

    @Test(arguments: [
        "CALL_PHONE", "CALL_PRIVILEGED", "MODIFY_PHONE_STATE", "PROCESS_OUTGOING_CALLS", "READ_SMS",
        "RECEIVE_SMS", "RECEIVE_MMS", "RECEIVE_WAP_PUSH", "SEND_SMS", "WRITE_APN_SETTINGS",
        "WRITE_SMS",
    ])
    func telephonyPermissionsImplyTelephonyWithOneReason(name: String) throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission(name),
            required: ["android.hardware.telephony"],
            notRequired: ["android.hardware.touchscreen"],
            implied: ["android.hardware.telephony: requested a telephony permission"])
    }

    @Test(arguments: ["com.example.permission.CAMERA", "CAMERA", "android.permission.INTERNET"])
    func onlyThePlatformsPermissionsImplyFeatures(name: String) throws {
        try expect(
            Self.touchOff + "<uses-permission android:name=\"\(name)\"/>",
            notRequired: ["android.hardware.touchscreen"])
    }

    @Test func faketouchIsImpliedWhenTheTouchscreenIsNotDeclared() throws {
        let manifest = try expect(
            Self.sdk30,
            required: ["android.hardware.faketouch"],
            implied: ["android.hardware.faketouch: default feature for all apps"])
        #expect(manifest.requirements.first?.source == .default)
    }

    @Test func aDeclaredTouchscreenEvenOptionalMeansNoFaketouch() throws {
        try expect(Self.sdk30 + Self.touchOff, notRequired: ["android.hardware.touchscreen"])
        try expect(
            Self.sdk30 + #"<uses-feature android:name="android.hardware.touchscreen.multitouch"/>"#,
            required: ["android.hardware.touchscreen", "android.hardware.touchscreen.multitouch"])
    }

    @Test func playsTouchscreenDefaultIsANoteNotARequirement() throws {
        let manifest = try load(Self.sdk30)
        #expect(!manifest.requirements.contains { $0.key == "android.hardware.touchscreen" })
        #expect(
            manifest.notes.contains {
                $0.hasPrefix("Google Play documents android.hardware.touchscreen as required")
            })
    }

    @Test func requiredChildFeaturesAddTheirParentsAsDeclared() throws {
        let manifest = try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="android.hardware.camera.flash"/>"#
                + #"<uses-feature android:name="android.hardware.location.network"/>"#
                + #"<uses-feature android:name="android.hardware.faketouch.multitouch.distinct"/>"#,
            required: [
                "android.hardware.camera", "android.hardware.camera.flash",
                "android.hardware.faketouch", "android.hardware.faketouch.multitouch",
                "android.hardware.faketouch.multitouch.distinct", "android.hardware.location",
                "android.hardware.location.network",
            ], notRequired: ["android.hardware.touchscreen"])
        let camera = try #require(
            manifest.requirements.first { $0.key == "android.hardware.camera" })
        #expect(camera.source == .android)
        #expect(camera.note?.hasPrefix("required by android.hardware.camera.flash") == true)
    }

    @Test func childrenAaptDoesNotKnowAddNoParents() throws {
        // aapt spells the jazzhand children `jazzhands`; telephony.gsm has no parent rule.
        try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="android.hardware.touchscreen.multitouch.jazzhand"/>"#
                + #"<uses-feature android:name="android.hardware.telephony.gsm"/>"#,
            required: [
                "android.hardware.telephony.gsm",
                "android.hardware.touchscreen.multitouch.jazzhand",
            ], notRequired: ["android.hardware.touchscreen"])
    }

    @Test func anOptionalChildAddsNoParent() throws {
        try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="android.hardware.camera.autofocus" android:required="false"/>"#,
            notRequired: ["android.hardware.camera.autofocus", "android.hardware.touchscreen"])
    }

    /// aapt2 (`DumpManifest.cpp` inserts into a map) keeps the first declaration of a name, a
    /// parent added by a required child included; Debian's aapt 1 kept the last. capcheck
    /// follows aapt2, Play's tool, and notes the duplicate; the oracle here is aapt2.
    @Test func theFirstDeclarationOfAFeatureWinsAsInAapt2() throws {
        let manifest = try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="android.hardware.wifi" android:required="false"/>"#
                + #"<uses-feature android:name="android.hardware.wifi"/>"#
                + #"<uses-feature android:name="android.hardware.camera.autofocus"/>"#
                + #"<uses-feature android:name="android.hardware.camera" android:required="false"/>"#
                + #"<uses-feature android:name="android.hardware.location" android:required="false"/>"#
                + #"<uses-feature android:name="android.hardware.location.gps"/>"#,
            required: [
                "android.hardware.camera", "android.hardware.camera.autofocus",
                "android.hardware.location.gps",
            ],
            notRequired: [
                "android.hardware.location", "android.hardware.touchscreen",
                "android.hardware.wifi",
            ],
            oracle: Aapt.aapt2)
        #expect(
            manifest.notes.contains {
                $0.hasPrefix("line 1: android.hardware.wifi is declared again (first at line 1)")
                    && $0.hasSuffix(
                        "the first declaration wins, as in aapt2's dump badging (Debian's aapt 1 keeps the last)"
                    )
            })
        #expect(
            manifest.notes.contains {
                $0.contains(
                    "android.hardware.camera is declared again (first at line 1, as the parent of android.hardware.camera.autofocus)"
                )
            })
    }

    @Test func aRequiredDuplicateStillAddsItsParentsAsInAapt2() throws {
        try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="android.hardware.camera.autofocus" android:required="false"/>"#
                + #"<uses-feature android:name="android.hardware.camera.autofocus"/>"#,
            required: ["android.hardware.camera"],
            notRequired: ["android.hardware.camera.autofocus", "android.hardware.touchscreen"],
            oracle: Aapt.aapt2)
    }

    @Test func aDeclaredFeatureSuppressesItsImpliedLine() throws {
        try expect(
            Self.sdk30 + Self.touchOff + permission("CAMERA")
                + #"<uses-feature android:name="android.hardware.camera" android:required="false"/>"#,
            notRequired: ["android.hardware.camera", "android.hardware.touchscreen"])
    }

    @Test func sdk23PermissionsImplyFeaturesMarkedSDK23UnlessAPlainOneAlsoDoes() throws {
        let manifest = try expect(
            Self.sdk30 + Self.touchOff + permission("SEND_SMS", "uses-permission-sdk-23")
                + permission("RECORD_AUDIO", "uses-permission-sdk-23") + permission("RECORD_AUDIO"),
            required: ["android.hardware.microphone", "android.hardware.telephony"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.microphone: requested android.permission.RECORD_AUDIO permission",
                "android.hardware.telephony (sdk-23): requested a telephony permission",
            ])
        let telephony = manifest.requirements.first { $0.key == "android.hardware.telephony" }
        #expect(telephony?.note?.contains("only on Android 6.0 and later") == true)
    }

    @Test func activityOrientationsImplyScreenOrientations() throws {
        try expect(
            Self.sdk30 + Self.touchOff
                + #"<application><activity android:name=".A" android:screenOrientation="sensorLandscape"/><activity android:name=".B" android:screenOrientation="reversePortrait"/><activity android:name=".C" android:screenOrientation="userPortrait"/></application>"#,
            required: ["android.hardware.screen.landscape", "android.hardware.screen.portrait"],
            notRequired: ["android.hardware.touchscreen"],
            implied: [
                "android.hardware.screen.landscape: one or more activities have specified a landscape orientation",
                "android.hardware.screen.portrait: one or more activities have specified a portrait orientation",
            ])
    }

    @Test func theHighestGLESVersionCountsAndTheExtensionPackRaisesItTo31() throws {
        let manifest = try load(
            Self.touchOff + #"<uses-feature android:glEsVersion="0x00020000"/>"#
                + #"<uses-feature android:name="android.hardware.opengles.aep"/>"#
                + #"<uses-feature android:glEsVersion="0x00010001"/>"#)
        #expect(Aapt.sets(manifest).glES == "0x30001")
        let gles = manifest.requirements.filter { $0.key.hasPrefix("android:glEsVersion") }
        #expect(gles.map { $0.target.label } == ["gpu.gles >= 3.1"])
    }

    @Test(arguments: ["0x0003000G", "three", "0", "-1"])
    func aGLESVersionThatIsNoNumberIsAWarningNotAnError(text: String) throws {
        let manifest = try load(
            Self.touchOff + "<uses-feature android:glEsVersion=\"\(text)\"/>")
        #expect(!manifest.requirements.contains { $0.key.hasPrefix("android:glEsVersion") })
        #expect(manifest.warnings.first?.contains("android:glEsVersion must be a number") == true)
    }

    @Test func featureGroupsTurnImpliedFeaturesOff() throws {
        let manifest = try load(
            Self.sdk30 + permission("CAMERA")
                + #"<feature-group android:label="a"><uses-feature android:name="android.hardware.camera.any"/></feature-group>"#
        )
        #expect(!manifest.requirements.contains { $0.source == .implied || $0.source == .default })
        #expect(manifest.notes.contains { $0.hasPrefix("1 <feature-group> element") })
    }

    @Test func anUnknownRequiredFeatureIsUnprobedAndAnOptionalOneListed() throws {
        let manifest = try expect(
            Self.sdk30 + Self.touchOff
                + #"<uses-feature android:name="com.example.scanner"/>"#
                + #"<uses-feature android:name="android.hardware.camera.autofocs" android:required="false"/>"#,
            required: ["com.example.scanner"],
            notRequired: ["android.hardware.camera.autofocs", "android.hardware.touchscreen"])
        #expect(
            manifest.requirements.first { $0.key == "com.example.scanner" }?.target
                == .unprobed("capcheck cannot probe com.example.scanner"))
        #expect(
            manifest.warnings == [
                "line 1: unknown feature 'android.hardware.camera.autofocs' (did you mean android.hardware.camera.autofocus?)",
                "line 1: feature 'com.example.scanner' is not one capcheck knows; it stays unknown",
            ])
        let verdicts = ManifestChecker().check(
            manifest, against: SyntheticMachines.report([]))
        #expect(
            verdicts.requirements.first { $0.key == "com.example.scanner" }?.verdict == .unknown)
        #expect(
            verdicts.requirements.first { $0.key == "android.hardware.camera.autofocs" }?.reason
                == "optional, unknown: capcheck cannot probe android.hardware.camera.autofocs")
    }

    @Test func aMalformedRequiredIsAWarningAndTakenAsTrue() throws {
        let manifest = try load(
            Self.touchOff
                + #"<uses-feature android:name="android.hardware.nfc" android:required="yes"/>"#)
        #expect(
            manifest.requirements.first { $0.key == "android.hardware.nfc" }?.wanted == .present)
        #expect(
            manifest.warnings
                == ["line 1: android:required must be true or false, not 'yes'; taken as true"])
    }

    @Test func sourceManifestsAsPeopleHaveThemAreRead() throws {
        // No package attribute (Gradle's namespace), tools: attributes and nodes, placeholders.
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"
                xmlns:tools="http://schemas.android.com/tools">
              <uses-sdk android:minSdkVersion="${minSdk}" tools:overrideLibrary="a.b"/>
              <uses-permission android:name="android.permission.CAMERA" tools:node="remove"/>
              <uses-permission android:name="${applicationId}.permission.C2D_MESSAGE"/>
              <uses-permission-sdk-23 android:name="android.permission.ACCESS_COARSE_LOCATION"/>
              <uses-feature android:name="android.hardware.touchscreen" android:required="false"
                  tools:replace="android:required"/>
              <uses-feature android:name="android.hardware.nfc" android:required="${nfcRequired}"/>
              <uses-feature android:name="${extraFeature}" android:required="false"/>
            </manifest>
            """
        let manifest = try ManifestLoader.load(data: Data(xml.utf8), path: "AndroidManifest.xml")
        var sets = Aapt.sets(manifest)
        sets.glES = nil
        #expect(
            sets
                == Aapt.FeatureSets(
                    required: [
                        "android.hardware.location", "android.hardware.location.network",
                        "android.hardware.nfc",
                    ],
                    notRequired: ["${extraFeature}", "android.hardware.touchscreen"],
                    implied: [
                        "android.hardware.location (sdk-23): requested android.permission.ACCESS_COARSE_LOCATION permission",
                        "android.hardware.location.network (sdk-23): requested android.permission.ACCESS_COARSE_LOCATION permission, and targetSdkVersion < 21",
                    ]))
        #expect(
            manifest.notes.contains(
                "line 3: minSdkVersion is the placeholder ${minSdk}"))
        #expect(
            manifest.notes.contains {
                $0.hasPrefix("line 4: <uses-permission> has tools:node=\"remove\"")
            })
        #expect(
            manifest.notes.contains(
                "line 5: permission name ${applicationId}.permission.C2D_MESSAGE comes from a placeholder"
            ))
        let nfc = manifest.requirements.first { $0.key == "android.hardware.nfc" }
        #expect(nfc?.note == "android:required is the placeholder ${nfcRequired}, taken as true")
        #expect(
            manifest.warnings.contains(
                "line 10: feature name ${extraFeature} is a build placeholder; the built app has the value"
            ))
    }

    @Test func attributesWithoutTheAndroidPrefixAreNotAaptsAttributes() throws {
        let manifest = try expect(
            Self.sdk30 + Self.touchOff + #"<uses-feature name="android.hardware.nfc"/>"#,
            notRequired: ["android.hardware.touchscreen"])
        #expect(
            manifest.warnings == [
                "line 1: <uses-feature> has neither android:name nor android:glEsVersion; ignored"
            ])
    }
}
