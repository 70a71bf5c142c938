@testable import CapabilityManifest
@testable import CapabilityManifestFiles
import Foundation
import Testing

/// The declarations Play filters on beside the features equal what Debian's `aapt dump
/// badging` prints for the same APK: `native-code:` and `alt-native-code:` (the ABI folders
/// under `lib/`, added to the APK with `aapt add`), `uses-library:` and
/// `uses-library-not-required:`, `maxSdkVersion:`, `uses-configuration:` and
/// `supports-gl-texture:`.
@Suite(.enabled(if: Aapt.isAvailable))
struct StoreDeclarationsAaptTests {
    static let manifest = """
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="org.example.maps">
          <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="33" android:maxSdkVersion="30"/>
          <uses-configuration android:reqTouchScreen="finger" android:reqKeyboardType="qwerty"
              android:reqHardKeyboard="true" android:reqNavigation="dpad" android:reqFiveWayNav="true"/>
          <supports-gl-texture android:name="GL_OES_compressed_ETC1_RGB8_texture"/>
          <supports-gl-texture android:name="GL_KHR_texture_compression_astc_ldr"/>
          <application android:label="maps">
            <uses-library android:name="com.google.android.maps" android:required="true"/>
            <uses-library android:name="org.apache.http.legacy" android:required="false"/>
          </application>
        </manifest>
        """

    /// The APK with native libraries for the ABIs, and what aapt prints for it.
    static func apk(abis: [String], in directory: URL) throws -> (apk: URL, badging: String) {
        let apk = try Aapt.build(manifest, in: directory)
        var names: [String] = []
        for abi in abis {
            let name = "lib/\(abi)/libnative.so"
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("not really ELF".utf8).write(to: url)
            names.append(name)
        }
        if !names.isEmpty {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Aapt.binary)
            process.arguments = ["add", apk.path] + names
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0)
        }
        let badging = try Aapt.run([Aapt.binary, "dump", "badging", apk.path])
        try #require(badging.status == 0, "\(badging.text)")
        return (apk, badging.text)
    }

    /// The quoted values of every line starting with one of the prefixes.
    static func quoted(_ text: String, _ prefixes: [String]) -> [String] {
        text.split(separator: "\n").filter { line in prefixes.contains { line.hasPrefix($0) } }
            .flatMap { line in
                line.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map {
                    String($0.element)
                }
            }
    }

    @Test(arguments: [
        [], ["x86_64"], ["arm64-v8a", "x86_64"], ["armeabi-v7a", "arm64-v8a", "x86"],
    ])
    func nativeCodeEqualsAaptsNativeCodeLines(abis: [String]) throws {
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (apk, badging) = try Self.apk(abis: abis, in: directory)
        let oracle = Self.quoted(badging, ["native-code:", "alt-native-code:"]).sorted()
        let manifest = try ManifestLoader.load(path: apk.path)
        #expect(manifest.store.nativeABIs == oracle)
        #expect(oracle == abis.sorted())
    }

    @Test func librariesSdkRangeConfigurationAndTexturesEqualAaptsLines() throws {
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (apk, badging) = try Self.apk(abis: ["x86_64"], in: directory)
        for manifest in [
            try ManifestLoader.load(path: apk.path),
            try ManifestLoader.load(data: Data(Self.manifest.utf8), path: "AndroidManifest.xml"),
        ] {
            let store = manifest.store
            #expect(
                store.libraries.filter(\.required).map(\.name)
                    == Self.quoted(badging, ["uses-library:"]))
            #expect(
                store.libraries.filter { !$0.required }.map(\.name)
                    == Self.quoted(badging, ["uses-library-not-required:"]))
            #expect(store.maxSdk.map(String.init) == Self.quoted(badging, ["maxSdkVersion:"]).first)
            #expect(store.glTextures == Self.quoted(badging, ["supports-gl-texture:"]))
            // aapt: `uses-configuration: reqTouchScreen='3' reqKeyboardType='2'
            // reqHardKeyboard='-1' reqNavigation='2' reqFiveWayNav='-1'`.
            let printed = Self.quoted(badging, ["uses-configuration:"])
            let configuration = try #require(store.configurations.first)
            #expect(printed == ["3", "2", "-1", "2", "-1"])
            #expect(configuration.touchScreen == 3)
            #expect(configuration.keyboardType == 2)
            #expect(configuration.hardKeyboard)
            #expect(configuration.navigation == 2)
            #expect(configuration.fiveWayNav)
        }
        // A source manifest cannot show native code; the APK does.
        let source = try ManifestLoader.load(
            data: Data(Self.manifest.utf8), path: "AndroidManifest.xml")
        #expect(source.store.nativeABIs == nil)
    }

    @Test func anAppBundlesNativeCodeIsItsBaseModulesLibFolders() throws {
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundle = directory.appendingPathComponent("app.aab")
        let proto = ArtifactBuilder.protobuf(try ArtifactBuilder.tree(Self.manifest))
        try ArtifactBuilder.zip(
            [
                .init(name: "base/manifest/AndroidManifest.xml", data: proto),
                .init(name: "base/lib/arm64-v8a/libnative.so", data: Data([1])),
                .init(name: "base/lib/x86_64/libnative.so", data: Data([1])),
                .init(name: "feature/lib/mips/libother.so", data: Data([1])),
            ], to: bundle)
        let manifest = try ManifestLoader.load(path: bundle.path)
        #expect(manifest.store.nativeABIs == ["arm64-v8a", "x86_64"])
        #expect(manifest.store.maxSdk == 30)
        #expect(
            manifest.store.libraries.map(\.name) == [
                "com.google.android.maps", "org.apache.http.legacy",
            ])
    }
}
