import CapabilityModel

/// Every Apple `UIRequiredDeviceCapabilities` key (current and historic), every Android
/// hardware feature, and capcheck's own ids, mapped to what capcheck checks on Linux
/// (manifests.md §1.2, §2.2, §4).
public enum KeyCatalog {
    private static func na(_ reason: String) -> CatalogEntry {
        CatalogEntry(.notApplicable(reason))
    }

    private static func predicate(
        _ subject: PredicateSubject, _ comparison: ComparisonOperator, _ value: PredicateValue,
        _ note: String? = nil
    ) -> CatalogEntry {
        CatalogEntry(
            .predicate(Predicate(subject: subject, comparison: comparison, value: value)),
            note: note)
    }

    /// Apple `UIRequiredDeviceCapabilities` keys: the ones that mean one id come from the
    /// table (``CapabilityID/Definition/appleKeys``), the rest are ``appleBeyondIDs``.
    package static let apple: [String: CatalogEntry] = appleBeyondIDs.merging(
        fromDefinitions(\.appleKeys)
    ) { beyond, _ in beyond }

    /// Apple keys that are not one id: no Linux meaning, or a predicate.
    package static let appleBeyondIDs: [String: CatalogEntry] = [
        "arkit": na(
            "Apple AR framework (A9 chip with camera and motion sensors); no Linux meaning"),
        "driverkit": na("Apple user-space driver framework on M1 iPads; no Linux meaning"),
        "embedded-web-browser-engine": na("EU/Japan browser-engine entitlement; no Linux meaning"),
        "web-browser-engine": na("EU browser-engine entitlement; no Linux meaning"),
        "gamekit": na("Game Center account service; no Linux meaning"),
        "healthkit": na("HealthKit, now an iPhone-only marker; no Linux meaning"),
        "ipad-minimum-performance-m1": na(
            "Apple chip performance tier; state a numeric threshold instead"),
        "iphone-ipad-minimum-performance-a12": na(
            "Apple chip performance tier; state a numeric threshold instead"),
        "iphone-performance-gaming-tier": na(
            "Apple chip performance tier; state a numeric threshold instead"),
        "metal": na(
            "Apple GPU API; no Linux meaning (gpu.vulkan is an explicit proxy you may require)"),
        "opengles-1": predicate(.glesVersion, .atLeast, .version([1, 1])),
        "opengles-2": predicate(.glesVersion, .atLeast, .version([2, 0])),
        "opengles-3": predicate(.glesVersion, .atLeast, .version([3, 0])),
        "watch-companion": na("historic watchOS 1 value; no Linux meaning"),
    ]

    private static let cddLevel = "Android CDD certification; no Linux meaning"
    private static let cameraHAL = "Android camera2 HAL capability level; no Linux meaning"
    private static let keystore = "Android keystore or identity-credential HAL; no Linux meaning"
    private static let formFactor =
        "Android device type; capcheck checks hardware, not form factors"

    /// Android `<uses-feature>` hardware names (the `android.hardware.` prefix included): the
    /// ones that mean one id come from the table (``CapabilityID/Definition/androidFeatures``
    /// and ``CapabilityID/Definition/manifestOnlyAndroidFeatures``), the rest are
    /// ``androidBeyondIDs``.
    package static let android: [String: CatalogEntry] = androidBeyondIDs.merging(
        fromDefinitions { $0.androidFeatures + $0.manifestOnlyAndroidFeatures }
    ) { beyond, _ in beyond }

