import CapabilityProbe

/// `capcheck completion SHELL`: a completion script, generated from the command table.
struct CompletionCommand: Command {
    static let name = "completion"
    static let abstract = "Print the bash, zsh or fish completion script"
    static let usage = "capcheck completion bash|zsh|fish"
    static let arguments = [
        ArgumentSpec(
            "SHELL",
            "bash (source it, or install as /usr/share/bash-completion/completions/capcheck), zsh (as _capcheck in $fpath) or fish (in ~/.config/fish/completions/)",
            completion: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))
    ]
    static let options: [OptionSpec] = []

    var shell: CompletionScript.Shell

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let positionals = arguments.positionals()
        guard let first = positionals.first else {
            throw UsageError("missing SHELL (bash, zsh or fish)", command: Self.name)
        }
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: Self.name)
        }
        guard let shell = CompletionScript.Shell(rawValue: first) else {
            let hint =
                EditDistance.nearest(first, in: CompletionScript.Shell.allCases.map(\.rawValue))
                .map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(
                "unknown shell '\(first)'\(hint): give bash, zsh or fish", command: Self.name)
        }
        self.shell = shell
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        env.stdout.write(CompletionScript.render(shell, commands: CapCheck.commands))
        return .ok
    }
}
