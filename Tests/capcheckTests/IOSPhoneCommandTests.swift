import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// An iPhone on the desk through the CLI: `verify --from ios:` and an iOS capture check an
/// app as the App Store does for that model and its installed iOS; `capture ios` writes the
/// capture. A stand-in `ideviceinfo` and `idevice_id` (Fixtures/phones/fake-ideviceinfo.sh)
/// on PATH replay a capture or fail as the real ones do.
@Suite struct IOSPhoneCommandTests {
    static let needs17 = CLI.fixture("phones/min-ios-17.plist")
    static let capture = CLI.fixture("phones/iphone14pro-ios16.capture")

    private func fakeTools(mode: String = "one") throws -> (
        folder: URL, variables: [String: String]
    ) {
        let folder = try ProgramRun.temporaryDirectory()
        for name in ["ideviceinfo", "idevice_id"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path,
                withDestinationPath: CLI.fixture("phones/fake-ideviceinfo.sh"))
        }
        return (
            folder,
            [
                "PATH": folder.path + ":/usr/bin:/bin", "FAKE_IOS_MODE": mode,
                "FAKE_IOS_CAPTURE": Self.capture,
            ]
        )
    }

    @Test func listFromIOSListsTheModelsCatalogRowAndTheBattery() throws {
        let tools = try fakeTools()
        defer { try? FileManager.default.removeItem(at: tools.folder) }
        let result = CLI.run(["list", "--from", "ios:"], variables: tools.variables)
        #expect(result.code == .ok, "\(result.stderr)")
        for line in [
            "Machine   Apple iPhone 14 Pro (iPhone15,2) · iOS 16.1.1 · arm64e · source: ios-capture ios",
            "nfc                   present   1   iPhone 14 Pro: nfc yes",
            "power.battery         present   1   level 64 %, plugged in",
        ] {
            #expect(result.stdout.contains(line), "\(line)")
        }
    }

    @Test func listFromAnIOSCaptureAsJSONNamesTheSourceKind() throws {
        let result = CLI.run(["list", "--from", Self.capture, "--json"])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("\"kind\" : \"ios-capture\""))
    }

    @Test func listFromAnIOSCaptureOfAModelTheCatalogLacksIsExit65() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("future.capture").path
        try "## capcheck ios capture v1\n### ideviceinfo\nProductType: iPhone99,9\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let result = CLI.run(["list", "--from", path])
        #expect(result.code == .dataError)
        #expect(
            result.stderr
                == "capcheck: error: \(path): iPhone99,9 is not in the built-in apple catalog (capcheck matrix --list-builtin)\n"
        )
    }

    @Test func anOSTooOldOnlyOnThePhoneSaysToUpdateFirst() {
        let result = CLI.run(["verify", Self.needs17, "--from", Self.capture])
        #expect(result.code == .unmet)
        #expect(
            result.stdout.contains(
                "Device   iPhone 14 Pro · iPhone15,2 · iOS 16.1.1 installed · battery 64 % charging"
            ))
        #expect(
            result.stdout.contains(
                "✘ MinimumOSVersion 17.0  iOS 16.1.1 is installed, below 17.0: update to iOS 17.0 or later first"
            ))
        #expect(!result.stdout.contains("FAKESERIAL01"))
        #expect(!result.stdout.contains("00008110"))
    }

    @Test func anAppTheInstalledOSRunsIsOffered() {
        let result = CLI.run([
            "verify", CLI.fixture("catalogs/iphone-ios16.plist"), "--from", Self.capture,
        ])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("✔ The App Store offers"))
    }

    @Test func anAndroidAppIsRefusedForAnIPhone() {
        let result = CLI.run([
            "verify", CLI.fixture("manifests/AndroidManifest.xml"), "--from", Self.capture,
        ])
        #expect(result.code == .usage)
        #expect(result.stderr.contains("an iPhone or iPad checks an Info.plist or .ipa"))
    }

    @Test func verifyFromIOSAsksTheConnectedDevice() throws {
        let fake = try fakeTools()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(["verify", Self.needs17, "--from", "ios:"], variables: fake.variables)
        #expect(result.code == .unmet, "\(result.stderr)")
        #expect(result.stdout.contains("update to iOS 17.0 or later first"))
        #expect(result.stdout.contains("from ios"))
    }

    @Test(arguments: [
        (
            "two", ExitCode.usage,
            "several devices are connected (00008110-000A1B2C3D4E5F01, 00008030-000F0E0D0C0B0A09): name one as ios:UDID"
        ),
        (
            "untrusted", .noInput,
            "the device has not trusted this computer: unlock it and tap Trust"
        ),
        ("none", .noInput, "idevice_id lists no device: connect one and unlock it"),
    ])
    func ideviceinfoFailuresAreOneLineEach(mode: String, code: ExitCode, message: String) throws {
        let fake = try fakeTools(mode: mode)
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(["verify", Self.needs17, "--from", "ios:"], variables: fake.variables)
        #expect(result.code == code)
        #expect(result.stderr == "capcheck: error: \(message)\n")
    }

    @Test func aHungIdeviceinfoIsEndedByTheTimeout() throws {
        var fake = try fakeTools(mode: "hang")
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        fake.variables["CAPCHECK_PHONE_TIMEOUT"] = "0.5"
        let result = CLI.run(["verify", Self.needs17, "--from", "ios:"], variables: fake.variables)
        #expect(result.code == .noInput)
        #expect(
            result.stderr
                == "capcheck: error: 'ideviceinfo' did not finish within 0.5 s and was ended\n")
    }

    @Test func captureIOSRedactRemovesIdentifiers() throws {
        let fake = try fakeTools()
        defer { try? FileManager.default.removeItem(at: fake.folder) }
        let result = CLI.run(["capture", "ios", "--redact"], variables: fake.variables)
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("## capcheck ios capture v1\n### ideviceinfo\n"))
        for secret in [
            "FAKESERIAL01", "00008110", "02:00:00", "555 0100", "Example's iPhone",
            "000000000000000",
        ] {
            #expect(!result.stdout.contains(secret), "\(secret)")
        }
        #expect(result.stdout.contains("ProductType: iPhone15,2"))
        #expect(result.stdout.contains("BatteryCurrentCapacity: 64"))
    }
}
