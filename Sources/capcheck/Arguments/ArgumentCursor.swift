import CapabilityProbe

/// One token of the command line after splitting.
enum ArgumentToken: Equatable {
    /// `--name` or `-n`, with an inline value for `--name=value`.
    case option(name: String, inlineValue: String?)
    /// A positional argument (anything after `--` is positional too).
    case positional(String)
}

/// Splits argv into tokens, then lets a command take options and positionals in any order.
struct ArgumentCursor {
    private(set) var tokens: [ArgumentToken]
    /// The command name used in messages.
    let command: String
    /// The options the command knows (`--json`, `-o`), for "did you mean" on an unknown one.
    var knownOptions: [String] = []

    /// Tokenizes arguments: `--o v`, `--o=v`, `-h`, `--` (rest positional), `-` (positional).
    ///
    /// A token that reads as a number (`-1`, `-0.5`) right after an option that takes a value
    /// (one of `options` with a value placeholder, given without `=`) is that option's value,
    /// not an option of its own.
    /// - Parameters:
    ///   - arguments: argv after the command name.
    ///   - command: The command name used in messages.
    ///   - options: The command's options; they become ``knownOptions``.
    init(_ arguments: [String], command: String, options: [OptionSpec] = []) {
        self.command = command
        knownOptions = options.flatMap(\.spellings)
        let takingValues = Set(options.filter { $0.value != nil }.flatMap(\.spellings))
        var tokens: [ArgumentToken] = []
        var rest = false
        var valueMayFollow = false
        for argument in arguments {
            let isValue = valueMayFollow && Self.isNumber(argument)
            valueMayFollow = false
            if rest || isValue || argument == "-" || !argument.hasPrefix("-") {
                tokens.append(.positional(argument))
            } else if argument == "--" {
                rest = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(
                        .option(
                            name: String(body[..<equals]),
                            inlineValue: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.option(name: String(body), inlineValue: nil))
                    valueMayFollow = takingValues.contains(argument)
                }
            } else {
                tokens.append(.option(name: String(argument.dropFirst()), inlineValue: nil))
                valueMayFollow = takingValues.contains(argument)
            }
        }
        self.tokens = tokens
    }

    /// Whether a token reads as a number (`-1`, `-2.5`, `-1e3`), so it can be a value.
    static func isNumber(_ text: String) -> Bool {
        Double(text) != nil
    }

    /// Removes a flag (`--json`); true when it was given. A value for a flag is an error.
    mutating func flag(_ names: String...) throws(UsageError) -> Bool {
        try flag(names: names)
    }

    /// Removes a flag by any of its names (`-h`, `--help`); true when it was given.
    mutating func flag(names: [String]) throws(UsageError) -> Bool {
        var found = false
        var kept: [ArgumentToken] = []
        for token in tokens {
            if case .option(let name, let inline) = token, names.contains(name) {
                if inline != nil {
                    throw UsageError("option '--\(name)' takes no value", command: command)
                }
                found = true
            } else {
                kept.append(token)
            }
        }
        tokens = kept
        return found
    }

    /// Removes every occurrence of an option with a value (`--from F`, `--from=F`).
    mutating func values(_ names: String...) throws(UsageError) -> [String] {
        try values(names: names)
    }

    /// Removes every occurrence of an option with a value, by any of its names.
    mutating func values(names: [String]) throws(UsageError) -> [String] {
        var found: [String] = []
        var kept: [ArgumentToken] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if case .option(let name, let inline) = token, names.contains(name) {
                if let inline {
                    found.append(inline)
                } else if index + 1 < tokens.count, case .positional(let value) = tokens[index + 1]
                {
                    found.append(value)
                    index += 1
                } else {
                    throw UsageError(
                        "option '\(Self.spelled(name))' needs a value", command: command)
                }
            } else {
                kept.append(token)
            }
            index += 1
        }
        tokens = kept
        return found
    }

    /// Removes an option that may be given once; an error when given twice.
    mutating func value(_ names: String...) throws(UsageError) -> String? {
        try value(names: names)
    }

    /// Removes an option that may be given once, by any of its names (`-o`, `--output`).
    mutating func value(names: [String]) throws(UsageError) -> String? {
        var found: [String] = []
        for name in names { found += try values(name) }
        if found.count > 1 {
            throw UsageError(
                "option '\(Self.spelled(names[0]))' given more than once", command: command)
        }
        return found.first
    }

    /// Removes an option whose value may be left out (`--color`, `--color=always`,
    /// `--color always`): a separate word is its value only when it is one of `words` or a
    /// near miss of one (`alway`, for the error to name), so `--color FILE` leaves FILE
    /// positional. An error when given twice.
    /// - Returns: nil when the option is absent; `.some(nil)` when it is given bare.
    mutating func optionalValue(_ name: String, words: [String]) throws(UsageError) -> String?? {
        var found: [String?] = []
        var kept: [ArgumentToken] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if case .option(let option, let inline) = token, option == name {
                if let inline {
                    found.append(inline)
                } else if index + 1 < tokens.count, case .positional(let value) = tokens[index + 1],
                    words.contains(value) || EditDistance.nearest(value, in: words) != nil
                {
                    found.append(value)
                    index += 1
                } else {
                    found.append(nil)
                }
            } else {
                kept.append(token)
            }
            index += 1
        }
        tokens = kept
        if found.count > 1 {
            throw UsageError(
                "option '\(Self.spelled(name))' given more than once", command: command)
        }
        return found.first
    }

    /// Removes and returns the positional arguments.
    mutating func positionals() -> [String] {
        var found: [String] = []
        var kept: [ArgumentToken] = []
        for token in tokens {
            if case .positional(let value) = token {
                found.append(value)
            } else {
                kept.append(token)
            }
        }
        tokens = kept
        return found
    }

    /// Fails on the first option that is not in ``knownOptions``, before the command parses
    /// anything, so a typo is named first (not a missing required option it spells).
    func rejectUnknownOptions() throws(UsageError) {
        for case .option(let name, _) in tokens where !knownOptions.contains(Self.spelled(name)) {
            try Self.unknown(name, knownOptions, command: command)
        }
    }

    private static func unknown(_ name: String, _ known: [String], command: String)
        throws(UsageError)
    {
        let typed = spelled(name)
        let hint = suggestion(for: typed, in: known).map { " (did you mean '\($0)'?)" }
        throw UsageError("unknown option '\(typed)'\(hint ?? "")", command: command)
    }

    /// Fails when anything is left over (an unknown option or extra argument).
    func finish() throws(UsageError) {
        guard let token = tokens.first else { return }
        switch token {
        case .option(let name, _):
            try Self.unknown(name, knownOptions, command: command)
        case .positional(let value):
            throw UsageError("unexpected argument '\(value)'", command: command)
        }
    }

    /// The known option nearest to a mistyped one (`--jsn` → `--json`), compared without
    /// dashes so the shared `--` does not make every option look close.
    static func suggestion(for typed: String, in known: [String]) -> String? {
        let long = known.filter { $0.hasPrefix("--") }
        let bare = String(typed.drop(while: { $0 == "-" }))
        guard bare.count > 1,
            let nearest = EditDistance.nearest(bare, in: long.map { String($0.dropFirst(2)) })
        else { return nil }
        return "--" + nearest
    }

    /// `--name` or `-n` as the user typed it.
    static func spelled(_ name: String) -> String {
        name.count == 1 ? "-" + name : "--" + name
    }
}