    /// Android hardware features that are not one id: no Linux meaning, a predicate, or
    /// alternatives.
    package static let androidBeyondIDs: [String: CatalogEntry] = {
        let short: [String: CatalogEntry] = [
            "audio.low_latency": na(cddLevel),
            "audio.pro": na(cddLevel),
            "camera.capability.manual_post_processing": na(cameraHAL),
            "camera.capability.manual_sensor": na(cameraHAL),
            "camera.capability.raw": na(cameraHAL),
            "camera.level.full": na(cameraHAL),
            "camera.ar": na("ARCore camera support; no Linux meaning"),
            "type.automotive": na(formFactor),
            "type.television": na(formFactor),
            "type.watch": na(formFactor),
            "type.pc": na(formFactor),
            "nfc.hce": na("NFC host card emulation has no common Linux interface"),
            "opengles.aep": predicate(
                .glesVersion, .atLeast, .version([3, 2]),
                "the Android Extension Pack is about OpenGL ES 3.2"),
            "sensor.hifi_sensors": na(cddLevel),
            "sensor.heartrate": na("heart-rate sensors have no common Linux interface"),
            "sensor.heartrate.ecg": na("ECG sensors have no common Linux interface"),
            "faketouch": CatalogEntry(
                .anyOf([.inputTouchscreen, .inputPointer]),
                note: "emulated touch: a touchscreen or a pointing device (mouse, touchpad) counts"),
            "faketouch.multitouch": predicate(
                .touchscreenPoints, .atLeast, .number(2),
                "aapt adds this parent of the faketouch multi-touch features; a touchscreen with 2 points counts"
            ),
            "faketouch.multitouch.distinct": predicate(
                .touchscreenPoints, .atLeast, .number(2),
                "emulated multi-touch from a touchpad is not probed; a touchscreen with 2 points counts"
            ),
            "faketouch.multitouch.jazzhand": predicate(
                .touchscreenPoints, .atLeast, .number(5),
                "emulated multi-touch from a touchpad is not probed; a touchscreen with 5 points counts"
            ),
            "touchscreen.multitouch": predicate(.touchscreenPoints, .atLeast, .number(2)),
            "touchscreen.multitouch.distinct": predicate(.touchscreenPoints, .atLeast, .number(2)),
            "touchscreen.multitouch.jazzhand": predicate(.touchscreenPoints, .atLeast, .number(5)),
            // The rest of PackageManager's FEATURE_* hardware names up to API 36 (Android 16),
            // the hidden and system-API ones included (KeyCatalogTests holds the list read).
            "audio.spatial.headtracking.low_latency": na(cddLevel),
            "biometrics.face": na("face authentication has no common Linux interface"),
            "broadcastradio": na("broadcast (AM/FM) radio tuners are not probed"),
            "biometrics.iris": na("iris authentication has no common Linux interface"),
            "bluetooth_le.channel_sounding": na(
                "Bluetooth LE channel sounding is not reported by Linux controllers"),
            "camera.concurrent": na(cameraHAL),
            "context_hub": na("Android sensor hub (CHRE); no Linux meaning"),
            "device_unique_attestation": na(keystore),
            "hdmi.cec": na("HDMI-CEC adapters are not probed"),
            "hardware_keystore": na(keystore),
            "identity_credential": na(keystore),
            "identity_credential_direct_access": na(keystore),
            "keystore.app_attest_key": na(keystore),
            "keystore.limited_use_key": na(keystore),
            "keystore.single_use_key": na(keystore),
            "strongbox_keystore": na(keystore),
            "reboot_escrow": na("Android reboot-escrow HAL; no Linux meaning"),
            "lowpan": na("LoWPAN (IEEE 802.15.4) radios are not probed"),
            "security.model.compatible": na(cddLevel),
            "nfc.charging": na("NFC wireless charging has no common Linux interface"),
            "nfc.ese": na("NFC secure elements have no common Linux interface"),
            "nfc.hcef": na("NFC host card emulation has no common Linux interface"),
            "nfc.uicc": na("NFC secure elements have no common Linux interface"),
            "se.omapi.ese": na("secure element API (OMAPI); no Linux meaning"),
            "se.omapi.sd": na("secure element API (OMAPI); no Linux meaning"),
            "se.omapi.uicc": na("secure element API (OMAPI); no Linux meaning"),
            "ram.low": na("Android low-RAM device class; state memory.total instead"),
            "ram.normal": na("Android RAM device class; state memory.total instead"),
            "rotaryencoder.lowres": na(
                "a watch's rotating bezel is not told apart from other Linux input devices"),
            "sensor.assist": na("assist-gesture (squeeze) sensors have no common Linux interface"),
            "sensor.dynamic.head_tracker": na(
                "head trackers in headsets have no common Linux interface"),
            "telephony.carrierlock": na(
                "carrier restriction is a carrier service; no Linux meaning"),
            "telephony.euicc": na("eSIM management has no common Linux interface"),
            "telephony.euicc.mep": na("eSIM management has no common Linux interface"),
            "telephony.ims": na("IMS is a carrier service; no Linux meaning"),
            "telephony.ims.singlereg": na("IMS is a carrier service; no Linux meaning"),
            "telephony.mbms": na("broadcast (MBMS) is a carrier service; no Linux meaning"),
            "telephony.satellite": na("satellite messaging is a carrier service; no Linux meaning"),
            "thread_network": na("Thread radios have no common Linux interface yet"),
            "tv.tuner": na("TV tuners are not probed"),
            "type.embedded": na(formFactor),
            "vr.headtracking": na("VR head tracking has no common Linux interface"),
            "vr.high_performance": na(cddLevel),
            "xr.input.controller": na("XR controllers have no common Linux interface"),
            "xr.input.eye_tracking": na("XR eye tracking has no common Linux interface"),
            "xr.input.hand_tracking": na("XR hand tracking has no common Linux interface"),
        ]
        var all: [String: CatalogEntry] = [:]
        for (name, entry) in short { all["android.hardware." + name] = entry }
        return all
    }()

    /// The keys of every id's definition, each mapped to its id with the table's note.
    /// - Parameter keys: Which keys of a definition.
    /// - Returns: Key → entry; a key two ids claim keeps the first in declaration order
    ///   (`CapabilityIDTableTests` fails on it).
    private static func fromDefinitions(_ keys: (CapabilityID.Definition) -> [String])
        -> [String: CatalogEntry]
    {
        var entries: [String: CatalogEntry] = [:]
        for id in CapabilityID.allCases {
            let definition = id.definition
            for key in keys(definition) where entries[key] == nil {
                entries[key] = CatalogEntry(.capability(id), note: definition.keyNotes[key])
            }
        }
        return entries
    }

