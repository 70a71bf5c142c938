import CapabilityProbe
import Testing

@testable import CapabilitySupport
@testable import capcheck

/// The one mapping from a thrown error to its exit code (``ExitCode/init(for:)``).
@Suite struct ExitCodeMappingTests {
    struct Other: Error {}

    @Test func badInputIs65AndAFileThatCannotBeReadIs66() {
        #expect(ExitCode(for: InputProblem(place: .line(2), reason: "bad")) == .dataError)
        #expect(
            ExitCode(for: InputProblem(file: "a", reason: "no such file", isUnreadable: true))
                == .noInput)
        #expect(
            ExitCode(for: ManifestError.malformed(path: "m", place: nil, reason: "x")) == .dataError
        )
        #expect(ExitCode(for: ManifestError.unreadable(path: "m", reason: "x")) == .noInput)
    }

    @Test func sourceErrorsMapByWhatFailed() {
        #expect(ExitCode(for: SourceError.unreadable(path: "d", reason: "x")) == .noInput)
        #expect(ExitCode(for: SourceError.malformed(path: "d", line: 1, reason: "x")) == .dataError)
        #expect(
            ExitCode(for: SourceError.unrecognized(path: "d", line: nil, reason: "x")) == .dataError
        )
        #expect(ExitCode(for: SourceError.sysfsUnreadable(reason: "x")) == .unavailable)
        #expect(ExitCode(for: SourceError.udev(function: "udev_new", errno: 12)) == .software)
        #expect(
            ExitCode(for: WatchError.source(.sysfsUnreadable(reason: "x"))) == .unavailable)
        #expect(ExitCode(for: WatchError.system(function: "pipe", errno: 24)) == .software)
    }

    @Test func tablesPhonesUsageAndOutputMapToTheirCodes() {
        #expect(ExitCode(for: MatrixError.unreadable(path: "t", reason: "x")) == .noInput)
        #expect(ExitCode(for: MatrixError.unknownBuiltin(name: "n", known: [])) == .usage)
        #expect(ExitCode(for: MatrixError.malformed(path: "t", line: 2, reason: "x")) == .dataError)
        #expect(ExitCode(for: PhoneError.toolMissing(tool: "adb")) == .unavailable)
        #expect(ExitCode(for: PhoneError.severalDevices(serials: ["a", "b"])) == .usage)
        #expect(ExitCode(for: PhoneError.untrusted) == .noInput)
        #expect(ExitCode(for: UsageError("bad option")) == .usage)
        #expect(ExitCode(for: FileWriter.FileFailure.system(.noSuchFile)) == .ioError)
        #expect(ExitCode(for: Other()) == .software)
    }
}
