/// A subcommand: parses its own arguments, then runs against an environment.
///
/// The static members form the command table that help, `capcheck man`, `capcheck completion`
/// and "did you mean" read; nothing else describes a command's options.
protocol Command {
    /// The name typed after `capcheck`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The usage line(s).
    static var usage: String { get }
    /// The positional arguments, in order.
    static var arguments: [ArgumentSpec] { get }
    /// The options (`--help` is added to every command).
    static var options: [OptionSpec] { get }
    /// Paragraphs shown after the options, if any.
    static var notes: String { get }
    /// Parses arguments.
    init(_ arguments: inout ArgumentCursor) throws(UsageError)
    /// Runs and returns the exit code.
    func run(in env: CommandEnvironment) -> ExitCode
}

extension Command {
    static var arguments: [ArgumentSpec] { [] }
    static var notes: String { "" }
}
