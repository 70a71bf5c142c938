@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
import CapabilityProbeTesting
import Foundation
import Testing

/// capcheck's required, not-required and implied features equal `aapt dump badging`'s on
/// APKs that Debian's `aapt package` builds from real public manifests (Fixtures/android/),
/// whether capcheck reads the source manifest, the buildable one or the APK's binary XML.
@Suite(.enabled(if: Aapt.isAvailable))
struct AaptAgreementTests {
    static let fixtures = [
        "adaway", "aegis", "antennapod", "antennapod-wearos", "camera-samples", "fdroid",
        "gadgetbridge", "jellyfin-androidtv", "kasts", "kiwix", "kweather", "mpv", "netguard",
        "newpipe", "nextcloud", "opentracks", "owntracks", "qksms", "red-moon", "simple-camera",
        "syncthing", "termux", "tusky", "vlc", "wikipedia", "zxing",
    ]

    @Test(arguments: fixtures)
    func featuresEqualAaptsOnARealManifest(name: String) throws {
        let source = try Fixtures.text("android/\(name).xml")
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let apk = try Aapt.build(source, in: directory)
        let oracle = try Aapt.badging(apk)

        let fromAPK = try ManifestLoader.load(path: apk.path)
        #expect(Aapt.sets(fromAPK) == oracle, "\(name).apk")
        let prepared = try String(
            contentsOf: directory.appendingPathComponent("AndroidManifest.xml"), encoding: .utf8)
        let fromPrepared = try ManifestLoader.load(data: Data(prepared.utf8), path: "prepared.xml")
        #expect(Aapt.sets(fromPrepared) == oracle, "\(name) as built")
        let fromSource = try ManifestLoader.load(data: Data(source.utf8), path: "\(name).xml")
        #expect(Aapt.sets(fromSource) == oracle, "\(name).xml as written")
        #expect(fromAPK.requirements == fromSource.requirements)
    }

    @Test func verifyOnTheAPKReportsWhatVerifyOnItsManifestReports() throws {
        let directory = try Aapt.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let apk = try Aapt.build(try Fixtures.text("android/zxing.xml"), in: directory)
        let manifest = directory.appendingPathComponent("AndroidManifest.xml").path
        let from = ["--from", Fixtures.path("snapshots/deep-facts.json"), "--json"]
        let onAPK = try ProgramRun.capcheck(["verify", apk.path] + from)
        let onManifest = try ProgramRun.capcheck(["verify", manifest] + from)
        #expect(onAPK.status == onManifest.status)
        let decoder = JSONDecoder()
        let apkReport = try decoder.decode(VerificationReport.self, from: Data(onAPK.stdout.utf8))
        let manifestReport = try decoder.decode(
            VerificationReport.self, from: Data(onManifest.stdout.utf8))
        #expect(apkReport.requirements == manifestReport.requirements)
        #expect(apkReport.verdict == manifestReport.verdict)
        #expect(apkReport.manifest.notes.first == "read from the APK's AndroidManifest.xml")
    }
}
