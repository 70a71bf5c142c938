import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// A full disk or a closed pipe ends a command with one line on stderr and exit 74, never a
/// crash (FileHandle.write used to trap on EPIPE and ENOSPC).
@Suite struct OutputFailureTests {
    let dump = CLI.fixture("udevadm/LENOVO_T420.txt")

    @Test func fullDiskExits74WithOneLine() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let result = CLI.run(["list", "--from", dump], stdoutDescriptor: descriptor)
        #expect(result.code == .ioError)
        #expect(
            result.stderr
                == "capcheck: error: standard output: cannot write: No space left on device\n")
    }

    @Test func closedPipeExits74WithOneLine() throws {
        // As when a shell ignores SIGPIPE: the write fails with EPIPE instead of a signal.
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let result = CLI.run(["list", "--from", dump, "--json"], stdoutDescriptor: ends[1])
        #expect(result.code == .ioError)
        #expect(result.stderr == "capcheck: error: standard output: cannot write: Broken pipe\n")
    }

    /// Runs the built binary as `capcheck ARGS | head -1` with SIGPIPE at its default
    /// action (as a login shell leaves it) and returns capcheck's status and stderr.
    static func intoHead(_ arguments: [String]) throws -> (status: String, stderr: String)? {
        guard let bash = ProgramRun.which("bash"), let env = ProgramRun.which("env") else {
            return nil
        }
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let errors = directory.appendingPathComponent("stderr").path
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let script =
            "'\(env)' --default-signal=PIPE '\(ProgramRun.capcheckBinary)' \(quoted) 2>'\(errors)'"
            + " | head -1 >/dev/null; echo \"${PIPESTATUS[0]}\""
        let run = try ProgramRun.run(bash, ["-c", script])
        let stderr = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        return (run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), stderr)
    }

    @Test func aPipeClosedByHeadGivesOneLineAndExit74NotASignal() throws {
        // The JSON snapshot is far larger than a pipe's buffer: capcheck is still writing
        // when head exits.
        let result = try #require(try Self.intoHead(["list", "--from", dump, "--json"]))
        #expect(result.status == "74")
        #expect(result.stderr == "capcheck: error: standard output: cannot write: Broken pipe\n")
    }

    @Test func aShortOutputThatFitsThePipeEndsWithExit0() throws {
        let result = try #require(try Self.intoHead(["list", "--from", dump]))
        #expect(result.status == "0")
        #expect(result.stderr.isEmpty)
    }

    @Test func fullStderrDoesNotCrash() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let result = CLI.run(
            ["list", "--from", "/nonexistent-capcheck"], stderrDescriptor: descriptor)
        #expect(result.code == .noInput)
    }
}
