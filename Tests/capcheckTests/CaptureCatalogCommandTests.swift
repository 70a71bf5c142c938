import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `matrix --catalog DIR` and `diff --catalog DIR`: a folder of phone captures is a catalog,
/// each capture one row filtered as its store does; a file that is no capture is a warning
/// naming it and its line, a folder without a capture exit 65.
@Suite struct CaptureCatalogCommandTests {
    /// A folder holding copies of the named fixtures (`phones/…`) and extra files.
    private func folder(_ fixtures: [String], extra: [String: String] = [:]) throws -> URL {
        let folder = try ProgramRun.temporaryDirectory()
        for fixture in fixtures {
            try FileManager.default.copyItem(
                atPath: CLI.fixture("phones/\(fixture)"),
                toPath: folder.appendingPathComponent(
                    (fixture as NSString).lastPathComponent
                ).path)
        }
        for (name, text) in extra {
            try text.write(
                to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func matrixOverACaptureFolderGivesOneRowPerAndroidCapture() throws {
        let dir = try folder(["phone-sdk34.capture", "tablet-sdk29.capture"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "matrix", "--catalog", dir.path, "--manifest",
            CLI.fixture("phones/needs-nfc-and-maps.xml"), "--format", "json",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(
            rows.map { $0["file"] as? String } == ["phone-sdk34.capture", "tablet-sdk29.capture"])
        #expect(rows.map { $0["verdict"] as? String } == ["eligible", "excluded"])
        let device = try #require(rows[0]["device"] as? [String: Any])
        #expect(device["device"] as? String == "panther")
        #expect(device["sdkLevels"] as? [Int] == [34])
        #expect(result.stderr.isEmpty)
    }

    @Test func matrixOverACaptureFolderChecksAnIPhoneAppOnTheIOSCapturesOnly() throws {
        let dir = try folder([
            "phone-sdk34.capture", "iphone14pro-ios16.capture", "real/iphone8plus-ios11.capture",
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "matrix", "--catalog", dir.path, "--manifest", CLI.fixture("phones/min-ios-17.plist"),
            "--format", "json",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(json["rows"] as? [[String: Any]])
        #expect(
            rows.map { $0["file"] as? String } == [
                "iphone14pro-ios16.capture", "iphone8plus-ios11.capture",
            ])
        // iOS 16.1.1 is installed on the iPhone 14 Pro (it can update); the iPhone 8 Plus
        // runs at most iOS 16.
        #expect(rows.map { $0["verdict"] as? String } == ["excluded", "excluded"])
        #expect(result.stdout.contains("update to iOS 17.0 or later first"))
        #expect(
            result.stdout.contains(
                "iPhone 8 Plus runs at most iOS 16.7.16, below 17.0 (iOS 11.4 is installed)"))
        let device = try #require(rows[1]["device"] as? [String: Any])
        #expect(device["identifiers"] as? [String] == ["iPhone10,2", "iPhone10,5"])
    }

    @Test func aFileThatIsNoCaptureIsAWarningNamingFileAndLine() throws {
        let dir = try folder(
            ["phone-sdk34.capture"],
            extra: ["notes.txt": "\nhello\n", "v2.capture": "## capcheck android capture v2\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "matrix", "--catalog", dir.path, "--manifest",
            CLI.fixture("phones/needs-nfc-and-maps.xml"),
        ])
        #expect(result.code == .ok)
        #expect(
            result.stderr.contains(
                "capcheck: warning: \(dir.path)/notes.txt: line 2: not a capcheck android capture"))
        #expect(
            result.stderr.contains(
                "capcheck: warning: \(dir.path)/v2.capture: line 1: unknown capture version"))
        #expect(result.stdout.contains("1 of 1"))
    }

    @Test func aFolderWithoutACaptureIsExit65InOneLine() throws {
        let dir = try folder([], extra: ["notes.txt": "hello\n"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "matrix", "--catalog", dir.path, "--manifest",
            CLI.fixture("phones/needs-nfc-and-maps.xml"),
        ])
        #expect(result.code == .dataError)
        let lines = result.stderr.split(separator: "\n")
        #expect(
            lines.last
                == "capcheck: error: \(dir.path): no Android or iOS capture in the folder (capcheck capture android|ios -o FILE writes one)"
        )
    }

    @Test func aManifestOfTheOtherStoreIsAUsageErrorNamingTheFolder() throws {
        let dir = try folder(["phone-sdk34.capture"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "matrix", "--catalog", dir.path, "--manifest", CLI.fixture("phones/min-ios-17.plist"),
        ])
        #expect(result.code == .usage)
        #expect(result.stderr.contains("(--catalog \(dir.path))"))
    }

    @Test func diffOverACaptureFolderNamesTheCaptureAManifestChangeLoses() throws {
        let dir = try folder(["phone-sdk34.capture", "tablet-sdk29.capture"])
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = CLI.run([
            "diff", CLI.fixture("phones/needs-nfc-and-maps.xml"),
            CLI.fixture("phones/needs-nfc-and-maps.xml"), "--catalog", dir.path, "--no-loss",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
    }
}
