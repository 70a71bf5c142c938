import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// Colour, `--format`, Prometheus metrics and `--version`.
@Suite struct OutputFormatTests {
    static let dump = CLI.fixture("udevadm/LENOVO_T430S.txt")
    static let green = "\u{1b}[32m"
    static let dim = "\u{1b}[2m"
    static let yellow = "\u{1b}[33m"
    static let red = "\u{1b}[31m"

    @Test func listColoursStatusesOnATerminal() {
        let result = CLI.run(["list", "--from", Self.dump], terminal: true)
        #expect(result.stdout.contains(Self.green + "present\u{1b}[0m"))
        #expect(result.stdout.contains(Self.yellow + "unknown\u{1b}[0m"))
        #expect(result.stdout.contains(Self.dim + "absent\u{1b}[0m"))
        // Colour does not move a column: without the codes the text is the plain table.
        let stripped = result.stdout.replacingOccurrences(
            of: "\u{1b}\\[[0-9]*m", with: "", options: .regularExpression)
        #expect(stripped == CLI.run(["list", "--from", Self.dump]).stdout)
    }

    @Test(arguments: [
        (["--color", "never"], true, [String: String]()),
        ([], false, [:]),
        ([], true, ["NO_COLOR": "1"]),
        (["--color=auto"], true, ["NO_COLOR": "yes"]),
    ])
    func noColourOffATerminalWithNoColorOrNever(
        extra: [String], terminal: Bool, variables: [String: String]
    ) {
        let result = CLI.run(
            ["list", "--from", Self.dump] + extra, terminal: terminal, variables: variables)
        #expect(result.code == .ok)
        #expect(!result.stdout.contains("\u{1b}"))
    }

