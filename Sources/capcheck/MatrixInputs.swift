import CapabilityProbe
import FoundationEssentials

/// Loading helpers shared by `matrix`, `diff` and `report`: tables, built-ins and fleets,
/// with their errors mapped to exit codes.
enum MatrixInputs {
    /// A loaded input, or the exit code of the reported failure.
    enum Loaded<Value> {
        case value(Value)
        case failed(ExitCode)
    }

    /// Reads a table file (`-` = standard input) or a built-in matrix.
    static func matrix(_ choice: MatrixTableChoice, env: CommandEnvironment) -> Loaded<
        DeviceMatrix
    > {
        do {
            switch choice {
            case .builtin(let name):
                return .value(try BuiltinMatrices.load(name))
            case .file("-"):
                return .value(
                    try MatrixParser.parse(
                        [UInt8](env.readStandardInput(Int.max) ?? Data()), path: "<stdin>"))
            case .file(let path), .export(let path):
                return .value(try MatrixParser.parse(contentsOf: path))
            }
        } catch {
            return .failed(env.fail(error, as: message(error)))
        }
    }

    /// The one line for a table error: the library's description, and for a camera table
    /// the option that loads the built-in matrix joining the seed's camera table.
    static func message(_ error: MatrixError) -> String {
        guard case .cameraTable(_, _, _, let builtin) = error else { return error.description }
        return error.description + "; the seed's joins its device table in --builtin \(builtin)"
    }

    /// Reads a directory of machine recordings; an unreadable file is reported on standard
    /// error as a warning (the other machines still count): the first by name, the rest as
    /// one count, so a folder of thousands of stray files costs two lines.
    static func fleet(_ directory: String, env: CommandEnvironment) -> Loaded<Fleet> {
        do {
            let fleet = try Fleet.load(directory: directory)
            if let first = fleet.skipped.first {
                env.stderr.line(
                    "capcheck: warning: skipped " + TerminalText.sanitize(first.description))
            }
            if fleet.skipped.count > 1 {
                env.stderr.line(
                    "capcheck: warning: skipped \(fleet.skipped.count - 1) more files of "
                        + TerminalText.sanitize(directory) + " that are no recordings")
            }
            return .value(fleet)
        } catch {
            return .failed(env.fail(error))
        }
    }

    /// Writes text to `-o FILE`, or to standard output when no file is given.
    static func emit(_ text: String, to file: String?, env: CommandEnvironment) -> ExitCode {
        guard let file, file != "-" else {
            env.stdout.write(text)
            return .ok
        }
        if let failure = FileWriter.write(text.utf8, toFile: file) {
            return env.fail(failure, as: "\(file): cannot write the report: \(failure)")
        }
        return .ok
    }
}
