import CapabilityProbe
import Foundation

/// `capcheck report`: the seed's feature table for real machines.
struct ReportCommand: Command {
    static let name = "report"
    static let abstract =
        "Draw a feature table (features × machines) as Markdown, CSV, JSON or HTML"
    static let usage =
        "capcheck report [--from FILE|DIR]... [--manifest M] [--format md|csv|json|html] [-o FILE]\n"
        + "                [--no-redact]"
    static let options =
        [
            OptionSpec(
                "from", value: "FILE",
                "A machine: udevadm --export-db dump, umockdev recording or snapshot ('-' = stdin), or a directory of snapshots (one column each); repeat for more columns; without it the live machine is probed",
                completion: .file, repeatable: true),
            ManifestOptions.manifestOption("Add a verdict row for this manifest"),
        ] + ManifestOptions.tableSpecs + [
            OptionSpec(
                "format", value: "FORMAT",
                "md (default), csv, json or html (one self-contained page)",
                completion: .choices(FeatureTableRenderer.Format.allCases.map(\.rawValue))),
            OptionSpec(
                "output", short: "o", value: "FILE", "Write to FILE instead of standard output",
                completion: .file),
            OptionSpec(
                "no-redact",
                "Keep serial numbers, addresses, UUIDs and host names (removed by default: reports are made to be shared)"
            ),
        ]

    var from: [String]
    var manifestOptions: ManifestOptions
    var format: FeatureTableRenderer.Format
    var output: String?
    var redact: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        from = try arguments.values("from")
        manifestOptions = try ManifestOptions(&arguments, command: Self.name, kindCheck: .loading)
        let formatName = try arguments.value("format") ?? "md"
        guard let format = FeatureTableRenderer.Format(rawValue: formatName) else {
            throw UsageError(
                "--format must be md, csv, json or html, not '\(formatName)'", command: Self.name)
        }
        self.format = format
        output = try arguments.value("o", "output")
        redact = !(try arguments.flag("no-redact"))
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        var machines: [(name: String, report: CapabilityReport)] = []
        for path in from.isEmpty ? [nil] : from.map(Optional.some) {
            if let path, Self.isDirectory(path) {
                switch MatrixInputs.fleet(path, env: env) {
                case .value(let fleet): machines += fleet.machines.map { ($0.name, $0.report) }
                case .failed(let code): return code
                }
                continue
            }
            let code = env.withReport(from: path, redact: redact) { report in
                machines.append((Self.columnName(report.machine, path: path), report))
                return .ok
            }
            if code != .ok { return code }
        }
        var verdicts: [RowEvaluation]?
        if let manifest = manifestOptions.path {
            switch manifestOptions.evaluator(manifest, in: env) {
            case .value(let evaluator): verdicts = machines.map { evaluator.evaluate($0.report) }
            case .failed(let code): return code
            }
        }
        let table = FeatureTable(
            machines: machines, verdicts: verdicts, manifest: manifestOptions.path)
        let text: String
        do {
            text = try FeatureTableRenderer.render(table, as: format)
        } catch {
            return env.fail("cannot encode the table: \(error)", .software)
        }
        return MatrixInputs.emit(text, to: output, env: env)
    }

    /// Whether a `--from` path names a directory (a fleet of recordings, one column each).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path != "-"
            && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Vendor and model, else the file name, else the host name, else `this machine`.
    static func columnName(_ machine: MachineIdentity, path: String?) -> String {
        let name = [machine.vendor, machine.model].compactMap { $0 }.joined(separator: " ")
        if !name.isEmpty { return name }
        if let path, path != "-" { return URL(fileURLWithPath: path).lastPathComponent }
        if path == "-" { return "stdin" }
        return machine.hostname.flatMap { $0 == Redaction.marker ? nil : $0 } ?? "this machine"
    }
}
