import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `report` over several `--from` recordings: they are read on every core, and what comes out
/// is what reading them one after the other gives.
@Suite struct ReportManyRecordingsTests {
    static let dumps = ["RPI3B.txt", "DELL_VOSTROV131.txt", "HOME_MADE.txt"].map {
        CLI.fixture("udevadm/" + $0)
    }

    static func columns(_ csv: String) -> [[Substring]] {
        let rows = csv.split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let width = rows.first?.count ?? 0
        return (0..<width).map { column in rows.map { $0.count > column ? $0[column] : "" } }
    }

    @Test func columnsFollowTheCommandLineAndMatchEachRecordingAlone() throws {
        let together = CLI.run(
            ["report", "--format", "csv"] + Self.dumps.flatMap { ["--from", $0] })
        #expect(together.code == .ok, "\(together.stderr)")
        let columns = Self.columns(together.stdout)
        #expect(columns.count == 2 + Self.dumps.count)
        for (index, dump) in Self.dumps.enumerated() {
            let alone = CLI.run(["report", "--format", "csv", "--from", dump])
            #expect(alone.code == .ok)
            #expect(Self.columns(alone.stdout).last == columns[2 + index], "\(dump)")
        }
    }

    @Test func theFirstFailingRecordingInCommandLineOrderIsTheOneReported() throws {
        let missing = "/nonexistent/capcheck-report-missing.txt"
        let folder = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let notARecording = folder.appendingPathComponent("not-a-recording.txt").path
        try Data("hello, world\n".utf8).write(to: URL(fileURLWithPath: notARecording))
        let first = CLI.run(
            ["report", "--from", Self.dumps[0], "--from", missing, "--from", notARecording])
        #expect(first.code == .noInput)
        #expect(first.stderr.contains(missing))
        #expect(first.stderr.split(separator: "\n").count == 1)
        #expect(first.stdout.isEmpty)
        let swapped = CLI.run(
            ["report", "--from", notARecording, "--from", missing, "--from", Self.dumps[0]])
        #expect(swapped.code == .dataError)
        #expect(swapped.stderr.contains("not-a-recording.txt"))
        #expect(!swapped.stderr.contains(missing))
    }
}
