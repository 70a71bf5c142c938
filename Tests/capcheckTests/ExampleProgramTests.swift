import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// Examples/ProbeAndCheck is built with the package (`swift build`, `swift test`) and works.
@Suite struct ExampleProgramTests {
    @Test func theExampleProbesARecordingAndChecksAManifest() throws {
        let example = try #require(
            ProgramRun.built("capcheck-example"), "capcheck-example is not built (swift build)")
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let manifest = directory.appendingPathComponent("needs.json")
        try Data(#"{"version": 1, "require": ["net.wifi", "sensor.gyroscope"]}"#.utf8).write(
            to: manifest)
        let run = try ProgramRun.run(
            example, ["--from", CLI.fixture("udevadm/LENOVO_T430S.txt"), manifest.path])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("present: "))
        #expect(run.stdout.contains("net.wifi"))
        #expect(run.stdout.contains("  sensor.gyroscope: unsatisfied ("))
        #expect(run.stdout.contains("\(manifest.path): unsatisfied"))
    }
}
