@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityModel
@testable import CapabilityProbing
import Testing

@Suite struct KeyCatalogTests {
    /// Every key of manifests.md §1.2, current and historic.
    static let appleKeys = [
        "accelerometer", "arkit", "armv6", "armv7", "arm64", "arm64e", "auto-focus-camera",
        "bluetooth-le",
        "camera-flash", "driverkit", "embedded-web-browser-engine", "web-browser-engine",
        "front-facing-camera",
        "gamekit", "gps", "gyroscope", "healthkit", "ipad-minimum-performance-m1",
        "iphone-ipad-minimum-performance-a12", "iphone-performance-gaming-tier",
        "location-services",
        "magnetometer", "metal", "microphone", "nfc", "opengles-1", "opengles-2", "opengles-3",
        "peer-peer",
        "sms", "still-camera", "telephony", "video-camera", "wifi", "watch-companion",
    ]

    /// Every hardware feature of manifests.md §2.2 and every further hardware `FEATURE_*` of
    /// PackageManager up to API 36, plus aapt's `faketouch.multitouch` parent (without
    /// `android.hardware.`).
    static let androidFeatures = [
        "audio.low_latency", "audio.output", "audio.pro", "microphone", "bluetooth", "bluetooth_le",
        "camera.any",
        "camera", "camera.front", "camera.external", "camera.autofocus", "camera.flash",
        "camera.capability.manual_post_processing", "camera.capability.manual_sensor",
        "camera.capability.raw",
        "camera.level.full", "camera.ar", "type.automotive", "type.television", "type.watch",
        "type.pc",
        "fingerprint", "gamepad", "consumerir", "location", "location.gps", "location.network",
        "nfc", "nfc.hce",
        "opengles.aep", "vulkan.compute", "vulkan.level", "vulkan.version", "sensor.accelerometer",
        "sensor.ambient_temperature", "sensor.barometer", "sensor.compass", "sensor.gyroscope",
        "sensor.hifi_sensors", "sensor.heartrate", "sensor.heartrate.ecg", "sensor.light",
        "sensor.proximity",
        "sensor.relative_humidity", "sensor.stepcounter", "sensor.stepdetector", "screen.landscape",
        "screen.portrait", "telephony", "telephony.cdma", "telephony.gsm", "faketouch",
        "faketouch.multitouch.distinct", "faketouch.multitouch.jazzhand", "touchscreen",
        "touchscreen.multitouch",
        "touchscreen.multitouch.distinct", "touchscreen.multitouch.jazzhand", "usb.accessory",
        "usb.host", "wifi",
        "wifi.direct",
        "faketouch.multitouch", "audio.spatial.headtracking.low_latency", "biometrics.face",
        "biometrics.iris", "bluetooth_le.channel_sounding", "camera.concurrent", "context_hub",
        "ethernet", "hardware_keystore", "identity_credential", "identity_credential_direct_access",
        "keystore.app_attest_key", "keystore.limited_use_key", "keystore.single_use_key",
        "strongbox_keystore", "security.model.compatible", "nfc.any", "nfc.ese", "nfc.hcef",
        "nfc.uicc", "se.omapi.ese", "se.omapi.sd", "se.omapi.uicc", "ram.low", "ram.normal",
        "sensor.accelerometer_limited_axes", "sensor.accelerometer_limited_axes_uncalibrated",
        "sensor.gyroscope_limited_axes", "sensor.gyroscope_limited_axes_uncalibrated",
        "sensor.dynamic.head_tracker", "sensor.heading", "sensor.hinge_angle",
        "telephony.calling", "telephony.data", "telephony.euicc", "telephony.euicc.mep",
        "telephony.ims", "telephony.ims.singlereg", "telephony.mbms", "telephony.messaging",
        "telephony.radio.access", "telephony.subscription", "thread_network", "type.embedded",
        "uwb", "vr.headtracking", "vr.high_performance", "wifi.aware", "wifi.passpoint", "wifi.rtt",
        "broadcastradio", "device_unique_attestation", "felica", "hdmi.cec", "lowpan",
        "nfc.charging", "reboot_escrow", "rotaryencoder.lowres", "sensor.assist",
        "telephony.carrierlock", "telephony.satellite", "tv.tuner", "xr.input.controller",
        "xr.input.eye_tracking", "xr.input.hand_tracking",
    ]

