import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// The command table is the one source of help, man page, completions and suggestions.
@Suite struct CommandTableTests {
    /// A value each option accepts while parsing (the run may still fail later).
    static func sampleValue(_ option: OptionSpec) -> String {
        if case .choices(let words) = option.completion, let first = words.first { return first }
        switch option.long {
        case "assume": return "net.wifi=present"
        case "count", "timeout": return "1"
        default: return "x"
        }
    }

    @Test func everyOptionInTheTableIsOneTheCommandParses() throws {
        for type in CapCheck.commands {
            for option in type.options {
                for spelling in option.spellings {
                    var arguments = [spelling]
                    if option.value != nil { arguments.append(Self.sampleValue(option)) }
                    var cursor = ArgumentCursor(arguments, command: type.name)
                    _ = try? type.init(&cursor)
                    // Whatever else fails (a missing MANIFEST), the option itself was taken.
                    let leftover = cursor.tokens.contains {
                        if case .option = $0 { return true }
                        return false
                    }
                    #expect(!leftover, "\(type.name) does not parse \(spelling)")
                }
            }
        }
    }

    @Test func theOverviewListsEveryCommandInOneColumn() throws {
        let lines = CLI.run(["--help"]).stdout.split(separator: "\n").map(String.init)
        let entries =
            CapCheck.commands.map { ("  " + $0.name + " ", $0.abstract) }
            + [("  help [command] ", "Show help for a command")]
        var columns: Set<Int> = []
        for (name, abstract) in entries {
            let line = try #require(lines.first { $0.hasPrefix(name) }, "\(name)")
            let start = try #require(line.range(of: abstract), "\(line)").lowerBound
            columns.insert(line.distance(from: line.startIndex, to: start))
        }
        #expect(columns.count == 1, "\(columns)")
    }

    @Test func helpShowsEveryOptionOfTheTable() {
        for type in CapCheck.commands {
            let help = CLI.run(["help", type.name]).stdout
            for option in type.options {
                #expect(help.contains(option.signature), "\(type.name): \(option.signature)")
            }
        }
    }

    @Test(arguments: [
        (["list", "--jsn"], "unknown option '--jsn' (did you mean '--json'?)"),
        (["verify", "m.json", "--stirct"], "unknown option '--stirct' (did you mean '--strict'?)"),
        (["report", "--ouptut", "x"], "unknown option '--ouptut' (did you mean '--output'?)"),
        (["matrix", "--flet", "d"], "unknown option '--flet' (did you mean '--fleet'?)"),
        (["--verison"], "unknown option '--verison' (did you mean '--version'?)"),
        (["list", "--bogus"], "unknown option '--bogus'\n"),
        (["list", "--color", "alway"], "not 'alway' (did you mean 'always'?)"),
        (["completion", "bsh"], "unknown shell 'bsh' (did you mean 'bash'?)"),
    ])
    func unknownOptionsGetTheNearestKnownOne(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.code == .usage)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(arguments: [
        (["completion"], "capcheck: error: missing SHELL (bash, zsh or fish)"),
        (["completion", "bash", "zsh"], "capcheck: error: unexpected argument 'zsh'"),
        (["man", "extra"], "capcheck: error: unexpected argument 'extra'"),
        (["man", "--json"], "capcheck: error: unknown option '--json'"),
    ])
    func manAndCompletionRejectWhatTheyDoNotTake(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.code == .usage)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    /// The checked-in copies of generated files and how to make them.
    static let generated: [(path: String, arguments: [String])] = [
        ("Documentation/capcheck.1", ["man"]),
        ("contrib/completion/capcheck.bash", ["completion", "bash"]),
        ("contrib/completion/_capcheck", ["completion", "zsh"]),
        ("contrib/completion/capcheck.fish", ["completion", "fish"]),
    ]

    /// Fails when a checked-in copy differs from what the table generates now;
    /// `CAPCHECK_RECORD=1 swift test --filter CommandTableTests` rewrites them (and fails).
    @Test(arguments: generated.map(\.path))
    func checkedInCopiesAreUpToDate(path: String) throws {
        let arguments = try #require(Self.generated.first { $0.path == path }).arguments
        let result = CLI.run(arguments)
        #expect(result.code == .ok)
        let url = ProgramRun.packageRoot.appendingPathComponent(path)
        if ProcessInfo.processInfo.environment["CAPCHECK_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: url)
            Issue.record("recorded \(path); run again without CAPCHECK_RECORD=1")
            return
        }
        let checkedIn = try String(contentsOf: url, encoding: .utf8)
        #expect(
            checkedIn == result.stdout,
            "\(path) is stale: run 'CAPCHECK_RECORD=1 swift test --filter CommandTableTests'")
    }

    @Test func manPageFormatsWithoutGroffWarnings() throws {
        guard let groff = ProgramRun.which("groff") else {
            #expect(!ProgramRun.inCI, "groff is missing: install .ci/apt-packages")
            return
        }
        let page = CLI.run(["man"]).stdout
        let result = try ProgramRun.run(
            groff, ["-man", "-Tutf8", "-ww", "-z"], environment: ["PATH": "/usr/bin:/bin"],
            stdin: page)
        #expect(result.status == 0)
        #expect(result.stderr == "", "\(result.stderr)")
        let text = try ProgramRun.run(
            groff, ["-man", "-Tascii", "-P-cbou"], environment: ["PATH": "/usr/bin:/bin"],
            stdin: page
        ).stdout
        #expect(text.contains("capcheck list"))
        #expect(text.contains("--fleet DIR"))
        #expect(text.contains("EXIT STATUS"))
    }

    /// Runs the bash script's function as bash would on TAB and returns COMPREPLY.
    static func bashComplete(_ words: [String]) throws -> [String]? {
        guard let bash = ProgramRun.which("bash") else { return nil }
        let script = CLI.run(["completion", "bash"]).stdout
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = """
            \(script)
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _capcheck
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ProgramRun.run(bash, ["--norc", "-c", program])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        guard let commands = try Self.bashComplete(["capcheck", "ve"]) else {
            #expect(!ProgramRun.inCI, "bash is missing")
            return
        }
        #expect(commands == ["verify"])
        #expect(try Self.bashComplete(["capcheck", "list", "--f"]) == ["--from", "--format"])
        #expect(
            try Self.bashComplete(["capcheck", "list", "--format", ""]) == [
                "text", "json", "prometheus",
            ])
        #expect(try Self.bashComplete(["capcheck", "completion", "z"]) == ["zsh"])
        #expect(try Self.bashComplete(["capcheck", "help", "wa"]) == ["watch"])
    }

    @Test(arguments: [("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func zshAndFishScriptsParse(shell: String, check: [String]) throws {
        guard let path = ProgramRun.which(shell) else {
            #expect(!ProgramRun.inCI, "\(shell) is missing: install .ci/apt-packages")
            return
        }
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("script")
        try Data(CLI.run(["completion", shell]).stdout.utf8).write(to: file)
        let result = try ProgramRun.run(
            path, check + [file.path],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func fishOffersTheTablesValuesForAnOption() throws {
        guard let words = try FishCompletion.words("capcheck list --format ") else { return }
        #expect(words.sorted() == ["json", "prometheus", "text"])
    }
}
