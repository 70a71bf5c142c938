/// What a shell can offer when completing a value or an argument.
enum ValueCompletion: Equatable, Sendable {
    /// Free text: nothing to offer.
    case none
    /// A file name.
    case file
    /// A directory name.
    case directory
    /// One of a fixed list of words.
    case choices([String])
}

/// One option of a command. The table of these is the one source of the help text, the man
/// page, the shell completions and "did you mean" suggestions.
struct OptionSpec: Sendable {
    /// The long name without dashes (`from` for `--from`).
    var long: String
    /// The one-letter name without the dash (`o` for `-o`), if any.
    var short: String?
    /// The value placeholder (`FILE`), or nil for a flag.
    var value: String?
    /// What the option does, one or more sentences; wrapped when printed.
    var help: String
    /// What a shell may complete for the value.
    var completion: ValueCompletion
    /// Whether the option may be given more than once.
    var repeatable: Bool

    /// Creates an option.
    init(
        _ long: String, short: String? = nil, value: String? = nil, _ help: String,
        completion: ValueCompletion = .none, repeatable: Bool = false
    ) {
        self.long = long
        self.short = short
        self.value = value
        self.help = help
        self.completion = completion
        self.repeatable = repeatable
    }

    /// Every spelling: `--output` and `-o`.
    var spellings: [String] { ["--" + long] + (short.map { ["-" + $0] } ?? []) }

    /// `-o, --output FILE` as the help and man page show it.
    var signature: String {
        (short.map { "-\($0), " } ?? "") + "--" + long + (value.map { " " + $0 } ?? "")
    }

    /// `--help`, accepted by every command.
    static let help = OptionSpec("help", short: "h", "Show this help")

    /// `--color WHEN`, shared by the commands that colour their text.
    static let color = OptionSpec(
        "color", value: "WHEN",
        "Colour the text: auto (default: on a terminal unless NO_COLOR is set or TERM is dumb,"
            + " in a pipe too with FORCE_COLOR or CLICOLOR_FORCE), always (also a bare --color)"
            + " or never",
        completion: .choices(ColorChoice.allCases.map(\.rawValue)))
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// The placeholder (`MANIFEST`).
    var name: String
    /// What it is.
    var help: String
    /// What a shell may complete for it.
    var completion: ValueCompletion

    /// Creates an argument.
    init(_ name: String, _ help: String, completion: ValueCompletion = .file) {
        self.name = name
        self.help = help
        self.completion = completion
    }
}