    /// Every distinct `android.hardware.*` value of a `public static final String FEATURE_*`
    /// in `core/java/android/content/pm/PackageManager.java`, in the file's order: public,
    /// `@SystemApi`, `@TestApi` and `@hide` ones alike (127 constants; `FEATURE_NFC_HCE` and
    /// `FEATURE_NFC_HOST_CARD_EMULATION` share `nfc.hce`). Read from the API 36 (Android 16,
    /// 2025) SDK sources, `android-36/src/android/content/pm/PackageManager.java` as mirrored
    /// in Reginer/aosp-android-jar at commit 5afb712d; the Android 15 tree
    /// (GrapheneOS/platform_frameworks_base-15, commit 6917eb12) has the same list less
    /// `bluetooth_le.channel_sounding` and the three `xr.input.*`, which API 36 added.
    static let packageManagerHardwareFeatures = [
        "audio.low_latency", "audio.output", "audio.pro", "audio.spatial.headtracking.low_latency",
        "bluetooth", "bluetooth_le", "bluetooth_le.channel_sounding", "camera",
        "camera.autofocus", "camera.any", "camera.external", "camera.flash", "camera.front",
        "camera.level.full", "camera.capability.manual_sensor",
        "camera.capability.manual_post_processing", "camera.capability.raw", "camera.ar",
        "camera.concurrent", "consumerir", "context_hub", "identity_credential",
        "identity_credential_direct_access", "location", "location.gps", "location.network",
        "felica", "ram.low", "ram.normal", "microphone", "nfc", "nfc.hce", "nfc.hcef", "nfc.uicc",
        "nfc.ese", "nfc.charging", "nfc.any", "se.omapi.uicc", "se.omapi.ese", "se.omapi.sd",
        "security.model.compatible", "opengles.aep", "vulkan.level", "vulkan.compute",
        "vulkan.version", "broadcastradio", "sensor.accelerometer", "sensor.barometer",
        "sensor.compass", "sensor.gyroscope", "sensor.accelerometer_limited_axes",
        "sensor.gyroscope_limited_axes", "sensor.accelerometer_limited_axes_uncalibrated",
        "sensor.gyroscope_limited_axes_uncalibrated", "sensor.light", "sensor.proximity",
        "sensor.stepcounter", "sensor.stepdetector", "sensor.heartrate", "sensor.heartrate.ecg",
        "sensor.relative_humidity", "sensor.ambient_temperature", "sensor.hinge_angle",
        "sensor.heading", "sensor.dynamic.head_tracker", "sensor.hifi_sensors", "sensor.assist",
        "telephony", "telephony.cdma", "telephony.gsm", "telephony.carrierlock",
        "telephony.euicc", "telephony.euicc.mep", "telephony.mbms", "telephony.ims",
        "telephony.ims.singlereg", "telephony.calling", "telephony.data", "telephony.messaging",
        "telephony.radio.access", "telephony.satellite", "telephony.subscription",
        "thread_network", "uwb", "usb.host", "usb.accessory", "touchscreen",
        "touchscreen.multitouch", "touchscreen.multitouch.distinct",
        "touchscreen.multitouch.jazzhand", "faketouch", "faketouch.multitouch.distinct",
        "faketouch.multitouch.jazzhand", "fingerprint", "biometrics.face", "biometrics.iris",
        "screen.portrait", "screen.landscape", "wifi", "wifi.direct", "wifi.aware",
        "wifi.passpoint", "wifi.rtt", "lowpan", "type.automotive", "type.television",
        "type.watch", "type.embedded", "type.pc", "ethernet", "hdmi.cec", "gamepad",
        "vr.high_performance", "vr.headtracking", "hardware_keystore", "strongbox_keystore",
        "device_unique_attestation", "reboot_escrow", "tv.tuner", "keystore.single_use_key",
        "keystore.limited_use_key", "keystore.app_attest_key", "rotaryencoder.lowres",
        "xr.input.controller", "xr.input.hand_tracking", "xr.input.eye_tracking",
    ]

    @Test func catalogsEveryAppleKeyIncludingHistoricOnes() {
        #expect(Set(KeyCatalog.apple.keys) == Set(Self.appleKeys))
    }

