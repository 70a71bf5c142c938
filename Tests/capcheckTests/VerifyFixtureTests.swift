import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `verify` end to end on recorded machines, with the real probers (no --assume).
@Suite struct VerifyFixtureTests {
    static func manifest(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("capcheck-verify-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test(arguments: [
        // T430S: Wi-Fi, mic, 2 cameras, WWAN; no gyroscope; facing unreadable from a dump.
        (
            "LENOVO_T430S", #"{"version":1,"require":["net.wifi","audio.input","camera.any"]}"#,
            ExitCode.ok
        ),
        ("LENOVO_T430S", #"{"version":1,"require":["net.wifi","sensor.gyroscope"]}"#, .unmet),
        ("LENOVO_T430S", #"{"version":1,"require":["camera.front"]}"#, .undecided),
        ("LENOVO_T430S", #"{"version":1,"forbid":["cellular"]}"#, .unmet),
        ("QEMU_KVM", #"{"version":1,"require":["camera.any"]}"#, .unmet),
        ("QEMU_KVM", #"{"version":1,"forbid":["net.wifi","bluetooth"]}"#, .ok),
        (
            "HP_ELITEBOOK_835_13_INCH_G10", #"{"version":1,"require":["sensor.light","cellular"]}"#,
            .ok
        ),
        // A partial dump proves no absence: undecided, never unmet.
        (
            "DELL_LATITUDE_7350_WITH_IPU6_DRIVER", #"{"version":1,"require":["net.wifi"]}"#,
            .undecided
        ),
        ("DELL_LATITUDE_7350_WITH_IPU6_DRIVER", #"{"version":1,"require":["camera.any"]}"#, .ok),
    ])
    func verifiesRecordedMachinesWithTheRealProbers(dump: String, json: String, expected: ExitCode)
        throws
    {
        let path = try Self.manifest(json)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = CLI.run(["verify", path, "--from", CLI.fixture("udevadm/\(dump).txt")])
        #expect(result.code == expected, "\(result.stdout)\(result.stderr)")
    }

    @Test func appleDictionaryOnAThinkPadFailsOnTelephonyAndGyroscope() {
        let result = CLI.run([
            "verify", CLI.fixture("manifests/Info-dict.plist"), "--from",
            CLI.fixture("udevadm/LENOVO_T430S.txt"),
        ])
        #expect(result.code == .unmet)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("✘ gyroscope") == true)
        #expect(
            lines.contains { $0.hasPrefix("✘ telephony") && $0.contains("forbidden but present") })
        #expect(lines.contains { $0.hasPrefix("✔ wifi") })
        #expect(lines.last == "2 of 3 requirements unmet → exit 1")
    }

    @Test func androidCameraPermissionImpliesABackCameraThatADumpCannotShow() throws {
        let result = CLI.run([
            "verify", CLI.fixture("manifests/AndroidManifest.xml"), "--from",
            CLI.fixture("udevadm/LENOVO_T430S.txt"), "--json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let requirements = try #require(object["requirements"] as? [[String: Any]])
        let camera = try #require(
            requirements.first { $0["key"] as? String == "android.hardware.camera" })
        #expect(camera["verdict"] as? String == "unknown")
    }

    @Test func assumedFactsAreShownAsAssumed() throws {
        let path = try Self.manifest(#"{"version":1,"require":["sensor.gyroscope"]}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = CLI.run([
            "verify", path, "--from", CLI.fixture("udevadm/QEMU_KVM.txt"), "--assume",
            "sensor.gyroscope=present",
        ])
        #expect(result.code == .ok)
        #expect(result.stdout.contains("assumed"))
    }
}
