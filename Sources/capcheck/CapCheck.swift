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
            AppsCommand.self,
            LintCommand.self,
            MatrixCommand.self,
            DiffCommand.self,
            ReportCommand.self,
            WatchCommand.self,
            CaptureCommand.self,
            ManCommand.self,
            CompletionCommand.self,
        ]
    }

    /// The words accepted in place of a command: `help`, `--help`, `--version`.
    static var globalWords: [String] {
        ["help"] + HelpText.globalOptions.flatMap(\.spellings)
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
            env.stderr.write(HelpText.overview(commands))
            return .usage
        }
        switch first {
        case "--version", "-V", "version":
            env.stdout.write(versionText())
            return .ok
        case "--help", "-h":
            env.stdout.write(HelpText.overview(commands))
            return .ok
        case "help":
            let topic = arguments.dropFirst().first
            guard let topic else {
                env.stdout.write(HelpText.overview(commands))
                return .ok
            }
            guard let command = commands.first(where: { $0.name == topic }) else {
                return usageError(UsageError("unknown command '\(topic)'"), env: env)
            }
            env.stdout.write(HelpText.help(for: command))
            return .ok
        default:
            break
        }
        guard let type = commands.first(where: { $0.name == first }) else {
            let hint: String?
            if first.hasPrefix("-") {
                hint = ArgumentCursor.suggestion(for: first, in: globalWords)
            } else {
                hint = EditDistance.nearest(first, in: commands.map { $0.name })
            }
            let kind = first.hasPrefix("-") ? "option" : "command"
            let suffix = hint.map { " (did you mean '\($0)'?)" } ?? ""
            return usageError(UsageError("unknown \(kind) '\(first)'\(suffix)"), env: env)
        }
        let rest = Array(arguments.dropFirst())
        var cursor = ArgumentCursor(
            rest, command: type.name, options: [OptionSpec.help] + type.options)
        // Help is an option token, so `verify -- --help` names a file called --help.
        if cursor.tokens.contains(where: { token in
            if case .option(let name, nil) = token { return name == "help" || name == "h" }
            return false
        }) {
            env.stdout.write(HelpText.help(for: type))
            return .ok
        }
        do {
            try cursor.rejectUnknownOptions()
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
                "usage: " + type.usage.replacingLiteral("\n", with: "\n       "))
            env.stderr.line("See 'capcheck help \(name)'.")
        } else {
            env.stderr.line("See 'capcheck --help'.")
        }
        return .usage
    }

    /// The first line of `--version`: `capcheck 0.1.0 (1a2b3c4d5e6f)`, the commit shortened to
    /// 12 hex digits; `(unknown commit)` outside a git checkout.
    static func versionLine(commit: String?) -> String {
        "capcheck \(version) (\(commit.map { String($0.prefix(12)) } ?? "unknown commit"))"
    }

    /// `capcheck --version`: the version with the build's short commit on the first line (so
    /// `capcheck --version | head -1` names a build), then the full commit and the C libraries.
    static func versionText() -> String {
        """
        \(versionLine(commit: BuildInfo.commit))
        commit \(BuildInfo.commit ?? "unknown commit (not built from a git checkout)")
        libudev \(BuildInfo.libudev ?? "unknown") (built against), loaded \(NativeLibraries.libudev ?? "unknown")
        libpci \(BuildInfo.libpci ?? "unknown") (built against), loaded \(NativeLibraries.libpci ?? "unknown")

        """
    }
}
