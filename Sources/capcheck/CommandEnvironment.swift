import CapabilityProbe
import FoundationEssentials

/// What a command may touch: output sinks, the device source factory, the file system.
struct CommandEnvironment: @unchecked Sendable {
    /// Standard output.
    var stdout: OutputSink
    /// Standard error.
    var stderr: OutputSink
    /// Makes the live device source (replaced in tests).
    var liveSource: () -> any DeviceSource
    /// Reads standard input when a command is given `-`: at most the bytes given, nil past
    /// them.
    var readStandardInput: (_ limit: Int) -> Data?
    /// Environment variables.
    var variables: [String: String]
    /// This machine's name databases, opened once for every recording a command reads.
    var nameDatabases = RecordedDeviceNames.Databases()

    /// The real process environment; the live machine is read from sysfs directly.
    static func process() -> CommandEnvironment {
        let variables = ProcessInfo.processInfo.environment
        return CommandEnvironment(
            stdout: OutputSink(fileDescriptor: 1), stderr: OutputSink(fileDescriptor: 2),
            liveSource: { SysfsDeviceSource() },
            readStandardInput: { InputFile.readToEnd(descriptor: .standardInput, limit: $0) },
            variables: variables)
    }

    /// The width text output fits when standard output is a terminal: `COLUMNS` (a positive
    /// number), else the terminal's own (`TIOCGWINSZ`); nil in a pipe or a file, which get
    /// whole lines.
    var terminalWidth: Int? {
        guard stdout.isTerminal else { return nil }
        if let text = variables["COLUMNS"], let columns = Int(text), columns > 0 {
            return columns
        }
        return stdout.terminalColumns
    }

    /// Reports an error as `capcheck: error: …` and returns its exit code.
    func fail(_ message: String, _ code: ExitCode) -> ExitCode {
        stderr.line("capcheck: error: " + TerminalText.sanitize(message))
        return code
    }

    /// Reads a recorded machine (`-` = standard input) or the live machine. Recorded devices
    /// without database names get them from this machine's hwdb and libpci.
    func inventory(from path: String?) throws(SourceError) -> DeviceInventory {
        guard let path else { return try liveSource().inventory() }
        if path == "-" {
            return RecordedDeviceNames.enrich(
                try RecordedSource.inventory(readStandardInput(Int.max) ?? Data(), path: "<stdin>"),
                using: nameDatabases)
        }
        return RecordedDeviceNames.enrich(
            try RecordedSource.inventory(contentsOf: path), using: nameDatabases)
    }

    /// Reads and classifies a machine (a recording, or the live machine when `path` is nil),
    /// then runs `body` on the report; a source error is reported and its exit code returned.
    /// With `redact`, serials, addresses, UUIDs and the host name are removed first.
    func withReport(
        from path: String?, redact: Bool = false, _ body: (CapabilityReport) -> ExitCode
    ) -> ExitCode {
        switch report(from: path, redact: redact ? .everything : .nothing) {
        case .success(let report): return body(report)
        case .failure(let error): return fail(error)
        }
    }

    /// What is removed from a machine's records before they are classified.
    enum Redacting: Sendable {
        /// Nothing: the records as read.
        case nothing
        /// The host name only, for an output that shows no device value (``Redaction/redactHostName(_:)``).
        case hostName
        /// Serials, addresses, UUIDs and the host name (``Redaction/redact(_:)-(DeviceInventory)``).
        case everything
    }

    /// Reads and classifies a machine as ``withReport(from:redact:_:)`` does, reporting
    /// nothing: safe to call from several threads at once (the name databases take a lock).
    func report(from path: String?, redact: Redacting = .nothing) -> Result<
        CapabilityReport, SourceError
    > {
        do {
            // A phone capture is read wherever a recording is, sniffed by its header.
            let inventory: DeviceInventory
            if path == "-" {
                let data = readStandardInput(Int.max) ?? Data()
                if CaptureReports.looksLikeCapture(data),
                    let report = try CaptureReports.report(
                        text: String(decoding: data, as: UTF8.self), path: "<stdin>")
                {
                    return .success(report)
                }
                inventory = RecordedDeviceNames.enrich(
                    try RecordedSource.inventory(data, path: "<stdin>"), using: nameDatabases)
            } else {
                if let path, let report = try CaptureReports.report(contentsOf: path) {
                    return .success(report)
                }
                inventory = try self.inventory(from: path)
            }
            let redacted: DeviceInventory
            switch redact {
            case .nothing: redacted = inventory
            case .hostName: redacted = Redaction.redactHostName(inventory)
            case .everything: redacted = Redaction.redact(inventory)
            }
            return .success(CapabilityClassifier().classify(redacted))
        } catch {
            return .failure(error)
        }
    }

    /// Reports an error in one line and returns its exit code (``ExitCode/init(for:)``).
    /// - Parameters:
    ///   - error: The error.
    ///   - message: The line, when it says more than the error's own description.
    /// - Returns: The error's exit code.
    func fail(_ error: any Error, as message: String? = nil) -> ExitCode {
        fail(message ?? String(describing: error), ExitCode(for: error))
    }
}
