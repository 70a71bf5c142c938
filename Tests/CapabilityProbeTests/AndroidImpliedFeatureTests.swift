import CapabilityProbe
import Foundation
import Testing

/// Play's implicit requirements (manifests.md §2.1, §2.3): permissions, child → parent
/// features, the Bluetooth SDK rule and the highest `glEsVersion`.
@Suite struct AndroidImpliedFeatureTests {
    /// A manifest with Play's two default features declared optional, so only what the test
    /// adds is implied.
    func manifest(_ body: String, sdk: String = "") throws -> Manifest {
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android">
              \(sdk)
              <uses-feature android:name="android.hardware.touchscreen" android:required="false"/>
              <uses-feature android:name="android.hardware.faketouch" android:required="false"/>
              \(body)
            </manifest>
            """
        return try ManifestLoader.load(data: Data(xml.utf8), path: "AndroidManifest.xml")
    }

    func implied(_ manifest: Manifest) -> [String] {
        manifest.requirements.filter { $0.source == .implied }.map {
            "\($0.key) [\($0.note ?? "")]"
        }
    }

    @Test(arguments: [
        ("BLUETOOTH", ["android.hardware.bluetooth"]),
        ("BLUETOOTH_ADMIN", ["android.hardware.bluetooth"]),
        ("CAMERA", ["android.hardware.camera", "android.hardware.camera.autofocus"]),
        ("ACCESS_MOCK_LOCATION", ["android.hardware.location"]),
        ("ACCESS_LOCATION_EXTRA_COMMANDS", ["android.hardware.location"]),
        ("INSTALL_LOCATION_PROVIDER", ["android.hardware.location"]),
        (
            "ACCESS_COARSE_LOCATION",
            ["android.hardware.location", "android.hardware.location.network"]
        ),
        ("ACCESS_FINE_LOCATION", ["android.hardware.location", "android.hardware.location.gps"]),
        ("RECORD_AUDIO", ["android.hardware.microphone"]),
        ("CALL_PHONE", ["android.hardware.telephony"]),
        ("CALL_PRIVILEGED", ["android.hardware.telephony"]),
        ("MODIFY_PHONE_STATE", ["android.hardware.telephony"]),
        ("PROCESS_OUTGOING_CALLS", ["android.hardware.telephony"]),
        ("READ_SMS", ["android.hardware.telephony"]),
        ("RECEIVE_SMS", ["android.hardware.telephony"]),
        ("RECEIVE_MMS", ["android.hardware.telephony"]),
        ("RECEIVE_WAP_PUSH", ["android.hardware.telephony"]),
        ("SEND_SMS", ["android.hardware.telephony"]),
        ("WRITE_APN_SETTINGS", ["android.hardware.telephony"]),
        ("WRITE_SMS", ["android.hardware.telephony"]),
        ("ACCESS_WIFI_STATE", ["android.hardware.wifi"]),
        ("CHANGE_WIFI_STATE", ["android.hardware.wifi"]),
        ("CHANGE_WIFI_MULTICAST_STATE", ["android.hardware.wifi"]),
    ])
    func everyPermissionOfTheTableImpliesItsFeaturesWithAnAaptReason(
        permission: String, features: [String]
    ) throws {
        // Target API 20 keeps the location.gps/network rows (they stop at API 21).
        let result = try manifest(
            "<uses-permission android:name=\"android.permission.\(permission)\"/>",
            sdk: "<uses-sdk android:minSdkVersion=\"20\" android:targetSdkVersion=\"20\"/>")
        let reason = "requested android.permission.\(permission) permission"
        #expect(
            implied(result).map { String($0.prefix { $0 != " " }) } == features)
        for requirement in result.requirements where requirement.source == .implied {
            #expect(requirement.note?.hasPrefix(reason) == true)
            #expect(requirement.wanted == .present)
        }
    }

    @Test(arguments: [
        ("<uses-sdk android:minSdkVersion=\"4\" android:targetSdkVersion=\"4\"/>", false),
        ("<uses-sdk android:minSdkVersion=\"5\" android:targetSdkVersion=\"4\"/>", true),
        ("<uses-sdk android:minSdkVersion=\"3\" android:targetSdkVersion=\"5\"/>", true),
        ("<uses-sdk android:minSdkVersion=\"3\"/>", true),
    ])
    func bluetoothPermissionImpliesBluetoothOnlyFromSDK5(sdk: String, implies: Bool) throws {
        let result = try manifest(
            "<uses-permission android:name=\"android.permission.BLUETOOTH\"/>", sdk: sdk)
        #expect(
            implied(result)
                == (implies
                    ? [
                        "android.hardware.bluetooth [requested android.permission.BLUETOOTH permission]"
                    ]
                    : []))
    }

    @Test func childFeaturesImplyTheirParentsStepByStep() throws {
        let result = try manifest(
            """
            <uses-feature android:name="android.hardware.touchscreen.multitouch.jazzhand"/>
            <uses-feature android:name="android.hardware.telephony.gsm"/>
            <uses-feature android:name="android.hardware.location.network"/>
            """)
        #expect(
            implied(result) == [
                "android.hardware.touchscreen.multitouch.distinct [implied by android.hardware.touchscreen.multitouch.jazzhand]",
                "android.hardware.telephony [implied by android.hardware.telephony.gsm]",
                "android.hardware.location [implied by android.hardware.location.network]",
                "android.hardware.touchscreen.multitouch [implied by android.hardware.touchscreen.multitouch.distinct]",
            ])
        // touchscreen itself is declared optional here, so the chain stops below it.
        #expect(!implied(result).contains { $0.hasPrefix("android.hardware.touchscreen ") })
    }

    @Test func parentDeclaredOptionalDropsTheImplication() throws {
        let result = try manifest(
            """
            <uses-permission android:name="android.permission.ACCESS_FINE_LOCATION"/>
            <uses-feature android:name="android.hardware.location.gps"/>
            <uses-feature android:name="android.hardware.location" android:required="false"/>
            """)
        #expect(implied(result).isEmpty)
        #expect(
            result.requirements.first { $0.key == "android.hardware.location" }?.wanted == .optional
        )
    }

    @Test func optionalChildImpliesNoParent() throws {
        let result = try manifest(
            "<uses-feature android:name=\"android.hardware.telephony.cdma\" android:required=\"false\"/>"
        )
        #expect(implied(result).isEmpty)
    }

    @Test(arguments: ["com.example.permission.CAMERA", "CAMERA", "android.permission.INTERNET"])
    func onlyPlatformPermissionsFromTheTableImplyFeatures(permission: String) throws {
        let result = try manifest("<uses-permission android:name=\"\(permission)\"/>")
        #expect(implied(result).isEmpty)
    }

    @Test func onlyTheHighestGLESVersionCounts() throws {
        let result = try manifest(
            """
            <uses-feature android:glEsVersion="0x00020000"/>
            <uses-feature android:glEsVersion="0x00030001"/>
            <uses-feature android:glEsVersion="0x00010001"/>
            """)
        let gles = result.requirements.filter { $0.key.hasPrefix("android:glEsVersion") }
        #expect(gles.map(\.key) == ["android:glEsVersion=0x00030001"])
        #expect(gles.first?.target.label == "gpu.gles >= 3.1")
    }

    @Test(arguments: ["0x0003000G", "three", "0", "-1"])
    func rejectsAGLESVersionThatIsNoNumber(text: String) {
        #expect(throws: ManifestError.self) {
            try manifest("<uses-feature android:glEsVersion=\"\(text)\"/>")
        }
    }

    @Test func defaultsAreAddedWithThePlayReason() throws {
        let xml = "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android\"/>"
        let result = try ManifestLoader.load(data: Data(xml.utf8), path: "AndroidManifest.xml")
        #expect(
            result.requirements.map { "\($0.key) \($0.source.rawValue) \($0.note ?? "")" } == [
                "android.hardware.touchscreen default default feature for all apps",
                "android.hardware.faketouch default default feature for all apps; emulated touch: a touchscreen or a pointing device (mouse, touchpad) counts",
            ])
    }
}