    /// The `android.software.` prefix: OS services, not hardware.
    static let androidSoftwarePrefix = "android.software."

    /// Every id a native manifest or an assumed fact may name: the probers' ids and the
    /// crosswalk's further ids (``CapabilityID``), sorted.
    public static let nativeIDs: [String] = CapabilityID.allCases.map(\.rawValue).sorted()

    /// The entry for an Apple key.
    /// - Parameter key: The key as written.
    /// - Returns: The entry, if the key is known.
    static func appleEntry(_ key: String) -> CatalogEntry? { apple[key] }

    /// The entry for an Android feature name.
    /// - Parameter name: The full name (`android.hardware.camera`).
    /// - Returns: The entry, if known; `android.software.*` names are not applicable.
    static func androidEntry(_ name: String) -> CatalogEntry? {
        if let entry = android[name] { return entry }
        // PackageManager.FEATURE_NFC_BEAM really is spelled `sofware`.
        if name == "android.sofware.nfc.beam" {
            return na("Android Beam, a software feature; out of scope for a hardware check")
        }
        if name.hasPrefix(androidSoftwarePrefix), name.count > androidSoftwarePrefix.count {
            return na("Android software feature (an OS service); out of scope for a hardware check")
        }
        return nil
    }

    /// The most "did you mean" suggestions one document gets (later unknown names are
    /// reported without one).
    package static let maximumSuggestions = 20

    /// How many keys of an Info.plist or JSON manifest get "did you mean" when unknown (real
    /// ones have a few dozen; later keys of a document listing thousands get none).
    package static let suggestedKeys = 200

    /// The known Android feature nearest to an unknown name, only when it is close enough
    /// to be a typo (a vendor's own name such as `com.example.scanner` gets none).
    /// - Parameter name: The unknown name.
    /// - Returns: The suggestion.
    static func closeAndroidFeature(to name: String) -> String? {
        // A doubled or stray prefix (`android.hardware.android.hardware.bluetooth_le`).
        if let suffix = dottedAndroidFeatures.filter({ name.hasSuffix($0) }).max(by: {
            $0.count < $1.count
        }) {
            return String(suffix.dropFirst())
        }
        // Closer than other vocabularies' suggestions: feature names are long and vendors
        // invent their own.
        return androidVocabulary.nearest(name, within: max(2, name.count / 12))
    }

    /// The entry for a native id (no predicate).
    /// - Parameter id: The id.
    /// - Returns: The entry, if the id is known.
    static func nativeEntry(_ id: String) -> CatalogEntry? {
        CapabilityID(rawValue: id).map { CatalogEntry(.capability($0)) }
    }

    /// The nearest valid key of a kind's vocabulary, for "did you mean …?".
    /// - Parameters:
    ///   - key: What was written.
    ///   - kind: Which vocabulary: the one its ``ManifestFormat`` suggests from.
    /// - Returns: The suggestion.
    package static func suggestion(for key: String, kind: ManifestKind) -> String? {
        ManifestFormats.format(of: kind)?.suggestion(for: key)
    }

    /// The nearest Apple key, for an Info.plist.
    /// - Parameter key: What was written.
    /// - Returns: The suggestion.
    static func nearestAppleKey(to key: String) -> String? { appleVocabulary.nearest(key) }

    /// The nearest Android feature, for an AndroidManifest.xml.
    /// - Parameter key: What was written.
    /// - Returns: The suggestion.
    static func nearestAndroidKey(to key: String) -> String? {
        androidVocabulary.nearest(key)
    }

    /// For a native JSON manifest: the id an Apple key or Android feature means, else the
    /// nearest id or predicate subject.
    /// - Parameter key: What was written.
    /// - Returns: The suggestion.
    static func nearestNativeKey(to key: String) -> String? {
        if let entry = apple[key] ?? androidEntry(key), let label = entry.target.label {
            return label
        }
        return jsonVocabulary.nearest(key)
    }

    /// The Apple keys, Android features and JSON keys, prepared once for suggestions.
    private static let appleVocabulary = EditDistance.Vocabulary(apple.keys.sorted())
    private static let androidVocabulary = EditDistance.Vocabulary(android.keys.sorted())
    /// Every Android feature after a dot, for the doubled-prefix check.
    private static let dottedAndroidFeatures = android.keys.map { "." + $0 }
    private static let jsonVocabulary = EditDistance.Vocabulary(
        nativeIDs + PredicateSubject.allCases.map(\.rawValue))
}

/// What one Apple key or Android feature means on Linux.
package struct CatalogEntry: Sendable, Hashable {
    /// The capability, alternatives, predicate, or why it has no Linux meaning.
    package var target: RequirementTarget
    /// A note shown with every requirement made from this key (semantic shifts, proxies).
    package var note: String?

    /// Creates an entry.
    /// - Parameters:
    ///   - target: What the key is checked against.
    ///   - note: A note shown with it.
    init(_ target: RequirementTarget, note: String? = nil) {
        self.target = target
        self.note = note
    }
}