    @Test func colorAlwaysColoursAPipeAndEmptyNoColorDoesNotDisable() {
        #expect(
            CLI.run(["list", "--from", Self.dump, "--color", "always"]).stdout.contains(Self.green))
        #expect(
            CLI.run(["list", "--from", Self.dump], terminal: true, variables: ["NO_COLOR": ""])
                .stdout.contains(Self.green))
    }

    @Test(arguments: [
        (["--color", "auto"], ["TERM": "dumb"], false),
        ([], ["TERM": "dumb", "FORCE_COLOR": "1"], true),
        ([], ["NO_COLOR": "1", "FORCE_COLOR": "1"], false),
        (["--color"], ["TERM": "dumb"], true),
        (["--color", "always"], ["TERM": "dumb"], true),
    ])
    func dumbTerminalHasNoColourUnlessForcedAlwaysOrBareColor(
        extra: [String], variables: [String: String], coloured: Bool
    ) {
        let result = CLI.run(
            ["list", "--from", Self.dump] + extra, terminal: true, variables: variables)
        #expect(result.code == .ok)
        #expect(result.stdout.contains(Self.green) == coloured, "\(extra) \(variables)")
    }

    @Test(arguments: [
        (["FORCE_COLOR": "1"], true),
        (["FORCE_COLOR": "true"], true),
        (["CLICOLOR_FORCE": "1"], true),
        (["FORCE_COLOR": "0"], false),
        (["CLICOLOR_FORCE": "0"], false),
        (["FORCE_COLOR": ""], false),
        (["FORCE_COLOR": "1", "NO_COLOR": "1"], false),
    ])
    func forceColorOrClicolorForceColoursAPipe(variables: [String: String], coloured: Bool) {
        let result = CLI.run(["list", "--from", Self.dump], variables: variables)
        #expect(result.stdout.contains(Self.green) == coloured, "\(variables)")
        let never = CLI.run(["list", "--from", Self.dump, "--color=never"], variables: variables)
        #expect(!never.stdout.contains("\u{1b}"))
    }

    @Test func bareColorBeforeAnotherOptionOrAFileMeansAlways() {
        let first = CLI.run(["list", "--color", "--from", Self.dump])
        #expect(first.code == .ok)
        #expect(first.stdout.contains(Self.green))
        let verify = CLI.run(
            ["verify", "--color", "-", "--from", Self.dump],
            stdin: #"{"version": 1, "require": ["net.wifi"]}"#)
        #expect(verify.code == .ok)
        #expect(verify.stdout.contains(Self.green + "satisfied"))
        #expect(CLI.run(["list", "--color", "--color=never"]).code == .usage)
        #expect(CLI.run(["list", "--color=sometimes"]).stderr.contains("--color must be auto"))
    }

    @Test func verifyPaintsUnmetRedAndMetGreen() {
        let result = CLI.run(
            ["verify", "-", "--from", Self.dump, "--color", "always"],
            stdin: #"{"version": 1, "require": ["net.wifi", "sensor.gyroscope"]}"#)
        #expect(result.code == .unmet)
        #expect(result.stdout.contains(Self.red + "✘\u{1b}[0m"))
        #expect(result.stdout.contains(Self.red + "unsatisfied\u{1b}[0m"))
        #expect(result.stdout.contains(Self.green + "satisfied\u{1b}[0m"))
    }

    @Test func formatJSONIsTheJSONFlag() {
        let flag = CLI.run(["list", "--from", Self.dump, "--json"])
        let format = CLI.run(["list", "--from", Self.dump, "--format", "json"])
        #expect(flag.code == .ok)
        #expect(format.stdout == flag.stdout)
        #expect(
            CLI.run(["list", "--from", Self.dump, "--format", "text"]).stdout.hasPrefix("Machine"))
    }

    @Test(arguments: [
        (["list", "--format", "yaml"], "--format must be text, json or prometheus, not 'yaml'"),
        (["list", "--json", "--format", "text"], "--json and --format text exclude each other"),
        (
            ["verify", "m", "--format", "prometheus", "--github"],
            "--format prometheus and --github"
        ),
    ])
    func badFormatsAreUsageErrors(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.code == .usage)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    // MARK: Prometheus

    /// Parses exposition text with the official client's parser (python3-prometheus-client):
    /// one `[family, type, sample, labels, value]` per sample; nil when it is not installed.
    static func parse(_ text: String) throws -> [(
        family: String, type: String, name: String, labels: [String: String], value: Double
    )]? {
        // Debian's python3, where apt installs python3-prometheus-client (not a pyenv shim).
        let system = "/usr/bin/python3"
        guard
            let python = FileManager.default.isExecutableFile(atPath: system)
                ? system : ProgramRun.which("python3")
        else { return nil }
        let program = """
            import json, sys
            try:
                from prometheus_client.parser import text_string_to_metric_families
            except ImportError:
                sys.exit(3)
            out = []
            for family in text_string_to_metric_families(sys.stdin.read()):
                for s in family.samples:
                    out.append([family.name, family.type, s.name, s.labels, s.value])
            print(json.dumps(out))
            """
        let result = try ProgramRun.run(python, ["-c", program], stdin: text)
        if result.status == 3 { return nil }
        #expect(result.status == 0, "the parser rejected the metrics: \(result.stderr)")
        guard result.status == 0,
            let rows = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
                as? [[Any]]
        else { return [] }
        return rows.compactMap { row in
            guard row.count == 5, let family = row[0] as? String, let type = row[1] as? String,
                let name = row[2] as? String, let labels = row[3] as? [String: String],
                let value = row[4] as? Double
            else { return nil }
            return (family, type, name, labels, value)
        }
    }

    @Test func listPrometheusParsesWithTheOfficialClient() throws {
        let result = CLI.run(["list", "--from", Self.dump, "--format", "prometheus"])
        #expect(result.code == .ok)
        guard let samples = try Self.parse(result.stdout) else {
            #expect(
                !ProgramRun.inCI, "python3-prometheus-client is missing: install .ci/apt-packages")
            return
        }
        let report = try JSONDecoder().decode(
            CapabilityReport.self,
            from: Data(CLI.run(["list", "--from", Self.dump, "--json"]).stdout.utf8))
        for finding in report.capabilities {
            let states = samples.filter {
                $0.name == "capcheck_capability" && $0.labels["id"] == finding.id.rawValue
            }
            #expect(states.count == 3, "\(finding.id)")
            #expect(
                states.filter { $0.value == 1 }.map { $0.labels["status"] } == [
                    finding.status.rawValue
                ])
        }
        let counts = Dictionary(
            uniqueKeysWithValues: samples.filter { $0.name == "capcheck_capabilities" }.compactMap {
                s in s.labels["status"].map { ($0, Int(s.value)) }
            })
        #expect(counts["present"] == report.capabilities.filter { $0.status == .present }.count)
        #expect(samples.allSatisfy { $0.type == "gauge" })
        // No series twice (node_exporter refuses a textfile with duplicates).
        let keys = samples.map { "\($0.name)\($0.labels.sorted { $0.key < $1.key })" }
        #expect(Set(keys).count == keys.count)
    }

    @Test func prometheusEscapesAHostileMachineName() throws {
        let path = CLI.fixture("matrix/hostile-machine.json")
        let text = CLI.run(["list", "--from", path, "--format", "prometheus"]).stdout
        let model = try #require(
            try JSONDecoder().decode(
                CapabilityReport.self, from: Data(contentsOf: URL(fileURLWithPath: path))
            ).machine.model)
        let expected = String(
            String.UnicodeScalarView(
                model.unicodeScalars.map {
                    $0 == "\n" ? $0 : TerminalText.sanitize(String($0)).unicodeScalars.first ?? "?"
                }))
        #expect(PrometheusRenderer.escape("a\\b\"c\nd") == #"a\\b\"c\nd"#)
        guard let samples = try Self.parse(text) else {
            #expect(!ProgramRun.inCI, "python3-prometheus-client is missing")
            return
        }
        let info = try #require(samples.first { $0.name == "capcheck_machine_info" })
        #expect(info.labels["model"] == expected)
    }

    @Test func batteryLevelAndStateAreMetricsWhenThereIsABattery() throws {
        let report = CapabilityReport(
            source: SourceInfo(kind: .live, udevDatabase: true, attributes: true, complete: true),
            machine: MachineIdentity(),
            capabilities: [
                CapabilityFinding(
                    id: .powerBattery, status: .present, count: 1,
                    details: ["level": .double(0.57), "state": "charging"])
            ], devices: [])
        let text = PrometheusRenderer.render(report)
        #expect(text.contains("capcheck_battery_level_ratio 0.57\n"))
        #expect(text.contains("capcheck_battery_state{state=\"charging\"} 1\n"))
        #expect(text.contains("capcheck_battery_state{state=\"unplugged\"} 0\n"))
        var none = report
        none.set(
            CapabilityFinding(
                id: .powerBattery, status: .absent,
                details: ["level": .double(-1), "state": "unknown"]))
        #expect(!PrometheusRenderer.render(none).contains("capcheck_battery_level_ratio"))
        #expect(!PrometheusRenderer.render(none).contains("capcheck_battery_state"))
    }

    @Test func noBatteryMetricsForAMachineWithoutABattery() {
        // The desktop-like QEMU guest has no power_supply: the prober still fills in
        // level -1 and state unknown, which are not metrics.
        let text = CLI.run(
            ["list", "--from", CLI.fixture("udevadm/QEMU_KVM.txt"), "--format", "prometheus"]
        ).stdout
        #expect(text.contains("capcheck_capability{id=\"power.battery\",status=\"absent\"} 1\n"))
        #expect(!text.contains("capcheck_battery_"))
    }

    /// The series of an exposition text: each sample line without its value.
    static func series(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            String($0[..<($0.lastIndex(of: " ") ?? $0.endIndex)])
        }
    }

    /// The family names an exposition text declares.
    static func families(_ text: String) -> Set<String> {
        Set(
            text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map {
                String($0.split(separator: " ")[2])
            })
    }

    @Test func listAndVerifyTextfilesInOneFolderNeverShareASeriesOrAFamily() throws {
        let list = CLI.run(["list", "--from", Self.dump, "--format", "prometheus"]).stdout
        let checks = [
            #"{"version": 1, "require": ["net.wifi"]}"#,
            #"{"version": 1, "require": ["sensor.gyroscope"], "optional": ["nfc"]}"#,
        ].enumerated().map { index, manifest in
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("capcheck-prom-\(index)-\(getpid()).json").path
            _ = FileManager.default.createFile(atPath: path, contents: Data(manifest.utf8))
            defer { try? FileManager.default.removeItem(atPath: path) }
            return CLI.run(["verify", path, "--from", Self.dump, "--format", "prometheus"]).stdout
        }
        // node_exporter merges every file of the folder: a name and label set twice is an
        // error on each scrape, and so is one family with two HELP texts or label sets.
        let all = ([list] + checks).flatMap(Self.series)
        #expect(Set(all).count == all.count)
        for check in checks {
            #expect(Self.families(list).isDisjoint(with: Self.families(check)))
            #expect(Self.families(check).allSatisfy { $0.hasPrefix("capcheck_verify_") })
            #expect(Self.series(check).allSatisfy { $0.contains("{manifest=\"") })
        }
    }

    @Test func verifyPrometheusCarriesTheMachinesCapabilityFamilies() {
        let list = CLI.run(["list", "--from", Self.dump, "--format", "prometheus"]).stdout
        let verify = CLI.run(
            ["verify", "-", "--from", Self.dump, "--format", "prometheus"],
            stdin: #"{"version": 1, "require": ["net.wifi"]}"#
        ).stdout
        for family in ["capability", "capability_functions", "capabilities", "machine_info"] {
            #expect(verify.contains("# TYPE capcheck_verify_\(family) gauge\n"))
        }
        // The same values as list's, one manifest label in front.
        let listed = Self.series(list).filter { $0.hasPrefix("capcheck_capability{") }
        let checked = Self.series(verify).filter { $0.hasPrefix("capcheck_verify_capability{") }
        #expect(
            checked
                == listed.map {
                    $0.replacingOccurrences(
                        of: "capcheck_capability{",
                        with: "capcheck_verify_capability{manifest=\"<stdin>\",")
                })
        #expect(
            verify.contains(
                "capcheck_verify_capability{manifest=\"<stdin>\",id=\"net.wifi\",status=\"present\"} 1\n"
            ))
    }

    @Test func verifyPrometheusOverlaysAssumedFacts() {
        let verify = CLI.run(
            [
                "verify", "-", "--from", Self.dump, "--format", "prometheus", "--assume",
                "sensor.gyroscope=present",
            ],
            stdin: #"{"version": 1, "require": ["sensor.gyroscope"]}"#
        ).stdout
        #expect(
            verify.contains(
                "capcheck_verify_capability{manifest=\"<stdin>\",id=\"sensor.gyroscope\",status=\"present\"} 1\n"
            ))
    }

    @Test func verifyPrometheusGivesTheVerdictAndEachRequirement() throws {
        let manifest =
            #"{"version": 1, "require": ["net.wifi", "sensor.gyroscope"], "optional": ["nfc"]}"#
        let result = CLI.run(
            ["verify", "-", "--from", Self.dump, "--format", "prometheus"],
            stdin: manifest)
        #expect(result.code == .unmet)
        guard let samples = try Self.parse(result.stdout) else {
            #expect(!ProgramRun.inCI, "python3-prometheus-client is missing")
            return
        }
        let verdict = samples.filter { $0.name == "capcheck_verify_verdict" && $0.value == 1 }
        #expect(verdict.map { $0.labels["verdict"] } == ["unsatisfied"])
        #expect(verdict.first?.labels["manifest"] == "<stdin>")
        #expect(samples.first { $0.name == "capcheck_verify_exit_code" }?.value == 1)
        let met = samples.filter { $0.name == "capcheck_verify_requirement" && $0.value == 1 }
        let byKey = Dictionary(
            uniqueKeysWithValues: met.compactMap { s in
                s.labels["key"].map { ($0, s.labels["verdict"] ?? "") }
            })
        #expect(
            byKey == [
                "net.wifi": "satisfied", "sensor.gyroscope": "unsatisfied", "nfc": "optional",
            ])
        let keys = samples.map { "\($0.name)\($0.labels.sorted { $0.key < $1.key })" }
        #expect(Set(keys).count == keys.count)
    }

    // MARK: --version

    @Test func versionNamesTheCommitAndTheLibraries() throws {
        let text = CLI.run(["--version"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("capcheck \(CapCheck.version) (") == true)
        let udev = try #require(lines.first { $0.hasPrefix("libudev ") })
        let pci = try #require(lines.first { $0.hasPrefix("libpci ") })
        #expect(!udev.hasPrefix("libudev unknown") && !pci.hasPrefix("libpci unknown"))
        // The loaded files, as the dynamic loader resolved them (real paths, versioned names).
        #expect(udev.contains("(built against), loaded /") && udev.contains("/libudev.so.1"))
        #expect(pci.contains("(built against), loaded /") && pci.contains("/libpci.so.3"))
        let dotGit = ProgramRun.packageRoot.appendingPathComponent(".git").path
        if FileManager.default.fileExists(atPath: dotGit), let git = ProgramRun.which("git") {
            let head = try ProgramRun.run(
                git, ["-C", ProgramRun.packageRoot.path, "rev-parse", "HEAD"])
            let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(lines.contains("commit " + commit))
            #expect(lines.first == "capcheck \(CapCheck.version) (\(commit.prefix(12)))")
        } else {
            #expect(lines.contains { $0.hasPrefix("commit unknown") })
            #expect(lines.first == "capcheck \(CapCheck.version) (unknown commit)")
        }
    }

    @Test func versionFirstLineIsTheVersionAndTheShortCommit() {
        let commit = "0123456789abcdef0123456789abcdef01234567"
        #expect(
            CapCheck.versionLine(commit: commit) == "capcheck \(CapCheck.version) (0123456789ab)")
        #expect(
            CapCheck.versionLine(commit: nil) == "capcheck \(CapCheck.version) (unknown commit)")
    }

    /// Runs the build-time tool on a directory and returns the `commit` it recorded.
    static func recordedCommit(_ root: URL) throws -> String? {
        let tool = try #require(ProgramRun.built("BuildInfoTool"), "BuildInfoTool is not built")
        let output = root.appendingPathComponent("BuildInfo.swift")
        let result = try ProgramRun.run(tool, [root.path, output.path])
        #expect(result.status == 0)
        let text = try String(contentsOf: output, encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("let commit") })
        guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""),
            open < close
        else { return nil }
        return String(line[line.index(after: open)..<close])
    }

    @Test func buildToolReadsLooseRefsPackedRefsWorktreesAndTarballs() throws {
        let sha = String(repeating: "ab12", count: 10)
        let other = String(repeating: "cd34", count: 10)
        let root = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // A tarball: no .git at all.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("tarball"), withIntermediateDirectories: true)
        #expect(try Self.recordedCommit(root.appendingPathComponent("tarball")) == nil)
        // A clone with a packed branch, then with a loose ref that wins.
        try write("clone/.git/HEAD", "ref: refs/heads/main\n")
        try write(
            "clone/.git/packed-refs",
            "# pack-refs with: peeled\n\(other) refs/heads/other\n\(sha) refs/heads/main\n")
        #expect(try Self.recordedCommit(root.appendingPathComponent("clone")) == sha)
        try write("clone/.git/refs/heads/main", other + "\n")
        #expect(try Self.recordedCommit(root.appendingPathComponent("clone")) == other)
        // A detached HEAD.
        try write("clone/.git/HEAD", sha + "\n")
        #expect(try Self.recordedCommit(root.appendingPathComponent("clone")) == sha)
        // A linked worktree: .git is a file; HEAD in its git dir, refs in the common dir.
        try write("main/.git/refs/heads/topic", sha + "\n")
        try write("main/.git/worktrees/wt/HEAD", "ref: refs/heads/topic\n")
        try write("main/.git/worktrees/wt/commondir", "../..\n")
        try write("wt/.git", "gitdir: \(root.path)/main/.git/worktrees/wt\n")
        #expect(try Self.recordedCommit(root.appendingPathComponent("wt")) == sha)
    }
}
