import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// One output-selection convention: every command that prints a document takes `--format`
/// from its ``FormatRegistry``, and help, the man page and the completions say what it does.
@Suite struct FormatOptionTests {
    /// What a registry says about itself, without its document type.
    struct Choices: Sendable, CustomTestStringConvertible {
        var command: String
        var names: [String]
        var aliases: [String]
        var help: String
        var usage: String
        var testDescription: String { command }

        init<Document>(_ command: any Command.Type, _ registry: FormatRegistry<Document>) {
            self.command = command.name
            names = registry.names
            aliases = registry.aliases
            help = registry.help
            usage = registry.usage
        }
    }

    /// Every command with a document and its registry.
    static let registries = [
        Choices(ListCommand.self, ListCommand.formats),
        Choices(VerifyCommand.self, VerifyCommand.formats),
        Choices(AppsCommand.self, AppsCommand.formats),
        Choices(MatrixCommand.self, MatrixCommand.formats),
        Choices(DiffCommand.self, DiffCommand.formats),
        Choices(ReportCommand.self, ReportCommand.formats),
        Choices(WatchCommand.self, WatchCommand.formats),
    ]

    static func command(_ name: String) throws -> any Command.Type {
        try #require(CapCheck.commands.first { $0.name == name })
    }

    static let dump = CLI.fixture("udevadm/LENOVO_T430S.txt")
    static let plist = CLI.fixture("matrix/gyroscope.plist")

    /// A command line per command that prints its document (watch needs a live /sys).
    static let documents: [String: [String]] = [
        "list": ["list", "--from", dump],
        "verify": ["verify", plist, "--from", dump],
        "apps": ["apps", "--root", CLI.fixture("catalog-roots/debian-like"), "--from", dump],
        "matrix": ["matrix", "--builtin", "ios-2011", "--manifest", plist],
        "diff": [
            "diff", plist, CLI.fixture("matrix/gyroscope-gps.plist"), "--builtin", "ios-2011",
        ],
        "report": ["report", "--from", dump],
    ]

    @Test func everyCommandWithAFormatOptionHasARegistry() {
        let withFormat = CapCheck.commands.filter { $0.options.contains { $0.long == "format" } }
        #expect(withFormat.map { $0.name } == Self.registries.map(\.command))
    }

    @Test(arguments: registries)
    func theOptionTableTakesFormatAndItsAliasesFromTheRegistry(choices: Choices) throws {
        let type = try Self.command(choices.command)
        let format = try #require(type.options.first { $0.long == "format" })
        #expect(format.help == choices.help)
        #expect(format.completion == .choices(choices.names))
        #expect(type.usage.contains(choices.usage))
        for alias in choices.aliases {
            #expect(choices.names.contains(alias), "--\(alias) names no format")
            let option = try #require(type.options.first { $0.long == alias }, "--\(alias)")
            #expect(option.value == nil)
            #expect(option.help == "Same as --format \(alias)")
        }
    }

