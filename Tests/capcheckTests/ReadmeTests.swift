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

    /// The quick-start line's packages (between `--no-install-recommends` and `&&`).
    static func quickStartPackages() throws -> [String] {
        let words = try quickStart().components(separatedBy: " ").filter { !$0.isEmpty }
        let start = try #require(words.firstIndex(of: "--no-install-recommends")) + 1
        let end = try #require(words[start...].firstIndex(of: "&&"))
        return Array(words[start..<end])
    }

    /// Command 1 installs what building and `capcheck list` need and no more: the package of
    /// every system library `Package.swift` names, pkg-config and udev (the hwdb); the tests'
    /// packages (`.ci/apt-packages`, which `Scripts/test` installs) include them all.
    @Test func theQuickStartNamesOnlyWhatBuildingAndListingNeed() throws {
        let packages = try Self.quickStartPackages()
        let manifest = try Self.read("Package.swift")
        let providers = try NSRegularExpression(pattern: #"\.apt\(\["([^"]+)"\]\)"#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        let libraries = providers.matches(in: manifest, range: range).compactMap {
            Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
        #expect(libraries.count >= 5)
        #expect(Set(packages) == Set(libraries + ["pkg-config", "udev"]))
        let testPackages = try Self.read(".ci/apt-packages").split(whereSeparator: \.isWhitespace)
            .map(String.init)
        #expect(Set(packages).isSubset(of: Set(testPackages)))
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

    /// The test command is `Scripts/test`, and `.ci/run` runs the README's two blocks as
    /// written there.
    @Test func theRunTestsCommandIsScriptsTestAsInCI() throws {
        let readme = try Self.read("README.md")
        #expect(readme.contains("\n```sh\nScripts/test\n```\n"))
        let ci = try Self.read(".ci/run")
        #expect(ci.contains("quickstart=$(readme_block 1)"))
        #expect(ci.contains("tests=$(readme_block 2)"))
        #expect(ci.contains("bash -c \"$tests\" >\"$log\" 2>&1"))
        #expect(try Self.read("Scripts/test").contains("\nexec swift test \"$@\"\n"))
    }

    /// Runs `Scripts/test ARGS` with stand-ins for id, sudo, apt-get, dpkg-query (every package
    /// missing) and swift that log their arguments; returns the log.
    static func runTestScript(uid: Int, sudo: Bool) throws -> (status: Int32, log: [String])? {
        guard let sh = ProgramRun.which("sh") else { return nil }
        let bin = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: bin) }
        let log = bin.appendingPathComponent("log")
        var stubs = [
            "id": "[ \"$1\" = -u ] && echo \(uid)",
            "apt-get": "echo \"apt-get $*\" >> \(log.path)",
            "dpkg-query": "exit 1",
            "swift": "echo \"swift $*\" >> \(log.path)",
        ]
        if sudo { stubs["sudo"] = "echo \"sudo $*\" >> \(log.path); \"$@\"" }
        for (name, body) in stubs {
            let url = bin.appendingPathComponent(name)
            try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
            try FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        // Only the stand-ins and the basic tools: no real sudo, apt-get or swift is reached.
        let tools = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tools) }
        for tool in ["sed", "grep", "dirname", "env", "cat"] {
            if let path = ProgramRun.which(tool) {
                try FileManager.default.createSymbolicLink(
                    atPath: tools.appendingPathComponent(tool).path, withDestinationPath: path)
            }
        }
        let script = ProgramRun.packageRoot.appendingPathComponent("Scripts/test").path
        let result = try ProgramRun.run(
            sh, [script, "--filter", "Readme"],
            environment: ["PATH": bin.path + ":" + tools.path])
        let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return (result.status, lines.split(separator: "\n").map { String($0.prefix(48)) })
    }

    @Test func theTestCommandInstallsAsRootOrWithSudo() throws {
        guard let asRoot = try Self.runTestScript(uid: 0, sudo: false) else { return }
        #expect(asRoot.status == 0)
        #expect(asRoot.log.first == "apt-get update -qq")
        #expect(asRoot.log.contains { $0.hasPrefix("apt-get install -y -qq --no-install") })
        #expect(asRoot.log.last == "swift test --filter Readme")
        let asUser = try #require(try Self.runTestScript(uid: 1000, sudo: true))
        #expect(asUser.status == 0)
        #expect(asUser.log.first?.hasPrefix("sudo env DEBIAN_FRONTEND=noninteractive") == true)
        #expect(asUser.log.last == "swift test --filter Readme")
        let withoutSudo = try #require(try Self.runTestScript(uid: 1000, sudo: false))
        #expect(withoutSudo.status == 1)
        #expect(withoutSudo.log.isEmpty)
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

    /// The sentences of the Markdown file at `path` (relative to the package root) that have
    /// more than `limit` words, as (line where the sentence starts, word count). Fenced code
    /// blocks, table rows, headings and blank lines are skipped; a list item (`- `, `* `, `1. `)
    /// starts a new paragraph; a sentence ends at `.`, `!` or `?` before a space and a capital,
    /// a backtick, `*`, `(`, `[` or a double quote. The same split as issue 40's
    /// long-sentences.py.
    static func sentences(in path: String, longerThan limit: Int) throws -> [(
        line: Int, words: Int
    )] {
        var paragraphs: [[(word: Substring, line: Int)]] = []
        var current: [(word: Substring, line: Int)] = []
        var inCode = false
        let listItem = try NSRegularExpression(pattern: #"^\s*([-*]|[0-9]+\.) "#)
        for (index, line) in try read(path).components(separatedBy: "\n").enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("```") {
                inCode.toggle()
            } else if !inCode && !trimmed.hasPrefix("|") && !line.hasPrefix("#")
                && !line.allSatisfy(\.isWhitespace)
            {
                let range = NSRange(line.startIndex..., in: line)
                let item = listItem.firstMatch(in: line, range: range)
                var words = line.split(whereSeparator: \.isWhitespace)
                if item != nil {
                    if !current.isEmpty { paragraphs.append(current) }
                    current = []
                    words.removeFirst()
                }
                current += words.map { ($0, index + 1) }
                continue
            }
            if !current.isEmpty { paragraphs.append(current) }
            current = []
        }
        if !current.isEmpty { paragraphs.append(current) }
        var long: [(line: Int, words: Int)] = []
        for paragraph in paragraphs {
            var start = 0
            for end in paragraph.indices {
                let word = paragraph[end].word
                let next = end + 1 < paragraph.count ? paragraph[end + 1].word.first : nil
                let stops = word.last.map { ".!?".contains($0) } ?? false
                let opens = next.map { $0.isUppercase && $0.isASCII || "`*([\"".contains($0) }
                if next == nil || (stops && opens == true) {
                    if end + 1 - start > limit {
                        long.append((paragraph[start].line, end + 1 - start))
                    }
                    start = end + 1
                }
            }
        }
        return long
    }

    /// Issue 40: the README says what the code does in sentences of at most 60 words.
    @Test(arguments: ["README.md", "ARCHITECTURE.md"])
    func documentSentencesAreAtMostSixtyWords(file: String) throws {
        for sentence in try Self.sentences(in: file, longerThan: 60) {
            Issue.record("\(file):\(sentence.line): a sentence of \(sentence.words) words")
        }
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
