import CapabilityProbe
import CapabilityProbeTesting
import Foundation
import Testing

@testable import capcheck

/// `capcheck watch` in-process on this machine's /sys, ended by `--timeout`: which output
/// format a terminal and a pipe get. The event lines are the testbed's (WatchTestbedTests).
@Suite(.serialized, .enabled(if: TestHost.hasSysfs, "watches this machine's /sys"))
struct WatchCommandTests {
    static func run(_ arguments: [String], terminal: Bool) -> CLI.Result {
        CLI.run(["watch"] + arguments, live: SysfsDeviceSource(), terminal: terminal)
    }

    static let quiet = ["--only", "devices", "--timeout", "0.1"]

    @Test func terminalGetsAReadableFirstLineNamingTheSource() throws {
        let result = Self.run(Self.quiet, terminal: true)
        #expect(result.code == .ok)
        let first = try #require(result.stdout.split(separator: "\n").first)
        let source = EventSource.detect()
        #expect(
            first.hasSuffix(
                "  watching devices · source: \(source.rawValue) — \(source.note)"))
        #expect(!first.hasPrefix("{"))
    }

    @Test(arguments: [(false, [String]()), (true, ["--json"])])
    func pipeOrJSONFlagGetsTheSourceAsAJSONObject(terminal: Bool, extra: [String]) throws {
        let result = Self.run(Self.quiet + extra, terminal: terminal)
        #expect(result.code == .ok)
        #expect(result.stderr.isEmpty)
        let first = try #require(result.stdout.split(separator: "\n").first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "source")
        #expect(object["source"] as? String == EventSource.detect().rawValue)
        #expect(object["watching"] as? [String] == ["devices"])
        #expect(object["time"] is String)
    }
}
