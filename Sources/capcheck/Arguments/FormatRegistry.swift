import CapabilityProbe

/// The output formats of one document type, in the order help lists them: the one table that
/// `--format` parsing, the command's output dispatch, its usage line, help, the man page and
/// the completions read. A new format is one renderer plus one line here.
///
/// `--format NAME` picks a format; each alias flag (`--json`, `--csv`) is another spelling of
/// `--format` with its own name. An alias that agrees with `--format` is accepted; two
/// choices that disagree are a usage error.
struct FormatRegistry<Document>: Sendable {
    /// One format: its name, what it is and how it is written.
    struct Format: Sendable {
        /// The word after `--format` (`json`).
        var name: String
        /// What the format is, shown in parentheses after the name in help; nil when the name
        /// says it.
        var summary: String?
        /// Writes the document to standard output (or a buffer for `-o FILE`).
        var write: @Sendable (Document, OutputSink) throws -> Void

        /// Creates a format.
        /// - Parameters:
        ///   - name: The word after `--format`.
        ///   - summary: What it is, for help.
        ///   - write: The renderer.
        init(
            _ name: String, _ summary: String? = nil,
            write: @escaping @Sendable (Document, OutputSink) throws -> Void
        ) {
            self.name = name
            self.summary = summary
            self.write = write
        }
    }

    /// The format used when none is named.
    let first: Format
    /// Every format, the first one first.
    let formats: [Format]
    /// Whether ``first`` is the default; false when the command decides at run time (`watch`
    /// picks json when standard output is not a terminal), and the summaries say when.
    let firstIsDefault: Bool
    /// The flags kept as spellings of `--format NAME`, each named after its format (`json`).
    let aliases: [String]

    /// Creates a registry.
    /// - Parameters:
    ///   - first: The first format, the default unless `firstIsDefault` is false.
    ///   - rest: The other formats, in help order.
    ///   - firstIsDefault: Whether the first format is used when none is named.
    ///   - aliases: The flags that mean `--format` of the same name (`json` for `--json`).
    init(
        _ first: Format, _ rest: Format..., firstIsDefault: Bool = true, aliases: [String] = []
    ) {
        self.first = first
        self.formats = [first] + rest
        self.firstIsDefault = firstIsDefault
        self.aliases = aliases
    }

    /// The format names in help order.
    var names: [String] { formats.map(\.name) }

    /// The format with this name, if any.
    /// - Parameter name: A format name.
    /// - Returns: The format.
    func format(named name: String) -> Format? {
        formats.first { $0.name == name }
    }

    /// `text (default), json (the stable report) or prometheus (…)`: the `--format` help.
    var help: String {
        let entries = formats.map { format in
            let isDefault = firstIsDefault && format.name == first.name
            let notes = (isDefault ? ["default"] : []) + (format.summary.map { [$0] } ?? [])
            return format.name + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
        }
        return Self.list(entries)
    }

    /// `--format FORMAT`, as the command table lists it.
    var option: OptionSpec {
        OptionSpec("format", value: "FORMAT", help, completion: .choices(names))
    }

    /// `--json`, `--csv`: one flag per alias.
    var aliasOptions: [OptionSpec] {
        aliases.map { OptionSpec($0, "Same as --format \($0)") }
    }

    /// `[--format text|json|prometheus]` for the usage line.
    var usage: String {
        "[--format " + names.joined(separator: "|") + "]"
    }

    /// `[--json]` or `[--json|--csv]` for the usage line (empty without aliases).
    var aliasUsage: String {
        aliases.isEmpty ? "" : "[" + aliases.map { "--" + $0 }.joined(separator: "|") + "]"
    }

    /// Takes `--format FORMAT` and the alias flags from the arguments.
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - command: The command name, for the usage error.
    /// - Returns: The named format, or nil when neither `--format` nor an alias was given.
    /// - Throws: `UsageError` for an unknown format, or choices that disagree.
    func parse(_ arguments: inout ArgumentCursor, command: String) throws(UsageError) -> Format? {
        let text = try arguments.value("format")
        var flags: [String] = []
        for alias in aliases {
            if try arguments.flag(alias) { flags.append(alias) }
        }
        if flags.count > 1 {
            throw UsageError(
                Self.list(flags.map { "--" + $0 }, last: "and") + " exclude each other",
                command: command)
        }
        guard let text else { return flags.first.flatMap { format(named: $0) } }
        guard let format = format(named: text) else {
            let hint = EditDistance.nearest(text, in: names).map { " (did you mean '\($0)'?)" }
            throw UsageError(
                "--format must be \(Self.list(names)), not '\(text)'\(hint ?? "")",
                command: command)
        }
        if let flag = flags.first, flag != format.name {
            throw UsageError("--\(flag) and --format \(text) exclude each other", command: command)
        }
        return format
    }

    /// Takes `--format` and the aliases, falling back to the first format.
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - command: The command name, for the usage error.
    /// - Returns: The named format, else the first.
    /// - Throws: `UsageError` as ``parse(_:command:)``.
    func choose(_ arguments: inout ArgumentCursor, command: String) throws(UsageError) -> Format {
        try parse(&arguments, command: command) ?? first
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String], last: String = "or") -> String {
        guard let final = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(last) " + final
    }
}
