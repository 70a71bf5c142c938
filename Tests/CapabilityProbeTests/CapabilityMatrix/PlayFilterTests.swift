import CapabilityProbe
import Foundation
import Testing

@testable import CapabilityManifest
@testable import CapabilityMatrix

/// Play's filters beside the features, one rule at a time, on devices made for the test:
/// the SDK range (a model of several SDK levels eligible when one qualifies), native
/// platforms, shared libraries, `<uses-configuration>`, texture formats and form factors.
struct PlayFilterTests {
    static func device(
        _ form: PlayDevice.FormFactor = .phone, sdk: [Int] = [34], abis: [String]? = ["arm64-v8a"],
        gl: Int? = 0x0003_0002, features: [String: Int]? = ["android.hardware.touchscreen": 0],
        libraries: Set<String>? = nil, codename: String = "test"
    ) -> PlayDevice {
        PlayDevice(
            name: "Test (\(codename))", brand: "test", device: codename, manufacturer: "Test",
            model: "Test", formFactor: form, sdkLevels: sdk, abis: abis, glEsVersion: gl,
            screens: [PlayDevice.Screen(size: "normal", density: 420)], features: features,
            featureSource: nil, libraries: libraries, ram: nil, confidence: nil, line: 1)
    }

    static func android(_ change: (inout StoreDeclarations) -> Void) -> StoreDeclarations {
        var store = StoreDeclarations()
        store.isAndroid = true
        change(&store)
        return store
    }

    static func row(_ device: PlayDevice, _ store: StoreDeclarations) -> MatrixRowResult {
        rows([device], store)[0]
    }

    static func rows(_ devices: [PlayDevice], _ store: StoreDeclarations) -> [MatrixRowResult] {
        PlayFilter.evaluate(devices, store: store, source: "t", provenance: [], manifest: nil).rows
    }

