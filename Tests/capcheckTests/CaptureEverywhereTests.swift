import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// A phone capture is read wherever a machine recording is (standard input, `report --from`,
/// a fleet folder), sniffed by its header; and `capture` passes no escape sequence a device
/// printed to a terminal.
@Suite struct CaptureEverywhereTests {
    static let phone = CLI.fixture("phones/phone-sdk34.capture")
    static let iPhone = CLI.fixture("phones/real/iphone8plus-ios11.capture")

    @Test func listFromStandardInputReadsACapture() throws {
        let text = try String(contentsOfFile: Self.phone, encoding: .utf8)
        let result = CLI.run(["list", "--from", "-"], stdin: text)
        #expect(result.code == .ok)
        #expect(
            result.stdout.hasPrefix(
                "Machine   Google Pixel 7 (panther) · Android 14 (SDK 34) · arm64-v8a · source: android-capture <stdin>"
            ))
    }

    @Test func reportReadsACaptureAsOneMoreMachine() {
        let result = CLI.run([
            "report", "--from", Self.phone, "--from", Self.iPhone, "--format", "md",
        ])
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "| Feature | Id | Google Pixel 7 (panther) | Apple iPhone 8 Plus (iPhone10,2) |"))
        #expect(result.stdout.contains("| NFC | `nfc` | ☑ | ☑ |"))
    }

    @Test func aFleetFolderCountsCapturesAsMachines() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: Self.phone, toPath: folder.appendingPathComponent("phone.capture").path)
        try FileManager.default.copyItem(
            atPath: CLI.fixture("udevadm/RPI3B.txt"),
            toPath: folder.appendingPathComponent("RPI3B.txt").path)
        let result = CLI.run(["report", "--from", folder.path, "--format", "md"])
        #expect(result.code == .ok, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("| Feature | Id | RPI3B.txt | Google Pixel 7 (panther) |"))
        #expect(result.stderr.isEmpty)
    }

    @Test func aCaptureOfAnotherVersionOnStandardInputIsExit65() {
        let result = CLI.run(["list", "--from", "-"], stdin: "## capcheck android capture v9\n")
        #expect(result.code == .dataError)
        #expect(result.stderr.contains("unknown capture version"))
    }

    @Test func captureToATerminalShowsNoEscapeSequence() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("adb").path,
            withDestinationPath: CLI.fixture("phones/fake-adb.sh"))
        let evil = folder.appendingPathComponent("evil.capture").path
        try
            "## capcheck android capture v1\n### getprop\n[ro.product.model]: [Evil\u{1b}]0;pwned\u{07}\u{1b}[2J]\n"
            .write(toFile: evil, atomically: true, encoding: .utf8)
        let variables = [
            "PATH": folder.path + ":/usr/bin:/bin", "FAKE_ADB_CAPTURE": evil,
        ]
        let terminal = CLI.run(["capture", "android"], terminal: true, variables: variables)
        #expect(terminal.code == .ok)
        #expect(terminal.stdout.contains("[ro.product.model]: [Evil?]0;pwned??[2J]\n"))
        #expect(!terminal.stdout.contains("\u{1b}"))
        // A pipe or a file gets what the tool said.
        let pipe = CLI.run(["capture", "android"], variables: variables)
        #expect(pipe.stdout.contains("[ro.product.model]: [Evil\u{1b}]0;pwned\u{07}\u{1b}[2J]\n"))
    }
}
