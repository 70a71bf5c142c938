import Foundation

/// Runs programs in tests: outside tools (aapt, python3, groff, shells) and the built
/// `capcheck`, which sees an empty machine unless a test asks for recordings or the host.
///
/// Standard input is written from a file and output is collected in files, not pipes, so a
/// program that does not read its input or writes a lot cannot block.
public enum ProgramRun {
    /// How a program ended and what it printed.
    public struct Result: Sendable {
        /// The exit status (or the signal number for a killed program).
        public var status: Int32
        /// Standard output, decoded as UTF-8.
        public var stdout: String
        /// Standard error, decoded as UTF-8.
        public var stderr: String
    }

    /// The machine a `capcheck` run without `--from` sees.
    public enum Machine: Sendable {
        /// A umockdev testbed with only the loopback interface (``emptyRecording``): a `/sys`
        /// to list but no hardware (the default, so no host device leaks in).
        case empty
        /// A umockdev testbed made from these recordings (paths relative to `Fixtures/`).
        case recordings([String])
        /// This machine's real `/sys`; tests that ask for it are gated with `.enabled(if:)`.
        case host
    }

    /// Why a program could not be run as asked.
    public struct Failure: Error, CustomStringConvertible {
        /// What is missing.
        public var description: String
    }

    /// The repository root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CapabilityProbeTesting
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// Whether CI runs the tests (`CI=true`): there a missing tool fails instead of skipping.
    public static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The recording of the empty machine (a testbed needs one device for `/sys/devices`).
    public static let emptyRecording = "umockdev/loopback-only.umockdev"

    /// The umockdev runner every testbed run goes through.
    public static let umockdevRun = "/usr/bin/umockdev-run"

    /// Whether `umockdev-run` is installed.
    public static var hasUmockdev: Bool {
        FileManager.default.isExecutableFile(atPath: umockdevRun)
    }

    /// The path of a program on PATH (or the usual system directories), if installed.
    /// - Parameter name: The program name.
    /// - Returns: The full path, or nil.
    public static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin"] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A built executable of this package (debug first).
    /// - Parameter name: The product name.
    /// - Returns: The full path, or nil when it is not built.
    public static func built(_ name: String) -> String? {
        let build = packageRoot.appendingPathComponent(".build")
        for directory in [
            "debug", "x86_64-unknown-linux-gnu/debug", "aarch64-unknown-linux-gnu/debug",
            "release",
        ] {
            let path = build.appendingPathComponent(directory + "/" + name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// A fresh temporary directory; the caller removes it.
    /// - Returns: Its URL.
    /// - Throws: When it cannot be made.
    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The built `capcheck` executable (`swift test` builds it with the test targets).
    public static var capcheckBinary: String {
        built("capcheck") ?? packageRoot.appendingPathComponent(".build/debug/capcheck").path
    }

    /// Runs a program to its end.
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: Its arguments.
    ///   - environment: Its environment (default: this process's).
    ///   - stdin: Its standard input (default: empty).
    ///   - directory: Its working directory (default: this process's).
    /// - Returns: The status and output.
    /// - Throws: When the program cannot be started or the scratch files cannot be made.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        stdin: String? = nil, directory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("stdin")
        let output = scratch.appendingPathComponent("stdout")
        let errors = scratch.appendingPathComponent("stderr")
        try Data((stdin ?? "").utf8).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self),
            stderr: String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
    }

    /// Writes a shell script that runs the built `capcheck` on a machine, for tools that are
    /// handed a capcheck to run (an Ansible fact, a shell completion).
    /// - Parameters:
    ///   - directory: Where to write the script (`capcheck` in it).
    ///   - machine: What a run without `--from` sees.
    /// - Returns: The script's path.
    /// - Throws: ``Failure`` when a testbed is asked for and umockdev is not installed.
    public static func capcheckScript(in directory: URL, machine: Machine = .empty) throws
        -> String
    {
        let command = try command(machine).map { "'\($0)'" }.joined(separator: " ")
        let script = directory.appendingPathComponent("capcheck")
        try Data("#!/bin/sh\nexec \(command) \"$@\"\n".utf8).write(to: script)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    /// The argv prefix that runs capcheck on a machine.
    private static func command(_ machine: Machine) throws -> [String] {
        switch machine {
        case .host:
            return [capcheckBinary]
        case .empty, .recordings:
            guard hasUmockdev else {
                throw Failure(
                    description: "\(umockdevRun) is not installed (apt-get install umockdev)")
            }
            var testbed = [umockdevRun]
            var recordings = [emptyRecording]
            if case .recordings(let given) = machine { recordings = given }
            for recording in recordings {
                testbed += [
                    "-d", packageRoot.appendingPathComponent("Fixtures/" + recording).path,
                ]
            }
            return testbed + ["--", capcheckBinary]
        }
    }

    /// Runs the built `capcheck` on a machine: an empty testbed unless asked otherwise.
    /// - Parameters:
    ///   - arguments: capcheck's arguments.
    ///   - machine: What a run without `--from` sees.
    ///   - environment: capcheck's environment (default: this process's).
    ///   - stdin: Its standard input (default: empty).
    ///   - directory: Its working directory (default: this process's).
    ///   - timeout: Seconds after which `timeout(1)` ends it (exit 124), if given.
    ///   - memoryLimit: Bytes of address space it may use (`ulimit -v`), if given: past it an
    ///     allocation fails and the run ends by a signal instead of swapping.
    /// - Returns: The status and output.
    /// - Throws: ``Failure`` when a testbed is asked for and umockdev is not installed.
    public static func capcheck(
        _ arguments: [String], machine: Machine = .empty,
        environment: [String: String]? = nil, stdin: String? = nil, directory: URL? = nil,
        timeout: Int? = nil, memoryLimit: Int? = nil
    ) throws -> Result {
        var command = try command(machine) + arguments
        if let memoryLimit {
            let kibibytes = String(memoryLimit / 1024)
            command = ["/bin/sh", "-c", "ulimit -v \(kibibytes) && exec \"$@\"", "sh"] + command
        }
        if let timeout { command = ["/usr/bin/timeout", String(timeout)] + command }
        return try run(
            command[0], Array(command.dropFirst()), environment: environment, stdin: stdin,
            directory: directory)
    }
}
