import Testing

@testable import capcheck

/// The argument cursor: tokens first, then each command takes its options and positionals.
@Suite struct ArgumentCursorTests {
    /// A small table: a flag, a value option with a short name and a repeatable value option.
    static let options = [
        OptionSpec("json", "Print JSON"),
        OptionSpec("count", value: "N", "How many"),
        OptionSpec("output", short: "o", value: "FILE", "Where"),
        OptionSpec("only", value: "KINDS", "Which", repeatable: true),
    ]

    static func cursor(_ arguments: [String]) -> ArgumentCursor {
        ArgumentCursor(arguments, command: "test", options: options)
    }

    @Test func takesAValueAfterEqualsOrAsTheNextArgument() throws {
        var inline = Self.cursor(["--count=3"])
        #expect(try inline.value("count") == "3")
        var separate = Self.cursor(["--count", "3"])
        #expect(try separate.value("count") == "3")
        var short = Self.cursor(["-o", "out.md"])
        #expect(try short.value("o", "output") == "out.md")
        #expect(short.tokens.isEmpty)
    }

    @Test func anEqualsValueMayBeEmptyOrHoldAnotherEquals() throws {
        var empty = Self.cursor(["--count="])
        #expect(try empty.value("count") == "")
        var equals = Self.cursor(["--only=a=b"])
        #expect(try equals.values("only") == ["a=b"])
    }

    @Test func everythingAfterDoubleDashIsPositional() throws {
        var cursor = Self.cursor(["a", "--", "--json", "-o", "--"])
        #expect(try cursor.flag("json") == false)
        #expect(cursor.positionals() == ["a", "--json", "-o", "--"])
        try cursor.finish()
    }

    @Test func aLoneDashIsPositional() {
        var cursor = Self.cursor(["-"])
        #expect(cursor.positionals() == ["-"])
    }

    @Test(arguments: ["-1", "-0.5", "-1e3", "-3", "-0"])
    func aNegativeNumberAfterAValueOptionIsItsValue(_ number: String) throws {
        var long = Self.cursor(["--count", number])
        try long.rejectUnknownOptions()
        #expect(try long.value("count") == number)
        var short = Self.cursor(["-o", number])
        try short.rejectUnknownOptions()
        #expect(try short.value("o", "output") == number)
        try short.finish()
    }

    @Test func aNegativeNumberAfterAFlagOrAnInlineValueIsAnOption() throws {
        let afterFlag = Self.cursor(["--json", "-1"])
        #expect(throws: UsageError("unknown option '-1'", command: "test")) {
            try afterFlag.rejectUnknownOptions()
        }
        let afterInline = Self.cursor(["--count=2", "-1"])
        #expect(throws: UsageError("unknown option '-1'", command: "test")) {
            try afterInline.rejectUnknownOptions()
        }
    }

    @Test func aWordThatIsNotANumberAfterAValueOptionStaysAnOption() throws {
        var cursor = Self.cursor(["--count", "--json"])
        #expect(throws: UsageError("option '--count' needs a value", command: "test")) {
            _ = try cursor.value("count")
        }
    }

    @Test func aMissingValueAtTheEndIsAnError() {
        var long = Self.cursor(["--count"])
        #expect(throws: UsageError("option '--count' needs a value", command: "test")) {
            _ = try long.value("count")
        }
        var short = Self.cursor(["-o"])
        #expect(throws: UsageError("option '-o' needs a value", command: "test")) {
            _ = try short.value("o", "output")
        }
    }

    @Test func aRepeatedOptionGivesEveryValueInOrder() throws {
        var cursor = Self.cursor(["--only", "a", "x", "--only=b", "--only", "-2"])
        #expect(try cursor.values("only") == ["a", "b", "-2"])
        #expect(cursor.positionals() == ["x"])
    }

    @Test func aSingleOptionGivenTwiceIsAnError() {
        var long = Self.cursor(["--count", "1", "--count=2"])
        #expect(throws: UsageError("option '--count' given more than once", command: "test")) {
            _ = try long.value("count")
        }
        var mixed = Self.cursor(["-o", "a", "--output", "b"])
        #expect(throws: UsageError("option '--output' given more than once", command: "test")) {
            _ = try mixed.value("output", "o")
        }
    }

    @Test func aFlagTakesNoInlineValue() {
        var cursor = Self.cursor(["--json=yes"])
        #expect(throws: UsageError("option '--json' takes no value", command: "test")) {
            _ = try cursor.flag("json")
        }
    }

    @Test func aRepeatedFlagIsTakenOnce() throws {
        var cursor = Self.cursor(["--json", "--json"])
        #expect(try cursor.flag("json"))
        try cursor.finish()
    }

    @Test func anUnknownOptionIsNamedWithTheNearestKnownOne() {
        let cursor = Self.cursor(["--jsn"])
        #expect(
            throws: UsageError("unknown option '--jsn' (did you mean '--json'?)", command: "test")
        ) { try cursor.rejectUnknownOptions() }
        let far = Self.cursor(["--zzzzzz"])
        #expect(throws: UsageError("unknown option '--zzzzzz'", command: "test")) {
            try far.rejectUnknownOptions()
        }
    }

    @Test func finishNamesWhatIsLeftOver() throws {
        let option = Self.cursor(["--zzzzzz"])
        #expect(throws: UsageError("unknown option '--zzzzzz'", command: "test")) {
            try option.finish()
        }
        let positional = Self.cursor(["extra"])
        #expect(throws: UsageError("unexpected argument 'extra'", command: "test")) {
            try positional.finish()
        }
        try Self.cursor([]).finish()
    }

    /// The numeric options of the commands (`watch --count N`, `--timeout S`) get a negative
    /// number as their value, so the message is about the number, not an unknown option.
    @Test(arguments: [
        (["--count", "-1"], "option '--count' needs a positive whole number, got '-1'"),
        (["--count", "-0"], "option '--count' needs a positive whole number, got '-0'"),
        (["--timeout", "-1"], "option '--timeout' needs a positive number of seconds, got '-1'"),
        (
            ["--timeout", "-0.5"],
            "option '--timeout' needs a positive number of seconds, got '-0.5'"
        ),
        (["--only", "devices", "-1"], "unknown option '-1'"),
    ])
    func watchNamesTheNegativeNumberItWasGiven(arguments: [String], message: String) {
        let result = CLI.run(["watch"] + arguments)
        #expect(result.code == .usage)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("capcheck: error: \(message)\n"), "\(result.stderr)")
    }

    /// A negative number given to a text option is that option's value too.
    @Test func aNegativeNumberIsAFileNameAfterAFileOption() {
        let manifest = CLI.fixture("manifests/Info-dict.plist")
        let result = CLI.run(["verify", manifest, "--from", "-1"])
        #expect(result.code == .noInput)
        #expect(result.stderr.hasPrefix("capcheck: error: -1: "), "\(result.stderr)")
    }
}
