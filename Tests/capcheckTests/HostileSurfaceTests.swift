import CapabilityProbeTesting
import Foundation
import Testing

/// The surface added since the first hostile-input round (issue 24) as an attacker would use
/// it: folders of recordings others can write, output paths, the environment, built
/// manifests. Every run goes through the binary with a timeout and a memory limit.
@Suite struct HostileSurfaceTests {
    static func run(_ arguments: [String], environment: [String: String]? = nil)
        throws -> ProgramRun.Result
    {
        try ProgramRun.capcheck(
            arguments, environment: environment, directory: BadInputCorpusTests.root,
            timeout: 20, memoryLimit: BadInputCorpusTests.memoryLimit)
    }

    static var isRoot: Bool { getuid() == 0 }

    /// A folder with a recording, a FIFO nobody writes to, and links to a device, to
    /// standard input and to a recording: only the recording itself is read (links are not
    /// followed), and nothing blocks.
    @Test func fleetReadsOnlyRegularFilesAndNeverBlocks() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: BadInputCorpusTests.root.appendingPathComponent("Fixtures/udevadm/RPI3B.txt"),
            to: folder.appendingPathComponent("RPI3B.txt"))
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("zero").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("stdin").path,
            withDestinationPath: "/dev/stdin")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.txt").path,
            withDestinationPath: folder.appendingPathComponent("RPI3B.txt").path)
        let matrix = try Self.run([
            "matrix", "--fleet", folder.path, "--manifest", "Fixtures/matrix/gyroscope.plist",
        ])
        #expect(matrix.status == 0)
        #expect(matrix.stderr.isEmpty)
        #expect(matrix.stdout.contains("1 machine recording(s)"))
        let report = try Self.run(["report", "--from", folder.path, "--format", "csv"])
        #expect(report.status == 0)
        #expect(report.stderr.isEmpty)
    }

    /// A folder of 50 stray files costs two lines on standard error: the first by name, the
    /// rest as a count.
    @Test func manyStrayFilesInAFleetCostTwoLines() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: BadInputCorpusTests.root.appendingPathComponent("Fixtures/udevadm/RPI3B.txt"),
            to: folder.appendingPathComponent("RPI3B.txt"))
        for index in 0..<50 {
            try Data("stray\n".utf8).write(
                to: folder.appendingPathComponent(String(format: "stray-%02d.txt", index)))
        }
        let outcome = try Self.run([
            "matrix", "--fleet", folder.path, "--manifest", "Fixtures/matrix/gyroscope.plist",
        ])
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr
                == "capcheck: warning: skipped \(folder.path)/stray-00.txt:1: not a udevadm dump, umockdev recording or capcheck snapshot: 'stray' is neither a 'P: /devices/…' line nor a JSON object\n"
                + "capcheck: warning: skipped 49 more files of \(folder.path) that are no recordings\n"
        )
    }

    /// A link another user owns, pointing at a secret the invoking user (root) can read:
    /// the message quotes none of it. (A fleet does not follow links at all.)
    @Test(.enabled(if: isRoot)) func recordingReachedThroughAnotherUsersLinkIsNotQuoted() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent(".shadow")
        try Data("root:$6$secret-hash:19000:0:99999:7:::\n".utf8).write(to: secret)
        let link = folder.appendingPathComponent("machine.txt")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: secret.path)
        #expect(lchown(link.path, 65534, 65534) == 0)
        let outcome = try Self.run(["list", "--from", link.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(link.path):1: not a udevadm dump, umockdev recording or capcheck snapshot: the first line is neither a 'P: /devices/…' line nor a JSON object\n"
        )
        let fleet = try Self.run([
            "matrix", "--fleet", folder.path, "--manifest", "Fixtures/matrix/gyroscope.plist",
        ])
        #expect(fleet.status == 0)
        #expect(!fleet.stderr.contains("secret"))
        // A folder on the way that is another user's link counts the same.
        let secrets = folder.appendingPathComponent("secrets")
        try FileManager.default.createDirectory(at: secrets, withIntermediateDirectories: true)
        try Data("root:$6$secret-hash\n".utf8).write(to: secrets.appendingPathComponent("s"))
        let folderLink = folder.appendingPathComponent("via")
        try FileManager.default.createSymbolicLink(
            atPath: folderLink.path, withDestinationPath: secrets.path)
        #expect(lchown(folderLink.path, 65534, 65534) == 0)
        let through = try Self.run(["list", "--from", folderLink.path + "/s"])
        #expect(through.status == 65)
        #expect(!through.stderr.contains("secret"))
        #expect(
            through.stderr.hasSuffix(
                ": the first line is neither a 'P: /devices/…' line nor a JSON object\n"))
    }

    /// Manifests, tables and recordings reached through another user's link to a file
    /// only root can read: `verify`, `lint`, `matrix` and `list` name the file and the place,
    /// never a key, column, cell or id from it (issue 41: the guard covered `--from`
    /// detection only).
    @Test(.enabled(if: isRoot))
    func inputsReachedThroughAnotherUsersLinkAreNotQuoted() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        func planted(_ name: String, _ secret: String) throws -> String {
            let target = folder.appendingPathComponent("." + name)
            try Data(secret.utf8).write(to: target)
            #expect(chmod(target.path, 0o600) == 0)
            let link = folder.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(
                atPath: link.path, withDestinationPath: target.path)
            #expect(lchown(link.path, 65534, 65534) == 0)
            return link.path
        }
        let json = try planted(
            "m.json", "{\"version\": 1,\n \"require\": [\"api-token-s3cr3t\"]}\n")
        let yaml = try planted(
            "c.yml", "---\nFile: DEP-11\n---\nID: s3cr3t\nID: s3cr3t-again\n")
        let table = try planted("t.csv", "Name,s3cr3t-column\nA,yes\n")
        let snapshot = try planted(
            "s.json", "{\"schema\": 1, \"devices\": [], \"s3cr3t\": 1, \"s3cr3t\": 2}\n")
        let reason =
            "what is wrong is not shown (the path passes through a symbolic link another user owns)"
        let runs: [([String], String)] = [
            (["lint", json], "\(json): \(reason)"),
            (["verify", json, "--from", "Fixtures/udevadm/RPI3B.txt"], "\(json): \(reason)"),
            (["verify", yaml], "\(yaml): line 5, column 1: \(reason)"),
            (
                ["matrix", "Fixtures/matrix/phones.csv", "--manifest", json],
                "\(json): \(reason)"
            ),
            (
                ["matrix", table, "--manifest", "Fixtures/matrix/gyroscope.plist"],
                "\(table):1: \(reason)"
            ),
            (["list", "--from", snapshot], "\(snapshot):1: \(reason)"),
        ]
        for (arguments, message) in runs {
            let outcome = try Self.run(arguments)
            #expect(outcome.status == 65, "\(arguments)")
            #expect(outcome.stderr == "capcheck: error: \(message)\n", "\(arguments)")
            #expect(!outcome.stdout.contains("s3cr3t"))
        }
    }

    /// A table's text in every `matrix` format (issue 41): its `#` lines are one CSV cell
    /// each (no `=HYPERLINK(…)` cell), zero-width, tag and directional-mark characters are
    /// never raw (`?` in text, CSV and Markdown, escaped in JSON), and a URL is no live link
    /// in Markdown.
    @Test func tableTextIsInertInEveryMatrixFormat() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hidden = "\u{061C}\u{200B}\u{200E}\u{2028}\u{2060}\u{FEFF}\u{E0041}"
        let table = folder.appendingPathComponent("t.csv")
        try Data(
            ("# source: see,=HYPERLINK(\"https://evil.example/x\",\"click\")\n"
                + "Name,GPS\nPixel\(hidden) 7,yes\nwww.evil.example,no\n").utf8
        ).write(to: table)
        func output(_ format: String) throws -> String {
            let outcome = try Self.run([
                "matrix", table.path, "--manifest", "Fixtures/matrix/gyroscope-gps.plist",
                "--format", format,
            ])
            #expect(outcome.status == 0, "\(format): \(outcome.stderr)")
            #expect(
                !outcome.stdout.unicodeScalars.contains { hidden.unicodeScalars.contains($0) },
                "\(format)")
            return outcome.stdout
        }
        let csv = try output("csv").split(separator: "\n")
        #expect(
            csv[1] == ##""# source: see,=HYPERLINK(""https://evil.example/x"",""click"")""##)
        #expect(
            csv.contains(
                "Pixel??????? 7,Pixel??????? 7,undecided,,gyroscope,the table does not say: gyroscope"
            ))
        let json = try output("json")
        #expect(json.contains(#""Pixel\u061c\u200b\u200e\u2028\u2060\ufeff\udb40\udc41 7""#))
        let markdown = try output("md")
        #expect(
            markdown.contains("- source: see,=HYPERLINK(\"https\\://evil.example/x\",\"click\")\n"))
        #expect(markdown.contains("| www\\.evil.example |"))
        #expect(try output("text").contains("Pixel??????? 7"))
    }

    /// A file the user names is quoted, but only its first 16 bytes.
    @Test func nonRecordingIsQuotedByItsFirstBytesOnly() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        try Data("root:$6$secret-hash:19000:0:99999:7:::\n".utf8).write(to: file)
        let outcome = try Self.run(["list", "--from", file.path])
        #expect(outcome.status == 65)
        #expect(
            outcome.stderr
                == "capcheck: error: \(file.path):1: not a udevadm dump, umockdev recording or capcheck snapshot: 'root:$6$secret-h…' is neither a 'P: /devices/…' line nor a JSON object\n"
        )
    }

    /// `report -o` and `--junit` refuse a link (dangling or not) and a FIFO, and leave the
    /// link's target as it was.
    @Test func outputsRefuseLinksAndFIFOs() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("precious")
        try Data("keep\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: target.path)
        let dangling = folder.appendingPathComponent("dangling")
        try FileManager.default.createSymbolicLink(
            atPath: dangling.path, withDestinationPath: folder.appendingPathComponent("new").path)
        let fifo = folder.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let recording = "Fixtures/udevadm/RPI3B.txt"
        for (path, kind) in [
            (link, "a symbolic link"), (dangling, "a symbolic link"), (fifo, "a FIFO"),
        ] {
            let report = try Self.run(["report", "--from", recording, "-o", path.path])
            #expect(report.status == 74)
            #expect(
                report.stderr
                    == "capcheck: error: \(path.path): cannot write the report: not a regular file (\(kind))\n"
            )
            let junit = try Self.run([
                "verify", "Fixtures/matrix/gyroscope.plist", "--from", recording, "--junit",
                path.path,
            ])
            #expect(junit.status == 74)
            #expect(
                junit.stderr
                    == "capcheck: error: \(path.path): cannot write the JUnit report: not a regular file (\(kind.lowercased()))\n"
            )
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new").path))
    }

    /// A regular file is replaced by rename: the new content, its old permission bits, and
    /// no temporary file left beside it.
    @Test func outputReplacesARegularFileAtomically() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("report.md")
        try Data("old\n".utf8).write(to: output)
        #expect(chmod(output.path, 0o640) == 0)
        let outcome = try Self.run([
            "report", "--from", "Fixtures/udevadm/RPI3B.txt", "-o", output.path,
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("| Feature |"))
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.md"])
    }

    /// `UMOCKDEV_DIR` set outside a test bed (no preload library) is ignored: its files never
    /// reach the output.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/sys/devices")))
    func umockdevDirOutsideATestbedIsIgnored() throws {
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kernel = folder.appendingPathComponent("proc/sys/kernel")
        try FileManager.default.createDirectory(at: kernel, withIntermediateDirectories: true)
        try Data("planted-host-name\n".utf8).write(to: kernel.appendingPathComponent("hostname"))
        var environment = ProcessInfo.processInfo.environment
        environment["UMOCKDEV_DIR"] = folder.path
        let outcome = try ProgramRun.capcheck(
            ["list", "--json"], machine: .host, environment: environment, timeout: 20,
            memoryLimit: BadInputCorpusTests.memoryLimit)
        #expect(outcome.status == 0)
        #expect(!outcome.stdout.contains("planted-host-name"))
    }

    /// `--redact` removes the MAC inside `enx…` names too: the device id, `DEVPATH`,
    /// `INTERFACE`, `ID_NET_NAME` and `SYSTEMD_ALIAS`.
    @Test func redactionRemovesTheMACInsideInterfaceNames() throws {
        let outcome = try Self.run([
            "list", "--from", "Fixtures/bad/recording-enx-interface.txt", "--devices", "--redact",
            "--json",
        ])
        #expect(outcome.status == 0)
        #expect(!outcome.stdout.contains("1a2b3c4d5e"))
        #expect(outcome.stdout.contains("\"INTERFACE\" : \"enx[REMOVED]\""))
        #expect(outcome.stdout.contains("/net/enx[REMOVED]\""))
    }

    /// A bare binary AndroidManifest.xml (as taken out of an APK) is detected by content.
    @Test func bareBinaryAndroidManifestIsDetectedWithoutKind() throws {
        let outcome = try Self.run(["lint", "Fixtures/bad/android-string-pool-shared.xml"])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout.hasPrefix(
                "Fixtures/bad/android-string-pool-shared.xml (android): 2 requirements"))
    }

    /// A number out of range in `machine.memoryBytes` skips the machine block with a
    /// warning that names it, instead of "the given data was not valid JSON".
    @Test func memoryOutOfRangeNamesItsField() throws {
        let outcome = try Self.run([
            "list", "--from", "Fixtures/bad/snapshot-memory-out-of-range.json", "--json",
        ])
        #expect(outcome.status == 0)
        #expect(
            outcome.stdout.contains(
                "\"reason\" : \"machine: a number out of range for its field (counts are whole numbers below 2^63): skipped\""
            ))
    }

    /// 20 000 unknown features near known ones: "did you mean" for the first few only.
    @Test func suggestionsAreBoundedInNumber() throws {
        let outcome = try Self.run(["lint", "Fixtures/bad/android-many-unknown-features.xml"])
        #expect(outcome.status == 0)
        let suggestions = outcome.stdout.components(separatedBy: "did you mean").count - 1
        #expect(suggestions <= 20)
    }
}
