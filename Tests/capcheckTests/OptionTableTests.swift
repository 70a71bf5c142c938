import Testing

@testable import capcheck

/// The option table: each option declared once, the one parse loop setting fields by key path.
@Suite struct OptionTableTests {
    /// What a small command parses into.
    struct Values {
        var json = false
        var implied = true
        var output: String?
        var count = 1
        var only: [String] = []
        var color = ColorChoice.auto
    }

    static var table: OptionTable<Values> {
        OptionTable<Values>([
            .flag(OptionSpec("json", "Print JSON"), \.json),
            .inverted(OptionSpec("no-implied", "Drop implied"), \.implied),
            .value(OptionSpec("output", short: "o", value: "FILE", "Where"), \.output),
            .value(OptionSpec("count", value: "N", "How many"), \.count) {
                (text, command) throws(UsageError) in
                guard let count = Int(text) else {
                    throw UsageError("--count takes a number, not '\(text)'", command: command)
                }
                return count
            },
            .values(OptionSpec("only", value: "KINDS", "Which", repeatable: true), \.only),
            .color(\.color),
        ])
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> (Values, ArgumentCursor) {
        var cursor = ArgumentCursor(arguments, command: "test", options: table.specs)
        var values = Values()
        try table.parse(&cursor, into: &values)
        return (values, cursor)
    }

    @Test func theSpecsAreTheDeclaredOptionsInOrder() {
        #expect(
            Self.table.specs.map(\.long) == [
                "json", "no-implied", "output", "count", "only", "color",
            ])
    }

    @Test func eachOptionSetsItsField() throws {
        let (values, cursor) = try Self.parse([
            "--json", "--no-implied", "-o", "out", "--count=3", "--only", "a", "--only=b",
            "--color", "never", "file",
        ])
        #expect(values.json && !values.implied)
        #expect(values.output == "out" && values.count == 3 && values.only == ["a", "b"])
        #expect(values.color == .never)
        #expect(cursor.tokens == [.positional("file")])
    }

    @Test func anAbsentOptionKeepsItsDefault() throws {
        let (values, _) = try Self.parse([])
        #expect(!values.json && values.implied && values.output == nil && values.count == 1)
        #expect(values.only.isEmpty && values.color == .auto)
    }

    @Test func aBadValueIsTheConvertersUsageError() {
        #expect(throws: UsageError("--count takes a number, not 'x'", command: "test")) {
            _ = try Self.parse(["--count", "x"])
        }
        #expect(throws: UsageError("option '-o' given more than once", command: "test")) {
            _ = try Self.parse(["-o", "a", "--output", "b"])
        }
    }
}
