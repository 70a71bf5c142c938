import CapabilityProbe
import FoundationEssentials

/// `capcheck report`: the seed's feature table for real machines.
struct ReportCommand: Command {
    static let name = "report"
    static let abstract =
        "Draw a feature table (features × machines) as Markdown, CSV, JSON or HTML"
    static let usage =
        "capcheck report [--from FILE|DIR]... [--manifest M] \(formats.usage) [-o FILE]\n"
        + "                [--no-redact]"

    /// What `report` writes: the table, and the stamp the HTML page shows.
    struct Output {
        /// The feature table.
        var table: FeatureTable
        /// The build and the date.
        var stamp: ReportStamp
    }

    /// The `--format` choices.
    static let formats = FormatRegistry<Output>(
        .init("md") { output, out in
            out.write(try FeatureTableRenderer.render(output.table, as: .md))
        },
        .init("csv") { output, out in
            out.write(try FeatureTableRenderer.render(output.table, as: .csv))
        },
        .init("json") { output, out in
            out.write(try FeatureTableRenderer.render(output.table, as: .json))
        },
        .init("html", "one self-contained page, with the build and the date") { output, out in
            out.write(
                try FeatureTableRenderer.render(output.table, as: .html, stamp: output.stamp))
        })
    static var table: OptionTable<Self> {
        OptionTable(
            [
                .values(
                    OptionSpec(
                        "from", value: "FILE",
                        "A machine: udevadm --export-db dump, umockdev recording or snapshot ('-' = stdin), or a directory of snapshots (one column each); repeat for more columns; without it the live machine is probed",
                        completion: .file, repeatable: true), \.from),
                .value(
                    ManifestOptions.manifestOption("Add a verdict row for this manifest"),
                    \.manifestOptions.path),
            ] + ManifestOptions.tableOptions(\.manifestOptions) + [
                .format(formats, \.format),
                .value(
                    OptionSpec(
                        "output", short: "o", value: "FILE",
                        "Write to FILE instead of standard output",
                        completion: .file), \.output),
                .inverted(
                    OptionSpec(
                        "no-redact",
                        "Keep serial numbers, addresses, UUIDs and host names (removed by default: reports are made to be shared)"
                    ), \.redact),
            ])
    }
    static var options: [OptionSpec] { table.specs }

    var from: [String] = []
    var manifestOptions = ManifestOptions()
    var format = Self.formats.first
    var output: String?
    var redact = true

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        // The table shows statuses, numbers and vendor and model, no device value: only the
        // host name needs removing (a column falls back to it), and the records are
        // classified as read, which gives what redacted records give (RedactionTests).
        let redacting: CommandEnvironment.Redacting = redact ? .hostName : .nothing
        var machines: [(name: String, report: CapabilityReport)] = []
        let paths = from.isEmpty ? [nil] : from.map(Optional.some)
        // Recordings named one by one are read and classified on every core first; their
        // results (or the first failure) are then taken in command-line order, as if read one
        // after the other. The live machine, stdin and directories are read in that loop.
        let directories = paths.map { $0.map(Self.isDirectory) ?? false }
        let recorded = ParallelMap.results(count: paths.count) {
            index -> Result<CapabilityReport, SourceError>? in
            guard let path = paths[index], path != "-", !directories[index] else { return nil }
            return env.report(from: path, redact: redacting)
        }
        for (index, path) in paths.enumerated() {
            if let path, directories[index] {
                switch MatrixInputs.fleet(path, env: env) {
                case .value(let fleet):
                    // A shared report names no host: columns by model (then file) instead.
                    let names =
                        redact
                        ? Fleet.rowNames(
                            fleet.machines.map {
                                ($0.report.machine, PathText.lastComponent($0.path))
                            }, hostNames: false)
                        : fleet.machines.map(\.name)
                    machines += zip(names, fleet.machines).map { ($0, $1.report) }
                case .failed(let code): return code
                }
                continue
            }
            switch recorded[index] ?? env.report(from: path, redact: redacting) {
            case .success(let report):
                machines.append((Self.columnName(report.machine, path: path), report))
            case .failure(let error): return env.fail(error)
            }
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
        // Rendered whole first: -o FILE is written only once the table is complete.
        let buffer = OutputSink(bufferingAsTerminal: false)
        do {
            try format.write(Output(table: table, stamp: Self.stamp(env)), buffer)
        } catch {
            return env.fail(error, as: "cannot encode the table: \(error)")
        }
        return MatrixInputs.emit(buffer.text, to: output, env: env)
    }

    /// The build (`--version`'s first line) and now, or `SOURCE_DATE_EPOCH` when set (a
    /// reproducible page: https://reproducible-builds.org/specs/source-date-epoch/), as
    /// ISO 8601 in UTC.
    static func stamp(_ env: CommandEnvironment) -> ReportStamp {
        let epoch = env.variables["SOURCE_DATE_EPOCH"].flatMap { Int($0) }
        let date = epoch.map { Date(timeIntervalSince1970: Double($0)) } ?? Date()
        return ReportStamp(
            generator: CapCheck.versionLine(commit: BuildInfo.commit),
            date: date.formatted(.iso8601))
    }

    /// Whether a `--from` path names a directory (a fleet of recordings, one column each).
    static func isDirectory(_ path: String) -> Bool {
        path != "-" && InputFile.kind(of: path) == .directory
    }

    /// Vendor and model, else the file name, else the host name, else `this machine`.
    static func columnName(_ machine: MachineIdentity, path: String?) -> String {
        if let name = machine.vendorAndModel, !name.isEmpty { return name }
        if let path, path != "-" { return URL(fileURLWithPath: path).lastPathComponent }
        if path == "-" { return "stdin" }
        return machine.hostname.flatMap { $0 == Redaction.marker ? nil : $0 } ?? "this machine"
    }
}
