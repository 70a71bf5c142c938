import CapabilityProbe
import Foundation

@testable import capcheck

/// Runs capcheck in-process with buffering sinks.
enum CLI {
    struct Result {
        var code: ExitCode
        var stdout: String
        var stderr: String
    }

    /// The repository's Fixtures folder.
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ relative: String) -> String {
        fixtures.appendingPathComponent(relative).path
    }

    /// Runs argv with an optional live source and standard input.
    static func run(
        _ arguments: [String], live: (any DeviceSource)? = nil, stdin: Data = Data()
    ) -> Result {
        let out = OutputSink(bufferingAsTerminal: false)
        let err = OutputSink(bufferingAsTerminal: false)
        let env = CommandEnvironment(
            stdout: out, stderr: err, liveSource: { live ?? UdevDeviceSource() },
            readStandardInput: { stdin }, variables: [:])
        let code = CapCheck.main(arguments, env: env)
        return Result(code: code, stdout: out.text, stderr: err.text)
    }
}

extension CLI {
    /// Runs argv with standard output as a terminal (or not) and the given variables.
    static func run(
        _ arguments: [String], terminal: Bool, variables: [String: String] = [:]
    ) -> Result {
        let out = OutputSink(bufferingAsTerminal: terminal)
        let err = OutputSink(bufferingAsTerminal: false)
        let env = CommandEnvironment(
            stdout: out, stderr: err, liveSource: { UdevDeviceSource() },
            readStandardInput: { Data() }, variables: variables)
        let code = CapCheck.main(arguments, env: env)
        return Result(code: code, stdout: out.text, stderr: err.text)
    }
}
