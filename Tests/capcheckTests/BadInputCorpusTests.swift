import CapabilityProbeTesting
import Foundation
import Testing

/// Every file of Fixtures/bad/ through the real binary, bounded by `timeout`: the exit code
/// and the exact one-line message (a hang would end as exit 124, a crash as a signal).
@Suite struct BadInputCorpusTests {
    static let root = ProgramRun.packageRoot

    /// The address space a run may use: the bound for any input.
    static let memoryLimit = 512 << 20

    /// Runs `capcheck ARGS` from the package root on an empty machine, with a 60-second bound
    /// and ``memoryLimit``.
    static func run(_ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(
            arguments, directory: root, timeout: 60, memoryLimit: memoryLimit)
    }

    static func arguments(for file: String) -> [String] {
        let path = "Fixtures/bad/" + file
        if file.hasPrefix("matrix") {
            return ["matrix", path, "--manifest", "Fixtures/matrix/gyroscope.plist"]
        }
        if file.hasPrefix("snapshot") { return ["list", "--from", path] }
        if file.hasPrefix("recording") { return ["list", "--from", path, "--devices", "--redact"] }
        if file.contains("many-unknown") { return ["lint", "--allow-unknown", path] }
        return ["lint", path]
    }

    /// The first 64 characters of `manifest-huge-key.json`'s 1 050 000-character key.
    static let hugeKeyStart = String(String(repeating: "gps", count: 22).prefix(64))

    @Test(
        arguments: [
            (
                "manifest-duplicate-key.json", 65,
                ": line 3, column 2: duplicate key \"require\" (first at line 2, column 2)"
            ),
            (
                "manifest-deep-nesting.json", 65,
                ": line 1, column 90: arrays and objects nest deeper than 64 levels"
            ),
            (
                "manifest-huge-number.json", 65,
                ": require[0]: bad predicate 'camera.video >= 1280x720@1e300': expected a mode such as 1280x720@30"
            ),
            ("manifest-invalid-utf8.json", 65, nil),
            (
                "manifest-nul.json", 65,
                ": line 1, column 32: not valid JSON: unescaped control character"
            ),
            ("manifest-bom-crlf.json", 0, ""),
            (
                "plist-duplicate-key.plist", 65,
                ": line 4: duplicate key \"UIRequiredDeviceCapabilities\" in one <dict> (first at line 3)"
            ),
            (
                "plist-shared-reference-bomb.plist", 65,
                ": object 44: not a valid binary property list (shared references expand to more than 100000 objects)"
            ),
            (
                "plist-contains-itself.plist", 65,
                ": object 0: not a valid binary property list (a container contains itself)"
            ),
            (
                "plist-truncated-binary.plist", 65,
                ": not a valid binary property list (file too short)"
            ),
            ("plist-utf16-entity.plist", 65, ": line 2: entity declarations are not accepted"),
            ("android-invalid-utf8-name.xml", 65, ": line 1: invalid UTF-8"),
            ("android-pi-without-data.xml", 0, ""),
            ("android-nul.xml", 65, ": line 2: NUL character in the document"),
            ("android-unpaired-surrogate.xml", 65, ": line 1: invalid UTF-16 (unpaired surrogate)"),
            (
                "matrix-duplicate-cell.json", 65,
                ":1: duplicate key \"GPS\" (first at line 1, column 25)"
            ),
            ("matrix-deep-nesting.json", 65, ":1: arrays and objects nest deeper than 64 levels"),
            (
                "matrix-huge-mode.csv", 65,
                ":2: column 'VideoModes': '4000000000x4000000000@30': frame size out of range (at most 1048576 pixels a side)"
            ),
            (
                "matrix-huge-rate.csv", 65,
                ":2: column 'VideoMode': '1280x720@1e300': frame rate out of range"
            ),
            ("matrix-bom-crlf.csv", 0, ""),
            (
                "snapshot-own-parent.json", 65,
                ": devices: parent links form a cycle: /devices/a → /devices/a"
            ),
            (
                "snapshot-parent-cycle.json", 65,
                ": devices: parent links form a cycle: /devices/x → /devices/y → /devices/x"
            ),
            ("snapshot-deep-nesting.json", 65, ":1: arrays and objects nest deeper than 64 levels"),
            (
                "snapshot-duplicate-key.json", 65,
                ":3: duplicate key \"devices\" (first at line 2, column 2)"
            ),
            ("snapshot-huge-facts.json", 0, ""),
            // Step 5: the new surface (issue 24).
            ("snapshot-many-keys.json", 0, ""),
            ("snapshot-memory-out-of-range.json", 0, ""),
            ("android-string-pool-shared.xml", 0, ""),
            (
                "android-string-pool-overlap.xml", 65,
                ": byte 720: the string pool decodes to more than 16 MiB"
            ),
            (
                "plist-shared-string-bomb.plist", 65,
                ": object 0: not a valid binary property list (shared references expand to more than 16 MiB of strings and data)"
            ),
            (
                "android-string-pool-overlap.apk", 65,
                ": AndroidManifest.xml: the string pool decodes to more than 16 MiB (byte 720 of the binary XML)"
            ),
            (
                "plist-shared-string-bomb.ipa", 65,
                ": Payload/A.app/Info.plist: object 0: not a valid binary property list (shared references expand to more than 16 MiB of strings and data)"
            ),
            (
                "plist-deep-shared-arrays.plist", 65,
                ": object 1: not a valid binary property list (containers nest too deeply for their size: the values' depths add up to more than 400000)"
            ),
            (
                "plist-deep-xml-arrays.plist", 65,
                ": line 6: containers nest too deeply for their size: the values' depths add up to more than 400000"
            ),
            ("android-many-unknown-features.xml", 0, ""),
            ("manifest-many-unknown-keys.json", 0, ""),
            ("plist-many-unknown-keys.plist", 0, ""),
            (
                "manifest-huge-key.json", 65,
                ": require[0]: unknown key '\(hugeKeyStart)…' (1050000 characters)"
            ),
            (
                "matrix-huge-ram.csv", 65,
                ":2: column 'RAM': '1e300': amount of memory out of range (at most 8 EiB)"
            ),
            (
                "android-pi-in-declaration.xml", 65,
                ": line 1, column 21: the XML declaration is not closed by '?>' (nothing else may stand in it)"
            ),
            (
                "android-comment-in-attribute.xml", 65,
                ": line 2, column 30: '<' inside an attribute value (write &lt;)"
            ),
            (
                "android-utf16-without-bom.xml", 65,
                ": UTF-16 text without a byte order mark (XML in UTF-16 must start with one)"
            ),
            ("recording-enx-interface.txt", 0, ""),
            (
                "appstream-gzip-bomb.xml.gz", 65,
                ": gzip data: larger than 128 MiB when inflated (the most capcheck reads)"
            ),
            (
                "appstream-many-components.xml.gz", 65,
                ": line 100002: more than 100000 components (the most capcheck reads)"
            ),
            (
                "appstream-many-items.xml.gz", 65,
                ": line 200003: more than 200000 relation items (the most capcheck reads)"
            ),
            // Issue 41: DEP-11 has the XML form's limits, refuses a key given twice, and
            // says what libyaml cannot hold.
            (
                "dep11-many-components.yml.gz", 65,
                ": line 200006: more than 100000 components (the most capcheck reads)"
            ),
            (
                "dep11-many-items.yml.gz", 65,
                ": line 180024: more than 200000 relation items (the most capcheck reads)"
            ),
            (
                "dep11-duplicate-key.yml", 65,
                ": line 10, column 1: duplicate key \"ID\" (first at line 7, column 1)"
            ),
            (
                "dep11-long-scalar.yml.gz", 65,
                ": line 8, column 4: a scalar, comment or run of blank lines longer than 16 MiB (the most capcheck reads in one piece)"
            ),
        ] as [(String, Int32, String?)])
    func defectiveFileExitsWithItsMessage(file: String, status: Int32, message: String?) throws {
        let outcome = try Self.run(Self.arguments(for: file))
        #expect(outcome.status == status)
        let path = "Fixtures/bad/" + file
        switch message {
        case .some(""):
            #expect(outcome.stderr.isEmpty)
        case .some(let message):
            // `message` is what follows the path: ": place: reason" or ":LINE: reason".
            #expect(outcome.stderr == "capcheck: error: \(path)\(message)\n")
        case .none:
            #expect(outcome.stderr.hasPrefix("capcheck: error: \(path): "))
            #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
        }
    }
}