    @Test(arguments: registries)
    func helpAndTheManPageListTheRegistrysChoices(choices: Choices) throws {
        let help = CLI.run(["help", choices.command]).stdout
        #expect(help.contains(choices.usage))
        let wrapped = HelpText.rows([("--format FORMAT", choices.help)])
        #expect(help.contains(wrapped), "\(help)")
        let page = CLI.run(["man"]).stdout
        let section = try #require(
            page.components(separatedBy: ".SS ").first {
                $0.hasPrefix("\"capcheck \(choices.command)\"")
            })
        #expect(
            section.contains(
                ".TP\n\\fB\\-\\-format\\fR \\fIFORMAT\\fR\n" + ManPage.escape(choices.help) + "\n"))
        #expect(section.contains(ManPage.escape(choices.usage)))
    }

    @Test(arguments: registries)
    func everyShellCompletesTheRegistrysChoices(choices: Choices) throws {
        let words = choices.names.joined(separator: " ")
        let bash = CLI.run(["completion", "bash"]).stdout
        let branch = try #require(
            bash.components(separatedBy: "\n        \(choices.command))\n").dropFirst().first?
                .components(separatedBy: "\n            ;;\n").first)
        #expect(
            branch.contains("--format)\n                    COMPREPLY=($(compgen -W \"\(words)\""))
        let zsh = CLI.run(["completion", "zsh"]).stdout
        #expect(zsh.contains(":FORMAT:(\(words))'"))
        let fish = CLI.run(["completion", "fish"]).stdout
        #expect(
            fish.contains(
                "complete -c capcheck -n '__fish_seen_subcommand_from \(choices.command)' -l format -x -a '\(words)'"
            ))
        guard
            let spaced = try CommandTableTests.bashComplete([
                "capcheck", choices.command, "--format", "",
            ])
        else {
            #expect(!ProgramRun.inCI, "bash is missing")
            return
        }
        #expect(spaced == choices.names)
        // --format=VALUE as one word, and as bash splits it at '=' by default.
        #expect(
            try CommandTableTests.bashComplete(["capcheck", choices.command, "--format="])
                == choices.names.map { "--format=" + $0 })
        #expect(
            try CommandTableTests.bashComplete(["capcheck", choices.command, "--format", "="])
                == choices.names)
        let last = try #require(choices.names.last)
        #expect(
            try CommandTableTests.bashComplete([
                "capcheck", choices.command, "--format", "=", String(last.prefix(2)),
            ]) == choices.names.filter { $0.hasPrefix(last.prefix(2)) })
    }

    @Test func fishCompletesFormatEqualsValue() throws {
        guard let words = try FishCompletion.words("capcheck matrix --format=") else { return }
        #expect(
            words.sorted() == MatrixCommand.formats.formats.map { "--format=" + $0.name }.sorted())
    }

    // MARK: Parsing and output

    /// Each alias and the `--format` it stands for, on every command that prints a document.
    static let aliasRuns: [(command: String, alias: String)] = registries.flatMap { choices in
        choices.command == "watch" ? [] : choices.aliases.map { (choices.command, $0) }
    }

    @Test(arguments: aliasRuns)
    func anAliasPrintsTheSameBytesAsFormat(command: String, alias: String) throws {
        let base = try #require(Self.documents[command])
        let flag = CLI.run(base + ["--" + alias])
        let format = CLI.run(base + ["--format", alias])
        let both = CLI.run(base + ["--" + alias, "--format=" + alias])
        #expect(flag.stderr == "")
        #expect(!flag.stdout.isEmpty)
        #expect(flag.stdout == format.stdout && flag.code == format.code)
        #expect(both.stdout == flag.stdout && both.code == flag.code)
    }

    @Test(arguments: ["list", "verify", "apps", "matrix", "diff", "report"])
    func noFormatIsTheFirstOfTheRegistry(command: String) throws {
        let base = try #require(Self.documents[command])
        let first = try #require(Self.registries.first { $0.command == command }?.names.first)
        let plain = CLI.run(base)
        let named = CLI.run(base + ["--format", first])
        #expect(!plain.stdout.isEmpty)
        #expect(plain.stdout == named.stdout && plain.code == named.code)
        for other in try #require(Self.registries.first { $0.command == command }).names.dropFirst()
        {
            #expect(CLI.run(base + ["--format", other]).stdout != plain.stdout, "\(other)")
        }
    }

    @Test func watchTakesFormatOrJSONAndOtherwiseLeavesItToStandardOutput() throws {
        func parsed(_ arguments: [String]) throws -> String? {
            var cursor = ArgumentCursor(arguments, command: "watch")
            let command = try WatchCommand(&cursor)
            try cursor.finish()
            return command.format?.name
        }
        #expect(try parsed([]) == nil)
        #expect(try parsed(["--json"]) == "json")
        #expect(try parsed(["--format", "json"]) == "json")
        #expect(try parsed(["--format=text"]) == "text")
        #expect(throws: UsageError.self) { try parsed(["--json", "--format", "text"]) }
    }

    @Test(arguments: registries)
    func anUnknownFormatIsAUsageErrorNamingTheChoices(choices: Choices) throws {
        let base = Self.documents[choices.command] ?? [choices.command]
        let result = CLI.run(base + ["--format", "yaml"])
        #expect(result.code == .usage)
        #expect(result.stdout == "")
        let list = FormatRegistry<Int>.list(choices.names)
        #expect(
            result.stderr.hasPrefix("capcheck: error: --format must be \(list), not 'yaml'"),
            "\(result.stderr)")
        #expect(result.stderr.contains("See 'capcheck help \(choices.command)'."))
    }

    @Test(arguments: [
        (
            ["list", "--format", "jsn"],
            "--format must be text, json or prometheus, not 'jsn' (did you mean 'json'?)"
        ),
        (
            ["report", "--format", "htm"],
            "--format must be md, csv, json or html, not 'htm' (did you mean 'html'?)"
        ),
    ])
    func aMistypedFormatGetsTheNearestChoice(arguments: [String], message: String) {
        let result = CLI.run(arguments)
        #expect(result.code == .usage)
        #expect(result.stderr.hasPrefix("capcheck: error: " + message + "\n"), "\(result.stderr)")
    }

    /// An alias that disagrees with `--format`, or with another alias, is a usage error; one
    /// that agrees is accepted (above).
    @Test(arguments: [
        (["--json", "--format", "csv"], "--json and --format csv exclude each other"),
        (["--csv", "--format=text"], "--csv and --format text exclude each other"),
        (["--json", "--csv"], "--json and --csv exclude each other"),
        (["--format", "csv", "--format", "json"], "option '--format' given more than once"),
    ])
    func conflictingChoicesAreUsageErrors(extra: [String], message: String) throws {
        let base = try #require(Self.documents["matrix"])
        let result = CLI.run(base + extra)
        #expect(result.code == .usage)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("capcheck: error: " + message + "\n"), "\(result.stderr)")
    }

    @Test func listBuiltinIgnoresTheFormatOptions() {
        let plain = CLI.run(["matrix", "--list-builtin"])
        #expect(plain.code == .ok)
        #expect(CLI.run(["matrix", "--list-builtin", "--json", "--csv"]).stdout == plain.stdout)
    }

    // MARK: The registry

    static let sample = FormatRegistry<String>(
        .init("text") { text, out in out.write(text) },
        .init("json", "the document") { text, out in out.write("\"\(text)\"") },
        .init("csv") { text, out in out.write(text + ",") },
        aliases: ["json", "csv"])

    @Test func helpMarksTheDefaultAndTheSummaries() {
        #expect(Self.sample.help == "text (default), json (the document) or csv")
        #expect(Self.sample.usage == "[--format text|json|csv]")
        #expect(Self.sample.aliasUsage == "[--json|--csv]")
        let undecided = FormatRegistry<String>(
            .init("text", "lines") { _, _ in }, .init("json") { _, _ in },
            firstIsDefault: false)
        #expect(undecided.help == "text (lines) or json")
        #expect(undecided.aliasUsage == "")
    }

    @Test func theChosenFormatWritesItsDocument() throws {
        var cursor = ArgumentCursor(["--csv"], command: "sample")
        let format = try Self.sample.choose(&cursor, command: "sample")
        let sink = OutputSink(bufferingAsTerminal: false)
        try format.write("a", sink)
        #expect(sink.text == "a,")
        var none = ArgumentCursor([], command: "sample")
        #expect(try Self.sample.choose(&none, command: "sample").name == "text")
        #expect(try Self.sample.parse(&none, command: "sample") == nil)
    }
}
