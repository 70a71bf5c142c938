import CapabilityProbe
import Foundation
import Testing

@testable import capcheck

/// The exit codes of `verify` and `lint` (0/1/2/64/65/66), and hostile manifests that must
/// never leak a file's content.
@Suite struct VerifyExitCodeTests {
    let snapshot = CLI.fixture("snapshots/partial-empty.json")
    func manifest(_ name: String) -> String { CLI.fixture("manifests/\(name)") }

    @Test(arguments: [
        (["--assume", "net.wifi=present"], ExitCode.ok),
        (["--assume", "net.wifi=absent"], .unmet),
        ([], .undecided),
        (["--unknown-as", "fail"], .unmet),
        (["--unknown-as", "pass"], .ok),
        (["--unknown-as", "maybe"], .usage),
        (["--assume", "net.wifi=maybe"], .usage),
        (["--assume", "net.wify=present"], .usage),
        (["--kind", "yaml"], .usage),
        (["--json", "--github"], .usage),
    ])
    func verifyExitCodes(extra: [String], code: ExitCode) {
        let run = CLI.run(
            ["verify", "-", "--from", snapshot] + extra,
            stdin: #"{"version": 1, "require": ["net.wifi"]}"#)
        #expect(run.code == code, "\(extra): \(run.stderr)")
    }

    @Test(arguments: [
        ("manifest-truncated.json", ExitCode.dataError),
        ("plist-openstep.plist", .dataError),
        ("plist-unknown-key.plist", .dataError),
        ("android-truncated.xml", .dataError),
        ("does-not-exist.json", .noInput),
    ])
    func badManifestsExitBeforeProbing(file: String, code: ExitCode) {
        for command in ["verify", "lint"] {
            let run = CLI.run(
                [command, manifest(file), "--from", snapshot].filter {
                    command == "verify" || ($0 != "--from" && $0 != snapshot)
                })
            #expect(run.code == code, "\(command) \(file)")
            #expect(run.stdout.isEmpty)
            // One line naming the file.
            #expect(run.stderr.hasPrefix("capcheck: error: \(manifest(file)): "))
            #expect(run.stderr.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test func missingRecordedMachineExits66() {
        let run = CLI.run(["verify", manifest("manifest.json"), "--from", "/nonexistent/dump.txt"])
        #expect(run.code == .noInput)
    }

    @Test(arguments: ["android-external-entity.xml", "android-xxe-utf16.xml"])
    func externalEntitiesNeverLeakFileContent(file: String) throws {
        // The UTF-16 fixture's entity reads /etc/passwd; its first line must never appear.
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""
        let leaks = passwd.split(separator: "\n").prefix(1).map(String.init)
        for extra in [[], ["--allow-unknown", "--json"], ["--allow-unknown", "--github"]] {
            let run = CLI.run(["verify", manifest(file), "--from", snapshot] + extra)
            #expect(run.code == .dataError)
            #expect(run.stderr.hasPrefix("capcheck: error: \(manifest(file)): "))
            for leak in leaks {
                #expect(!run.stdout.contains(leak) && !run.stderr.contains(leak))
            }
        }
        let lint = CLI.run(["lint", manifest(file), "--allow-unknown"])
        #expect(lint.code == .dataError)
    }
}

/// A JUnit file that cannot be written is one line naming the file and the reason.
@Suite struct VerifyJUnitFileTests {
    @Test func unwritableJUnitPathNamesFileAndReason() {
        let run = CLI.run(
            [
                "verify", "-", "--from", CLI.fixture("snapshots/partial-empty.json"),
                "--junit", "/nonexistent-capcheck-dir/report.xml",
            ],
            stdin: #"{"version": 1, "require": ["net.wifi"]}"#)
        #expect(run.code == .ioError)
        #expect(
            run.stderr
                == "capcheck: error: /nonexistent-capcheck-dir/report.xml: cannot write the JUnit report: no such file or directory\n"
        )
    }
}
