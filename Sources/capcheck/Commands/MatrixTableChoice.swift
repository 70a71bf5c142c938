import CapabilityProbe

/// The device table of `matrix` and `diff`: a table file or a built-in matrix, exactly one.
struct MatrixTableChoice {
    /// The table file (`-` = standard input), when one was given.
    var table: String?
    /// The built-in matrix name, when one was given.
    var builtin: String?

    /// Checks that exactly one of the two was given.
    /// - Parameters:
    ///   - table: The table file, if given.
    ///   - builtin: The `--builtin` name, if given.
    ///   - tableWording: How the command's help names the table (`a TABLE`, `--matrix TABLE`).
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` when neither or both were given.
    init(table: String?, builtin: String?, tableWording: String, command: String)
        throws(UsageError)
    {
        switch (table, builtin) {
        case (nil, nil):
            throw UsageError("give \(tableWording) or --builtin NAME", command: command)
        case (.some, .some):
            throw UsageError("give \(tableWording) or --builtin NAME, not both", command: command)
        default:
            self.table = table
            self.builtin = builtin
        }
    }

    /// Loads the matrix, reporting failures through the environment.
    /// - Parameter env: The command environment.
    /// - Returns: The matrix, or the exit code of the reported failure.
    func load(in env: CommandEnvironment) -> MatrixInputs.Loaded<DeviceMatrix> {
        MatrixInputs.matrix(table: table, builtin: builtin, env: env)
    }
}
