import CapabilityProbe
import CapabilityProbeTesting
import Foundation

/// The real `capcheck` binary (real libudev code path) inside a umockdev testbed.
///
/// `umockdev-run -d RECORDING -- capcheck ARGS` preloads libumockdev, so libudev sees only
/// the recorded devices under a fake `/sys`; classification is then asserted on the JSON.
/// Runs go through ``ProgramRun``, the one harness for programs.
enum Umockdev {
    /// Whether `umockdev-run` is installed.
    static var isAvailable: Bool { ProgramRun.hasUmockdev }

    /// Runs `capcheck ARGS` inside a testbed made from recordings (paths relative to Fixtures/).
    static func capcheck(recordings: [String], _ arguments: [String]) throws -> ProgramRun.Result {
        try ProgramRun.capcheck(arguments, machine: .recordings(recordings))
    }

    /// `capcheck list --json` inside a testbed, decoded.
    /// - Parameters:
    ///   - recordings: Recordings, relative to Fixtures/.
    ///   - prepare: A shell command run in the testbed first (`$UMOCKDEV_DIR` is its root).
    static func report(recordings: [String], prepare: String? = nil) throws -> CapabilityReport {
        let result: ProgramRun.Result
        if let prepare {
            var args: [String] = []
            for recording in recordings { args += ["-d", Fixtures.path(recording)] }
            args += [
                "--", "/bin/sh", "-c", prepare + " && exec \"$0\" list --json",
                ProgramRun.capcheckBinary,
            ]
            result = try ProgramRun.run(ProgramRun.umockdevRun, args)
        } else {
            result = try capcheck(recordings: recordings, ["list", "--json"])
        }
        guard result.status == 0 else {
            throw NSError(
                domain: "umockdev", code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return try JSONDecoder().decode(CapabilityReport.self, from: Data(result.stdout.utf8))
    }
}
