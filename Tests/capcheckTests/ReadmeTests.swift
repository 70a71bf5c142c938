import CapabilityProbeTesting
import Foundation
import Testing

/// The README works for someone with a fresh clone: its commands, its package list, its links.
@Suite struct ReadmeTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: ProgramRun.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The quick start's one-line install-and-list command.
    static func quickStart() throws -> String {
        let readme = try read("README.md")
        return try #require(
            readme.split(separator: "\n").map(String.init).first {
                $0.contains("apt-get install") && $0.contains("capcheck list")
            }, "the README has no install-and-list line")
    }

    @Test func theQuickStartNamesExactlyTheCIPackages() throws {
        let line = try Self.quickStart()
        let words = line.components(separatedBy: " ").filter { !$0.isEmpty }
        let start = try #require(words.firstIndex(of: "--no-install-recommends")) + 1
        let end = try #require(words[start...].firstIndex(of: "&&"))
        let ciPackages = try Self.read(".ci/apt-packages").split(whereSeparator: \.isWhitespace)
            .map(String.init)
        #expect(Array(words[start..<end]) == ciPackages)
    }

    /// Runs the quick-start line verbatim with stand-ins for id, sudo, apt-get and swift
    /// that log their arguments; returns the log.
    static func runQuickStart(uid: Int) throws -> [String]? {
        guard let sh = ProgramRun.which("sh") else { return nil }
        let bin = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: bin) }
        let log = bin.appendingPathComponent("log")
        let stubs = [
            "id": "[ \"$1\" = -u ] && echo \(uid)",
            "sudo": "echo \"sudo $*\" >> \(log.path); \"$@\"",
            "apt-get": "echo \"apt-get $*\" >> \(log.path)",
            "swift": "echo \"swift $*\" >> \(log.path)",
        ]
        for (name, body) in stubs {
            let url = bin.appendingPathComponent(name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        let result = try ProgramRun.run(
            sh, ["-c", try quickStart()], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        return (try String(contentsOf: log, encoding: .utf8)).split(separator: "\n").map {
            String($0.prefix(40))
        }
    }

    @Test func theQuickStartWorksAsRootAndWithSudo() throws {
        guard let asRoot = try Self.runQuickStart(uid: 0) else { return }
        #expect(
            asRoot
                == [
                    "apt-get update", "apt-get install -y --no-install-recommends l",
                    "swift run capcheck list",
                ].map { String($0.prefix(40)) })
        let asUser = try #require(try Self.runQuickStart(uid: 1000))
        #expect(asUser.first == "sudo apt-get update")
        #expect(asUser.contains { $0.hasPrefix("sudo apt-get install -y") })
        #expect(asUser.last == "swift run capcheck list")
    }

    @Test func theRunTestsCommandIsSwiftTestAsInCI() throws {
        let readme = try Self.read("README.md")
        #expect(readme.contains("Run the tests:\n\n```sh\nswift test\n```"))
        #expect(try Self.read(".ci/run").contains("\nswift test >\"$log\" 2>&1\n"))
    }

    @Test(arguments: [
        "README.md", "Documentation/detection.md", "Documentation/manifests.md",
        "Documentation/decisions.md", "Fixtures/manifests/README.md", "BENCHMARKS.md",
    ])
    func nothingPointsOutsideTheRepository(path: String) throws {
        let text = try Self.read(path)
        #expect(!text.contains("../shared"), "\(path)")
        #expect(!text.contains("shared/reference"), "\(path)")
    }

    @Test func everyRepositoryFileTheReadmeNamesExists() throws {
        let readme = try Self.read("README.md")
        let pattern = try NSRegularExpression(
            pattern:
                "`((?:Documentation|contrib|Scripts|Examples|Fixtures|Plugins)/[A-Za-z0-9_./-]+)`")
        let range = NSRange(readme.startIndex..., in: readme)
        let paths = pattern.matches(in: readme, range: range).compactMap {
            Range($0.range(at: 1), in: readme).map { String(readme[$0]) }
        }
        #expect(paths.count >= 8)
        for path in paths where !path.contains("*") {
            #expect(
                FileManager.default.fileExists(
                    atPath: ProgramRun.packageRoot.appendingPathComponent(path).path), "\(path)")
        }
    }
}
