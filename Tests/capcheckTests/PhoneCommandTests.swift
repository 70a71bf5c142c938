import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// A phone on the desk through the CLI: `verify --from CAPTURE` and `--from adb:` check an
/// app as Google Play does, and `capture android` writes the capture; a stand-in `adb`
/// (Fixtures/phones/fake-adb.sh) on PATH replays a capture or fails as a real one does.
@Suite struct PhoneCommandTests {
    static let manifest = CLI.fixture("phones/needs-nfc-and-maps.xml")

    /// A folder holding the stand-in as `adb`, and the variables that put it on PATH.
    private func fakeADB(mode: String = "one", capture: String = "phone-sdk34.capture")
        throws -> (folder: URL, variables: [String: String])
    {
        let folder = try ProgramRun.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("adb").path,
            withDestinationPath: CLI.fixture("phones/fake-adb.sh"))
        return (
            folder,
            [
                "PATH": folder.path + ":/usr/bin:/bin", "FAKE_ADB_MODE": mode,
                "FAKE_ADB_CAPTURE": CLI.fixture("phones/\(capture)"),
            ]
        )
    }

    @Test func verifyFromACaptureOffersTheAppWhenEveryFilterPasses() {
        let result = CLI.run(
            ["verify", Self.manifest, "--from", CLI.fixture("phones/phone-sdk34.capture")])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("Device   Google Pixel 7 (panther) · Android 14 (SDK 34)"))
        #expect(result.stdout.contains("✔ Google Play offers"))
        #expect(!result.stdout.contains("0A1B2C3D4E5F"))
    }

    @Test func verifyFromACaptureNamesEachUnmetFilterWithItsReason() {
        let result = CLI.run(
            ["verify", Self.manifest, "--from", CLI.fixture("phones/tablet-sdk29.capture")])
        #expect(result.code == .unmet)
        for line in [
            "✘ android.hardware.nfc ", "the device does not declare android.hardware.nfc",
            "✘ android:minSdkVersion=30 ", "the device runs SDK 29, below minSdkVersion 30",
            "✘ android:glEsVersion=0x00030001 ", "OpenGL ES 3.0, below 3.1",
            "✘ uses-library: com.google.android.maps ",
            "the device does not list com.google.android.maps (pm list libraries)",
            "5 unmet → exit 1",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }

    @Test func verifyFromAPartialCaptureIsUndecidedOnWhatItLacks() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("partial.capture").path
        try """
        ## capcheck android capture v1
        ### pm list features
        feature:android.hardware.nfc
        feature:android.hardware.location.gps
        feature:android.hardware.faketouch
        feature:android.hardware.location
        feature:android.hardware.touchscreen
        feature:reqGlEsVersion=0x30002
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let result = CLI.run(["verify", Self.manifest, "--from", path])
        #expect(result.code == .undecided)
        #expect(result.stdout.contains("? android:minSdkVersion=30 "))
        #expect(result.stdout.contains("the capture does not give the device's SDK level"))
        #expect(result.stdout.contains("the capture does not list the device's shared libraries"))
    }

    @Test func verifyFromACaptureWritesTheStoreResultAsJSON() throws {
        let result = CLI.run([
            "verify", Self.manifest, "--from", CLI.fixture("phones/tablet-sdk29.capture"),
            "--json",
        ])
        #expect(result.code == .unmet)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.first?["verdict"] as? String == "excluded")
    }

    @Test func oddLinesOfACaptureAreWarnedWithTheirLineNumbers() {
        let result = CLI.run([
            "verify", Self.manifest, "--from", CLI.fixture("phones/odd-lines.capture"),
        ])
        #expect(result.code == .unmet)
        #expect(result.stderr.contains("odd-lines.capture: line 5: not a '[name]: [value]'"))
        #expect(result.stderr.contains("line 11: unknown section 'pm list packages': skipped"))
    }

    @Test func aCaptureOfAnotherVersionExits65() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v9.capture").path
        try "## capcheck android capture v9\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = CLI.run(["verify", Self.manifest, "--from", path])
        #expect(result.code == .dataError)
        #expect(result.stderr.contains("unknown capture version"))
    }

    @Test func aPhoneChecksOnlyAnAndroidApp() {
        let result = CLI.run([
            "verify", CLI.fixture("manifests/Info-dict.plist"), "--from",
            CLI.fixture("phones/phone-sdk34.capture"),
        ])
        #expect(result.code == .usage)
        #expect(result.stderr.contains("not an Info.plist"))
    }

    @Test func verifyFromADBChecksTheOneConnectedDevice() throws {
        let fake = try fakeADB()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(
            ["verify", Self.manifest, "--from", "adb:"], variables: fake.variables)
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(result.stdout.contains("Google Pixel 7 (panther)"))
        #expect(result.stdout.contains("from adb"))
        #expect(!result.stdout.contains("FAKE0001"))
    }

    @Test func verifyFromADBWithASerialChecksThatDevice() throws {
        let fake = try fakeADB(mode: "two", capture: "tablet-sdk29.capture")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(
            ["verify", Self.manifest, "--from", "adb:emulator-5554"], variables: fake.variables)
        #expect(result.code == .unmet)
        #expect(result.stdout.contains("Example Slate 10"))
    }

    @Test(arguments: [
        (
            "two", ExitCode.usage,
            "several devices are connected (FAKE0001, emulator-5554): name one as adb:SERIAL"
        ),
        (
            "unauthorized", .noInput,
            "the device has not authorised this computer: unlock it and accept the USB debugging prompt"
        ),
        ("offline", .noInput, "the device is offline, not ready for commands"),
        ("none", .noInput, "adb lists no device: connect one and allow debugging on it"),
    ])
    func adbFailuresAreOneLineEach(mode: String, code: ExitCode, message: String) throws {
        let fake = try fakeADB(mode: mode)
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(
            ["verify", Self.manifest, "--from", "adb:"], variables: fake.variables)
        #expect(result.code == code)
        #expect(result.stderr == "capcheck: error: \(message)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aHungADBCommandIsEndedByTheTimeout() throws {
        var fake = try fakeADB(mode: "hang")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        fake.variables["CAPCHECK_PHONE_TIMEOUT"] = "0.5"
        let start = Date()
        let result = CLI.run(
            ["verify", Self.manifest, "--from", "adb:"], variables: fake.variables)
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.code == .noInput)
        #expect(
            result.stderr
                == "capcheck: error: 'adb shell getprop' did not finish within 0.5 s and was ended\n"
        )
    }

    @Test func noADBOnPathIsOneLine() throws {
        let empty = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = CLI.run(
            ["verify", Self.manifest, "--from", "adb:"], variables: ["PATH": empty.path])
        #expect(result.code == .unavailable)
        #expect(result.stderr == "capcheck: error: no adb on PATH (apt-get install adb)\n")
    }

    @Test func captureAndroidWritesWhatVerifyReads() throws {
        let fake = try fakeADB()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let out = fake.folder.appendingPathComponent("pixel.capture").path
        let written = CLI.run(["capture", "android", "-o", out], variables: fake.variables)
        #expect(written.code == .ok, "\(written.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix("## capcheck android capture v1\n### getprop\n"))
        #expect(text.contains("[ro.serialno]: [0A1B2C3D4E5F]"))
        let verified = CLI.run(["verify", Self.manifest, "--from", out])
        #expect(verified.code == .ok)
    }

    @Test func captureAndroidRedactRemovesSerialsAndAddresses() throws {
        let fake = try fakeADB(mode: "two")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(
            ["capture", "android", "FAKE0001", "--redact"], variables: fake.variables)
        #expect(result.code == .ok)
        #expect(result.stdout.contains("[ro.serialno]: [redacted]"))
        #expect(result.stdout.contains("[persist.sys.wifi_mac]: [redacted]"))
        #expect(!result.stdout.contains("0A1B2C3D4E5F"))
        #expect(!result.stdout.contains("02:00:00"))
        #expect(result.stdout.contains("[ro.product.model]: [Pixel 7]"))
    }

    @Test func captureNeedsAKind() {
        #expect(CLI.run(["capture"]).code == .usage)
        #expect(CLI.run(["capture", "windows"]).code == .usage)
    }

    @Test func listFromACaptureShowsFeaturesAsCapabilitiesWithTheirNames() {
        let result = CLI.run(["list", "--from", CLI.fixture("phones/tablet-sdk29.capture")])
        #expect(result.code == .ok)
        #expect(
            result.stdout.hasPrefix(
                "Machine   Example Slate 10 (slate10) · Android 10 (SDK 29) · armeabi-v7a · "
                    + "source: android-capture"))
        for line in [
            "camera.front                present   1   feature:android.hardware.camera.front",
            "camera.back                 absent        does not declare android.hardware.camera",
            "nfc                         absent        does not declare android.hardware.nfc",
            "power.battery               present   1   level 41 %, unplugged",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }

    @Test func listFromACaptureAsJSONKeepsTheBatteryLevelAndState() throws {
        let result = CLI.run([
            "list", "--from", CLI.fixture("phones/phone-sdk34.capture"), "--json",
        ])
        #expect(result.code == .ok)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let source = try #require(json["source"] as? [String: Any])
        #expect(source["kind"] as? String == "android-capture")
        let capabilities = try #require(json["capabilities"] as? [[String: Any]])
        let battery = try #require(capabilities.first { $0["id"] as? String == "power.battery" })
        let details = try #require(battery["details"] as? [String: Any])
        #expect(details["level"] as? Double == 0.85)
        #expect(details["state"] as? String == "charging")
        #expect(!result.stdout.contains("0A1B2C3D4E5F"))
    }

    @Test func listFromADBListsTheConnectedPhone() throws {
        let fake = try fakeADB()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(["list", "--from", "adb:"], variables: fake.variables)
        #expect(result.code == .ok)
        #expect(result.stdout.contains("source: android-capture adb"))
        #expect(
            result.stdout.contains(
                "nfc                         present   1   feature:android.hardware.nfc"))
    }
}