    @Test func catalogsEveryAndroidHardwareFeature() {
        #expect(
            Set(KeyCatalog.android.keys)
                == Set(Self.androidFeatures.map { "android.hardware." + $0 }))
    }

    @Test func knowsEveryHardwareFeatureOfPackageManager() {
        #expect(Self.packageManagerHardwareFeatures.count == 126)
        #expect(Set(Self.packageManagerHardwareFeatures).count == 126)
        let catalog = Set(KeyCatalog.android.keys)
        let defined = Set(Self.packageManagerHardwareFeatures.map { "android.hardware." + $0 })
        #expect(
            defined.subtracting(catalog).isEmpty,
            "missing: \(defined.subtracting(catalog).sorted())")
        // Every other name is a typo unless a tool the world trusts uses it: aapt adds
        // `faketouch.multitouch` as the parent of the faketouch multi-touch features.
        #expect(catalog.subtracting(defined) == ["android.hardware.faketouch.multitouch"])
        // PackageManager really spells Android Beam's feature `android.sofware.nfc.beam`.
        #expect(KeyCatalog.androidEntry("android.sofware.nfc.beam")?.target.label == nil)
        #expect(KeyCatalog.androidEntry("android.sofware.nfc.beam") != nil)
    }

    @Test(
        arguments: [
            ("android.hardware.felica", "nfc"), ("android.hardware.tv.tuner", nil),
            ("android.hardware.xr.input.hand_tracking", nil), ("android.hardware.hdmi.cec", nil),
        ] as [(String, String?)])
    func mapsThePackageManagerFeaturesTheCatalogLacked(name: String, label: String?) throws {
        let entry = try #require(KeyCatalog.androidEntry(name))
        if let label {
            #expect(entry.target.label == label)
        } else if case .notApplicable(let reason) = entry.target {
            #expect(!reason.isEmpty)
        } else {
            Issue.record("\(name) should be not-applicable")
        }
    }

    @Test(arguments: [
        "metal", "arkit", "gamekit", "healthkit", "driverkit", "iphone-performance-gaming-tier",
        "ipad-minimum-performance-m1", "iphone-ipad-minimum-performance-a12", "web-browser-engine",
        "embedded-web-browser-engine", "watch-companion",
    ])
    func appleKeysWithoutLinuxMeaningAreNotApplicable(key: String) {
        guard case .notApplicable(let reason)? = KeyCatalog.appleEntry(key)?.target else {
            Issue.record("\(key) should be not-applicable")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test(arguments: [
        ("android.hardware.camera", "camera.back"), ("android.hardware.camera.any", "camera.any"),
        ("android.hardware.telephony", "cellular"), ("android.hardware.location", "location.any"),
        ("android.hardware.location.gps", "location.gnss"),
        ("android.hardware.touchscreen.multitouch.distinct", "input.touchscreen.points >= 2"),
        ("android.hardware.touchscreen.multitouch.jazzhand", "input.touchscreen.points >= 5"),
        ("android.hardware.faketouch", "input.touchscreen|input.pointer"),
        ("android.hardware.opengles.aep", "gpu.gles >= 3.2"),
    ])
    func mapsAndroidFeatures(name: String, label: String) {
        #expect(KeyCatalog.androidEntry(name)?.target.label == label)
    }

    @Test(arguments: [
        ("telephony", "cellular"), ("sms", "cellular.sms"), ("location-services", "location.any"),
        ("gps", "location.gnss"),
        ("armv7", "cpu.arch.armv7"), ("arm64", "cpu.arch.arm64"), ("peer-peer", "bluetooth"),
        ("opengles-2", "gpu.gles >= 2.0"),
    ])
    func mapsAppleKeys(key: String, label: String) {
        #expect(KeyCatalog.appleEntry(key)?.target.label == label)
    }

    @Test func softwareFeaturesAreNotApplicable() {
        #expect(KeyCatalog.androidEntry("android.software.leanback")?.target.label == nil)
        #expect(KeyCatalog.androidEntry("android.software.leanback") != nil)
        #expect(KeyCatalog.androidEntry("android.hardware.teleport") == nil)
    }

    @Test(arguments: [
        ("armv64", ManifestKind.plist, "arm64"), ("gyroscop", .plist, "gyroscope"),
        ("android.hardware.camera.autofocs", .android, "android.hardware.camera.autofocus"),
        ("camera.fornt", .json, "camera.front"), ("telephony", .json, "cellular"),
    ])
    func suggestsTheNearestValidKey(key: String, kind: ManifestKind, suggestion: String) {
        #expect(KeyCatalog.suggestion(for: key, kind: kind) == suggestion)
    }

    @Test func everyUnprobedIdIsThereBecauseACatalogKeyNamesIt() {
        let ids = (KeyCatalog.apple.values.map(\.target) + KeyCatalog.android.values.map(\.target))
            .flatMap(\.capabilityIDs)
        let unprobed = Set(CapabilityID.allCases.filter { !$0.isProbed })
        #expect(unprobed.subtracting(ids).isEmpty, "\(unprobed.subtracting(ids))")
        #expect(KeyCatalog.nativeIDs == CapabilityID.allCases.map(\.rawValue).sorted())
    }
}
