import CapabilityProbe
import Foundation

/// Runs the real `capcheck` binary (real libudev code path) inside a umockdev testbed.
///
/// `umockdev-run -d RECORDING -- capcheck ARGS` preloads libumockdev, so libudev sees only
/// the recorded devices under a fake `/sys`; classification is then asserted on the JSON.
final class DataBox: @unchecked Sendable { var data = Data() }

enum Umockdev {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Whether `umockdev-run` is installed.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/umockdev-run")
    }

    /// The package root.
    static var packageRoot: URL { Fixtures.root.deletingLastPathComponent() }

    /// The built `capcheck` executable (swift test builds it with the test targets).
    static var capcheckBinary: String {
        let build = packageRoot.appendingPathComponent(".build")
        for candidate in [
            "debug/capcheck", "x86_64-unknown-linux-gnu/debug/capcheck",
            "aarch64-unknown-linux-gnu/debug/capcheck", "release/capcheck",
        ] {
            let path = build.appendingPathComponent(candidate).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return build.appendingPathComponent("debug/capcheck").path
    }

    /// Runs a process and collects its output.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes before waiting so a full pipe cannot block the child.
        let errBox = DataBox()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The semaphore orders the reader's write before this read (polling isFinished did
        // not, as ThreadSanitizer reported).
        done.wait()
        let errData = errBox.data
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs `capcheck ARGS` inside a testbed made from recordings (paths relative to Fixtures/).
    static func capcheck(recordings: [String], _ arguments: [String]) throws -> Result {
        var args: [String] = []
        for recording in recordings { args += ["-d", Fixtures.path(recording)] }
        args += ["--", capcheckBinary] + arguments
        return try run("/usr/bin/umockdev-run", args)
    }

    /// `capcheck list --json` inside a testbed, decoded.
    /// - Parameters:
    ///   - recordings: Recordings, relative to Fixtures/.
    ///   - prepare: A shell command run in the testbed first (`$UMOCKDEV_DIR` is its root).
    static func report(recordings: [String], prepare: String? = nil) throws -> CapabilityReport {
        var result: Result
        if let prepare {
            var args: [String] = []
            for recording in recordings { args += ["-d", Fixtures.path(recording)] }
            args += [
                "--", "/bin/sh", "-c", prepare + " && exec \"$0\" list --json", capcheckBinary,
            ]
            result = try run("/usr/bin/umockdev-run", args)
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
