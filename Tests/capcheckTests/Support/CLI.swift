import CapabilityProbe
import CapabilityProbeTesting
import Foundation

@testable import capcheck

/// The one in-process harness: runs `capcheck` with buffering sinks on an empty machine, so
/// no test reads the real hardware unless it passes `live:` (and is gated for it).
/// Programs (the built binary, outside tools) run through ``ProgramRun``.
enum CLI {
    struct Result {
        var code: ExitCode
        var stdout: String
        var stderr: String
    }

    /// The machine a run without `--from` sees by default: no devices, nothing complete.
    struct EmptyMachine: DeviceSource {
        func inventory() throws(SourceError) -> DeviceInventory {
            DeviceInventory(
                source: SourceInfo(
                    kind: .live, udevDatabase: false, attributes: false, complete: false),
                machine: MachineIdentity(), devices: [])
        }
    }

    /// The repository's Fixtures folder.
    static let fixtures: URL = ProgramRun.packageRoot.appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) -> String {
        fixtures.appendingPathComponent(relative).path
    }

    /// Runs argv (without the program name).
    /// - Parameters:
    ///   - arguments: The command line.
    ///   - live: The machine a run without `--from` reads (default: ``EmptyMachine``).
    ///   - stdin: Standard input for `-`.
    ///   - terminal: Whether standard output is a terminal (colour, human defaults).
    ///   - columns: The width that terminal reports (`TIOCGWINSZ`), if any.
    ///   - variables: The environment variables the command sees.
    ///   - stdoutDescriptor: A real descriptor for standard output instead of a buffer.
    ///   - stderrDescriptor: A real descriptor for standard error instead of a buffer.
    static func run(
        _ arguments: [String], live: any DeviceSource = EmptyMachine(), stdin: String = "",
        terminal: Bool = false, columns: Int? = nil, variables: [String: String] = [:],
        stdoutDescriptor: Int32? = nil, stderrDescriptor: Int32? = nil
    ) -> Result {
        let out =
            stdoutDescriptor.map { OutputSink(fileDescriptor: $0) }
            ?? OutputSink(bufferingAsTerminal: terminal, columns: columns)
        let err =
            stderrDescriptor.map { OutputSink(fileDescriptor: $0) }
            ?? OutputSink(bufferingAsTerminal: false)
        let env = CommandEnvironment(
            stdout: out, stderr: err, liveSource: { live },
            readStandardInput: { limit in stdin.utf8.count <= limit ? Data(stdin.utf8) : nil },
            variables: variables)
        let code = CapCheck.main(arguments, env: env)
        return Result(code: code, stdout: out.text, stderr: err.text)
    }
}
