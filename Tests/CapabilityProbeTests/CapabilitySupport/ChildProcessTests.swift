import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilitySupport

/// ChildProcess runs another program with a bounded time and output: its status and output
/// when it ends, and the program with everything it started ended when it runs too long or
/// prints too much.
@Suite struct ChildProcessTests {
    static let environment = ["PATH": "/usr/bin:/bin"]

    @Test func returnsTheStatusAndBothOutputs() throws {
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "echo out; echo err >&2; exit 3"], environment: Self.environment,
            timeout: 10, outputLimit: 1024)
        #expect(outcome.status == 3)
        #expect(outcome.output == "out\n")
        #expect(outcome.firstErrorLine == "err")
    }

    @Test func passesOnlyTheGivenEnvironment() throws {
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "echo \"$ONLY${HOME:-nohome}\""],
            environment: ["ONLY": "yes-", "PATH": "/bin"], timeout: 10, outputLimit: 1024)
        #expect(outcome.output == "yes-nohome\n")
    }

    @Test func endsAProgramThatRunsTooLongWithWhatItStarted() throws {
        let start = Date()
        #expect(throws: ChildProcess.Failure.timedOut(seconds: 0.3)) {
            // The shell's child keeps the pipe open: only ending the group ends the wait.
            try ChildProcess.run(
                "/bin/sh", ["-c", "sleep 30; echo late"], environment: Self.environment,
                timeout: 0.3, outputLimit: 1024)
        }
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func endsAProgramThatPrintsTooMuch() {
        #expect(throws: ChildProcess.Failure.outputTooLarge(limit: 4096)) {
            try ChildProcess.run(
                "/bin/sh", ["-c", "while :; do echo xxxxxxxxxxxxxxxx; done"],
                environment: Self.environment, timeout: 10, outputLimit: 4096)
        }
    }

    @Test func aProgramThatCannotStartIsASpawnFailure() {
        #expect(throws: ChildProcess.Failure.spawn(Errno(ENOENT))) {
            try ChildProcess.run(
                "/nonexistent/program", [], environment: Self.environment, timeout: 1,
                outputLimit: 16)
        }
    }

    @Test func findLooksOnlyInThePathGiven() throws {
        #expect(ChildProcess.find("sh", in: "/nonexistent:/bin") == "/bin/sh")
        #expect(ChildProcess.find("sh", in: "/nonexistent") == nil)
        #expect(ChildProcess.find("sh", in: nil) == nil)
        #expect(ChildProcess.find("/bin/sh", in: nil) == "/bin/sh")
    }
}
