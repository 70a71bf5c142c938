import CapabilityProbe

/// The command table, global flags and dispatch.
enum CapCheck {
    /// The version printed by `--version`.
    static let version = "0.1.0"

    /// Every subcommand, in help order.
    static var commands: [any Command.Type] {
        [
            ListCommand.self,
            VerifyCommand.self,
            LintCommand.self,
            MatrixCommand.self,
            DiffCommand.self,
            ReportCommand.self,
            WatchCommand.self,
        ]
    }

    /// Runs argv (without the program name) and returns the exit code; output that could not
    /// be written (full disk, closed pipe) turns any code into 74 with one line on stderr.
    static func main(_ arguments: [String], env: CommandEnvironment) -> ExitCode {
        let code = dispatch(arguments, env: env)
        guard let failure = env.stdout.failure else { return code }
        env.stderr.line("capcheck: error: standard output: cannot write: \(failure)")
        return .ioError
    }

    /// Runs the command argv names.
    private static func dispatch(_ arguments: [String], env: CommandEnvironment) -> ExitCode {
        guard let first = arguments.first else {
            env.stderr.write(overview())
            return .usage
        }
        switch first {
        case "--version", "-V", "version":
            env.stdout.line("capcheck \(version)")
            return .ok
        case "--help", "-h":
            env.stdout.write(overview())
            return .ok
        case "help":
            let topic = arguments.dropFirst().first
            guard let topic else {
                env.stdout.write(overview())
                return .ok
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                return usageError(UsageError("unknown command '\(topic)'"), env: env)
            }
            env.stdout.write(help(for: command))
            return .ok
        default:
            break
        }
        guard let type = commands.first(where: { $0.name == first }) else {
            let suggestion = EditDistance.nearest(first, in: commands.map { $0.name })
            let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return usageError(UsageError("unknown command '\(first)'\(hint)"), env: env)
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            env.stdout.write(help(for: type))
            return .ok
        }
        var cursor = ArgumentCursor(rest, command: type.name)
        do {
            let command = try type.init(&cursor)
            try cursor.finish()
            return command.run(in: env)
        } catch {
            return usageError(error, env: env)
        }
    }

    static func usageError(_ error: UsageError, env: CommandEnvironment) -> ExitCode {
        env.stderr.line("capcheck: error: \(TerminalText.sanitize(error.message))")
        if let name = error.command, let type = commands.first(where: { $0.name == name }) {
            env.stderr.line(
                "usage: " + type.usage.replacingOccurrences(of: "\n", with: "\n       "))
            env.stderr.line("See 'capcheck help \(name)'.")
        } else {
            env.stderr.line("See 'capcheck --help'.")
        }
        return .usage
    }

    static func overview() -> String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        let list = commands.map { "  " + TerminalText.pad($0.name, width) + $0.abstract }
            .joined(separator: "\n")
        return """
            OVERVIEW: capcheck answers "can this machine run my app?": it probes the hardware
            that is really there and checks it against required-capability manifests.

            USAGE: capcheck <command> [options]

            SUBCOMMANDS:
            \(list)
              help [command]  Show help for a command

            OPTIONS:
              -h, --help      Show help
              --version       Show the version

            \(ExitCode.table)

            """
    }

    static func help(for type: any Command.Type) -> String {
        """
        OVERVIEW: \(type.abstract)

        USAGE: \(type.usage.replacingOccurrences(of: "\n", with: "\n       "))

        OPTIONS:
          -h, --help            Show this help
        \(type.options)

        \(ExitCode.table)

        """
    }
}