/// Inputs the fuzzers found (Fixtures/bad/fuzz/, named after their target): each once
/// crashed capcheck; now it reads or is refused with one line.
@Suite struct FuzzRegressionTests {
    static let files: [String] = {
        let folder = BadInputCorpusTests.root.appendingPathComponent("Fixtures/bad/fuzz").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }()

    @Test func everyTargetHasItsRegressionsChecked() {
        #expect(!Self.files.isEmpty)
    }

    @Test(arguments: files)
    func crashInputNoLongerCrashes(file: String) throws {
        let path = "Fixtures/bad/fuzz/" + file
        let arguments: [String]
        switch file.split(separator: "-").first {
        case "recording": arguments = ["list", "--from", path, "--devices"]
        case "matrix":
            arguments = ["matrix", path, "--manifest", "Fixtures/matrix/gyroscope.plist"]
        default: arguments = ["lint", path]
        }
        let outcome = try BadInputCorpusTests.run(arguments)
        #expect(outcome.status == 0 || outcome.status == 65, "\(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderr.filter { $0 == "\n" }.count <= 1)
    }
}

/// Memory stays bounded on huge input: peak RSS ≤ 4 × the input size + 32 MiB (measured by
/// GNU time's maximum resident set size, a count, not a clock).
@Suite struct HugeInputMemoryTests {
    static var canMeasure: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/time") }

    /// Peak RSS in bytes and the exit status of `capcheck ARGS`.
    static func peak(_ arguments: [String]) throws -> (bytes: Int, status: Int32, stderr: String) {
        let report = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-rss-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        let outcome = try ProgramRun.run(
            "/usr/bin/time",
            ["-f", "%M", "-o", report.path, "/usr/bin/timeout", "120", ProgramRun.capcheckBinary]
                + arguments, directory: BadInputCorpusTests.root)
        let kilobytes =
            Int(
                try String(contentsOf: report, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)) ?? Int.max
        return (kilobytes * 1024, outcome.status, outcome.stderr)
    }

    /// A 100 MB value; a 60 MB line that is no `X: value` line (skipped with a preview, which
    /// once turned every character into a String: 1.2 GB); a 60 MB continuation line.
    @Test(
        .enabled(if: canMeasure),
        arguments: [
            ("P: /devices/a\nE: NAME=", 100), ("P: /devices/a\n", 60),
            ("P: /devices/a\nE: NAME=x\n", 60),
        ])
    func hugeLineIsReadInBoundedMemory(head: String, megabytes: Int) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-line-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        var data = Data(head.utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: megabytes << 20))
        data.append(Data("\n".utf8))
        try data.write(to: file)
        let result = try Self.peak(["list", "--from", file.path])
        #expect(result.status == 0 || result.status == 65)
        #expect(result.stderr.filter { $0 == "\n" }.count <= 1)
        #expect(
            result.bytes <= 4 * data.count + (32 << 20),
            "peak \(result.bytes >> 20) MiB for \(data.count >> 20) MiB")
    }
}
