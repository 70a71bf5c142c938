import CapabilityProbe
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

    @Test func fullStderrDoesNotCrash() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let result = CLI.run(
            ["list", "--from", "/nonexistent-capcheck"], stderrDescriptor: descriptor)
        #expect(result.code == .noInput)
    }
}
