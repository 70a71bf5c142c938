@testable import CapabilityProbe
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
    /// PackageManager up to API 35, plus aapt's `faketouch.multitouch` parent (without
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
    ]

    @Test func catalogsEveryAppleKeyIncludingHistoricOnes() {
        #expect(Set(KeyCatalog.apple.keys) == Set(Self.appleKeys))
    }

    @Test func catalogsEveryAndroidHardwareFeature() {
        #expect(
            Set(KeyCatalog.android.keys)
                == Set(Self.androidFeatures.map { "android.hardware." + $0 }))
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