    @Test func theSDKRangeKeepsTheLevelsBetweenMinAndMax() {
        let store = Self.android {
            $0.minSdk = 26
            $0.maxSdk = 30
        }
        let several = Self.row(Self.device(sdk: [29, 30, 31]), store)
        #expect(several.verdict == .eligible)
        #expect(several.device?.qualifyingSdkLevels == [29, 30])
        #expect(
            Self.row(Self.device(sdk: [31, 33]), store).failing.map(\.key) == [
                "android:maxSdkVersion=30"
            ])
        #expect(
            Self.row(Self.device(sdk: [24, 25]), store).failing.map(\.key) == [
                "android:minSdkVersion=26"
            ])
    }

    @Test func aModelOnSeveralBranchesIsEligibleWhenOneBranchIs() throws {
        let store = Self.android { $0.minSdk = 34 }
        let rows = Self.rows(
            [Self.device(sdk: [33], codename: "a"), Self.device(sdk: [34], codename: "a")], store)
        let row = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(row.verdict == .eligible)
        #expect(row.device?.sdkLevels == [33, 34])
        #expect(row.device?.qualifyingSdkLevels == [34])
    }

    @Test func nativeCodeNeedsOneABITheDeviceRuns() {
        let x86 = Self.android { $0.nativeABIs = ["x86_64"] }
        #expect(
            Self.row(Self.device(abis: ["arm64-v8a", "armeabi-v7a"]), x86).verdict == .excluded)
        #expect(Self.row(Self.device(abis: ["x86_64", "x86"]), x86).verdict == .eligible)
        #expect(Self.row(Self.device(abis: nil), x86).verdict == .undecided)
        let none = Self.android { $0.nativeABIs = [] }
        #expect(Self.row(Self.device(abis: ["mips"]), none).verdict == .eligible)
        // A folder under lib/ that names no ABI is not native code.
        let odd = Self.android { $0.nativeABIs = ["readme.txt"] }
        #expect(Self.row(Self.device(abis: ["arm64-v8a"]), odd).verdict == .eligible)
    }

    @Test func aRequiredLibraryIsUndecidedUnlessThePlatformOrTheRowHasIt() {
        let maps = Self.android {
            $0.libraries = [
                .init(name: "com.google.android.maps", required: true),
                .init(name: "com.example.optional", required: false),
            ]
        }
        let unknown = Self.row(Self.device(), maps)
        #expect(unknown.verdict == .undecided)
        #expect(unknown.unknown.map(\.key) == ["uses-library: com.google.android.maps"])
        #expect(
            Self.row(Self.device(libraries: ["com.google.android.maps"]), maps).verdict == .eligible
        )
        #expect(Self.row(Self.device(libraries: []), maps).verdict == .undecided)
        let legacy = Self.android {
            $0.libraries = [.init(name: "org.apache.http.legacy", required: true)]
        }
        #expect(Self.row(Self.device(), legacy).verdict == .eligible)
    }

    @Test func aConfigurationMapsToTheFeaturesAndHardwareCatalogsRecord() {
        let finger = Self.android { $0.configurations = [.init(touchScreen: 3)] }
        #expect(Self.row(Self.device(), finger).verdict == .eligible)
        #expect(Self.row(Self.device(features: [:]), finger).verdict == .excluded)
        #expect(Self.row(Self.device(.tv, features: nil), finger).verdict == .excluded)
        #expect(Self.row(Self.device(features: nil), finger).verdict == .undecided)
        let dpad = Self.android { $0.configurations = [.init(fiveWayNav: true)] }
        #expect(Self.row(Self.device(), dpad).verdict == .undecided)
        let tvDpad = Self.android {
            $0.configurations = [.init(fiveWayNav: true)]
            $0.optionalFeatures = ["android.software.leanback"]
        }
        #expect(Self.row(Self.device(.tv), tvDpad).verdict == .eligible)
        // One configuration the device meets is enough.
        let either = Self.android {
            $0.configurations = [.init(keyboardType: 2), .init(touchScreen: 3)]
        }
        #expect(Self.row(Self.device(), either).verdict == .eligible)
    }

    @Test(arguments: [
        ("GL_OES_compressed_ETC1_RGB8_texture", 0x0002_0000, RowVerdict.eligible),
        ("GL_OES_compressed_ETC1_RGB8_texture", 0x0001_0001, .undecided),
        ("GL_COMPRESSED_RGB8_ETC2", 0x0003_0000, .eligible),
        ("GL_COMPRESSED_RGB8_ETC2", 0x0002_0000, .undecided),
        ("GL_KHR_texture_compression_astc_ldr", 0x0003_0002, .eligible),
        ("GL_KHR_texture_compression_astc_ldr", 0x0003_0001, .undecided),
        ("GL_EXT_texture_compression_s3tc", 0x0003_0002, .undecided),
    ])
    func aTextureFormatIsDecidedByWhatTheGLESLevelGuarantees(
        format: String, gl: Int, verdict: RowVerdict
    ) {
        let store = Self.android { $0.glTextures = [format] }
        let row = Self.row(Self.device(gl: gl), store)
        #expect(row.verdict == verdict)
        if verdict == .undecided { #expect(row.unknown.first?.reason.contains(format) == true) }
    }

    @Test func tvWatchAndCarRowsNeedTheAppToOptIn() {
        let phoneApp = Self.android {
            $0.androidFeatures = [.init(name: "android.hardware.touchscreen")]
        }
        for form in [PlayDevice.FormFactor.tv, .watch, .car] {
            let row = Self.row(Self.device(form), phoneApp)
            #expect(row.verdict == .excluded)
            #expect(row.failing.map(\.key).contains("form factor: \(form.rawValue)"))
        }
        #expect(Self.row(Self.device(.chromebook), phoneApp).verdict == .eligible)
        #expect(Self.row(Self.device(.tablet), phoneApp).verdict == .eligible)
        let tvApp = Self.android { $0.optionalFeatures = ["android.software.leanback"] }
        #expect(Self.row(Self.device(.tv, features: [:]), tvApp).verdict == .eligible)
        let watchApp = Self.android {
            $0.androidFeatures = [.init(name: "android.hardware.type.watch")]
        }
        #expect(
            Self.row(Self.device(.watch, features: ["android.hardware.type.watch": 0]), watchApp)
                .verdict == .eligible)
        #expect(Self.row(Self.device(.phone), watchApp).verdict == .excluded)
    }

    @Test func thousandsOfMissingFeaturesAreCountedNotListed() {
        let store = Self.android {
            $0.androidFeatures = (0..<5000).map { .init(name: "org.example.feature\($0)") }
        }
        let row = Self.row(Self.device(), store)
        #expect(row.verdict == .excluded)
        #expect(row.failing.count == PlayFilter.issueLimit + 1)
        #expect(row.failing.last?.key == "… \(5000 - PlayFilter.issueLimit) more")
    }
}
