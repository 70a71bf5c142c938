import CapabilityProbeTesting
import Foundation
import Testing

/// What fish offers for a command line with capcheck's generated completion script loaded.
enum FishCompletion {
    /// The words fish completes (descriptions dropped), or nil when fish is not installed
    /// (an expectation fails then in CI, where it must be).
    /// - Parameter line: The command line, as typed (`capcheck list --format `).
    static func words(_ line: String) throws -> [String]? {
        guard let fish = ProgramRun.which("fish") else {
            #expect(!ProgramRun.inCI, "fish is missing: install .ci/apt-packages")
            return nil
        }
        let directory = try ProgramRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("capcheck.fish")
        try Data(CLI.run(["completion", "fish"]).stdout.utf8).write(to: file)
        let result = try ProgramRun.run(
            fish, ["--no-config", "-c", "source \(file.path); complete -C '\(line)'"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map {
            String($0.split(separator: "\t").first ?? "")
        }
    }
}
