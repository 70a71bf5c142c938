import CapabilityProbe

/// The help text of `capcheck --help` and `capcheck help COMMAND`, drawn from the command table.
enum HelpText {
    /// The column where option descriptions start.
    static let column = 24
    /// The widest help line.
    static let width = 96

    /// The global options (before any command).
    static let globalOptions = [
        OptionSpec("help", short: "h", "Show help"),
        OptionSpec(
            "version", short: "V", "Show the version, the commit and the C library versions"),
    ]

    /// `capcheck --help`.
    static func overview(_ commands: [any Command.Type]) -> String {
        let helpEntry = "help [command]"
        let width = max(helpEntry.count, commands.map { $0.name.count }.max() ?? 0) + 2
        let list = commands.map { "  " + TerminalText.pad($0.name, width) + $0.abstract }
            .joined(separator: "\n")
        return """
            OVERVIEW: capcheck answers "can this machine run my app?": it probes the hardware
            that is really there and checks it against required-capability manifests.

            USAGE: capcheck <command> [options]

            SUBCOMMANDS:
            \(list)
              \(TerminalText.pad(helpEntry, width))Show help for a command

            OPTIONS:
            \(rows(globalOptions.map { ($0.signature, $0.help) }))

            \(ExitCode.table)

            """
    }

    /// `capcheck help COMMAND`.
    static func help(for type: any Command.Type) -> String {
        var entries = type.arguments.map { ($0.name, $0.help) }
        entries += ([OptionSpec.help] + type.options).map { ($0.signature, $0.help) }
        let notes = type.notes.isEmpty ? "" : "\n" + wrap(type.notes, width: width) + "\n"
        return """
            OVERVIEW: \(type.abstract)

            USAGE: \(type.usage.replacingLiteral("\n", with: "\n       "))

            OPTIONS:
            \(rows(entries))
            \(notes)
            \(ExitCode.table)

            """
    }

    /// Two columns: the signature, then the description wrapped under itself.
    static func rows(_ entries: [(String, String)]) -> String {
        var lines: [String] = []
        for (signature, help) in entries {
            let indent = String(repeating: " ", count: column)
            let wrapped = wrap(help, width: width - column).split(
                separator: "\n", omittingEmptySubsequences: false)
            let head = "  " + signature
            if head.count + 2 <= column {
                lines.append(TerminalText.pad(head, column) + (wrapped.first ?? ""))
            } else {
                lines.append(head)
                lines.append(indent + (wrapped.first ?? ""))
            }
            for line in wrapped.dropFirst() { lines.append(indent + line) }
        }
        return lines.joined(separator: "\n")
    }

    /// Wraps each paragraph (blank-line separated) at word boundaries.
    static func wrap(_ text: String, width: Int) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            var lines: [String] = []
            var line = ""
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                if !line.isEmpty, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = ""
                }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(line) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
