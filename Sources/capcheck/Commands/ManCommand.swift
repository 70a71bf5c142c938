/// `capcheck man`: the roff man page, generated from the command table.
struct ManCommand: Command {
    static let name = "man"
    static let abstract = "Print the man page (roff; 'capcheck man | man -l -' shows it)"
    static let usage = "capcheck man"
    static let options: [OptionSpec] = []

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {}

    func run(in env: CommandEnvironment) -> ExitCode {
        env.stdout.write(ManPage.render(CapCheck.commands))
        return .ok
    }
}
