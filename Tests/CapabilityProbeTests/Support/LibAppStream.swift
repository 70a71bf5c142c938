import CapabilityProbeTesting
import Foundation

/// libappstream's own verdicts (Debian's `gir1.2-appstream-1.0` through `python3-gi`), run
/// by `Scripts/appstream-oracle.py` on the live machine or inside a umockdev testbed.
enum LibAppStream {
    /// One relation item as libappstream 0.16 decides it.
    struct Item: Decodable, Equatable {
        /// The metainfo file.
        var file: String
        /// `requires`, `recommends` or `supports`.
        var kind: String
        /// The item kind (`control`, `memory`, …).
        var item: String
        /// The value as libappstream read it.
        var value: String?
        /// `true`, `false`, `unknown` or `error`.
        var result: String
        /// libappstream's message.
        var message: String
    }

    static let python = "/usr/bin/python3"
    static var script: String {
        ProgramRun.packageRoot.appendingPathComponent("Scripts/appstream-oracle.py").path
    }

    /// Whether python3-gi and the AppStream typelib are installed.
    static let isAvailable: Bool = {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let probe = try? ProgramRun.run(
            python, ["-c", "import gi; gi.require_version('AppStream', '1.0')"])
        return probe?.status == 0
    }()

    /// Runs the oracle on a metainfo file, inside a testbed when recordings are given.
    static func verdicts(_ file: String, recordings: [String] = []) throws -> [Item] {
        try verdicts(files: [file], recordings: recordings)
    }

    /// Runs the oracle on several files in one process (one testbed start).
    static func verdicts(files: [String], recordings: [String] = []) throws -> [Item] {
        let result: ProgramRun.Result
        if recordings.isEmpty {
            result = try ProgramRun.run(python, [script] + files)
        } else {
            var args: [String] = []
            for recording in recordings { args += ["-d", Fixtures.path(recording)] }
            result = try ProgramRun.run(
                "/usr/bin/umockdev-run", args + ["--", python, script] + files)
        }
        guard result.status == 0 else {
            throw NSError(
                domain: "libappstream", code: Int(result.status),
                userInfo: [NSLocalizedDescriptionKey: result.stderr])
        }
        return try result.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Item.self, from: Data($0.utf8))
        }
    }
}
