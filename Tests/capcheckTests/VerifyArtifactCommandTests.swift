import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// `verify` and `lint` on Apple manifests the way CI meets them: an x86 runner that cannot
/// run ARM code, and Info.plist templates with placeholders.
@Suite struct VerifyArtifactCommandTests {
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let arm64Plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
          <key>UIRequiredDeviceCapabilities</key><array><string>arm64</string></array>
        </dict></plist>
        """

    @Test func anUnmetArchitectureSaysHowToDeclareIt() throws {
        let path = try temporaryFile("Info.plist", Self.arm64Plist)
        defer {
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let run = CLI.run(["verify", path, "--from", CLI.fixture("snapshots/deep-facts.json")])
        #expect(run.code == .unmet)
        let line = try #require(run.stdout.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("✘ arm64"))
        #expect(
            line.hasSuffix(
                "a machine of another architecture (an x86 CI runner) cannot run arm64 code; declare it to check the other requirements with --assume cpu.arch.arm64=present"
            ))
        let declared = CLI.run([
            "verify", path, "--from", CLI.fixture("snapshots/deep-facts.json"), "--assume",
            "cpu.arch.arm64=present",
        ])
        #expect(declared.code == .ok)
    }

    @Test func theJSONReportCarriesTheHintAsDataNotFlagText() throws {
        let path = try temporaryFile("Info.plist", Self.arm64Plist)
        defer {
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let run = CLI.run([
            "verify", path, "--from", CLI.fixture("snapshots/deep-facts.json"), "--json",
        ])
        let report = try JSONDecoder().decode(
            VerificationReport.self, from: Data(run.stdout.utf8))
        let hint = try #require(report.requirements.first?.hint)
        #expect(hint.capability == "cpu.arch.arm64")
        #expect(hint.status == .present)
        #expect(!hint.reason.contains("--"))
    }

    @Test(arguments: [
        ("  $required_device_capabilities", "line 4: $required_device_capabilities"),
        (
            "  <array><string>${CAPABILITY}</string></array>",
            "UIRequiredDeviceCapabilities[0]: ${CAPABILITY}"
        ),
    ])
    func aTemplateIsCalledATemplateNotASyntaxError(value: String, place: String) throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>UIRequiredDeviceCapabilities</key>
            \(value)
            </dict></plist>
            """
        let path = try temporaryFile("Info.plist", text)
        defer {
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let run = CLI.run(["lint", path])
        #expect(run.code == .dataError)
        #expect(
            run.stderr
                == "capcheck: error: \(path): \(place) is a template placeholder: this is an Info.plist template, not a property list capcheck can check; check the built app (.app or .ipa) or fill the template first\n"
        )
    }

    @Test func aBrokenPlistWithXcodeVariablesIsStillASyntaxError() throws {
        // `$(PRODUCT_BUNDLE_IDENTIFIER)` inside <string> is valid XML: the defect is the cut.
        let text = String(Self.arm64Plist.prefix(150))
        let path = try temporaryFile("Info.plist", text)
        defer {
            try? FileManager.default.removeItem(
                at: URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        let run = CLI.run(["lint", path])
        #expect(run.code == .dataError)
        #expect(run.stderr.hasPrefix("capcheck: error: \(path): not a valid XML property list"))
    }
}
