/// A subcommand: parses its own arguments, then runs against an environment.
protocol Command {
    /// The name typed after `capcheck`.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The usage line(s).
    static var usage: String { get }
    /// The OPTIONS section of the help text.
    static var options: String { get }
    /// Parses arguments.
    init(_ arguments: inout ArgumentCursor) throws(UsageError)
    /// Runs and returns the exit code.
    func run(in env: CommandEnvironment) -> ExitCode
}
