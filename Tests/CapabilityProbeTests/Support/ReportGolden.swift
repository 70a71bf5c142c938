import Foundation
import Testing

/// Golden files in `Fixtures/expected/`: compared byte for byte; re-recorded only with
/// `CAPCHECK_RECORD=1`, and a recording run fails so it cannot pass by accident.
enum ReportGolden {
    static func check(
        _ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = Fixtures.url("expected/\(name)")
        if ProcessInfo.processInfo.environment["CAPCHECK_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record(
                "recorded \(name); run again without CAPCHECK_RECORD=1",
                sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(
            actual == expected, "differs from Fixtures/expected/\(name)",
            sourceLocation: sourceLocation)
    }
}
