import CapabilityProbe

/// `capcheck diff`: the matrix rows gained and lost between two manifests.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Show which table rows a new manifest gains or loses against an old one"
    static let usage =
        "capcheck diff OLD NEW (--matrix TABLE | --builtin NAME | --catalog FILE) [--no-loss] \(formats.usage)\n"
        + "              \(formats.aliasUsage)"

    /// The `--format` choices; `--json` is kept as a short form.
    static let formats = FormatRegistry<MatrixDiffResult>(
        .init("text") { diff, out in out.write(MatrixDiffRenderer.text(diff)) },
        .init("json", "the stable document") { diff, out in
            out.write(try JSONOutput.string(diff))
        },
        aliases: ["json"])
    static let arguments = [
        ArgumentSpec(
            "OLD",
            "The old manifest (Info.plist, AndroidManifest.xml, AppStream metainfo, JSON, or a built app)"
        ),
        ArgumentSpec("NEW", "The new manifest"),
    ]
    /// The options as given, before the table source is chosen.
    struct Options {
        var table: String?
        var builtin: String?
        var catalog: String?
        var noLoss = false
        var manifestOptions = ManifestOptions()
        var storeOptions = StoreOptions()
        var format = DiffCommand.formats.first
    }

    static var table: OptionTable<Options> {
        OptionTable(
            [
                .value(
                    OptionSpec(
                        "matrix", value: "TABLE",
                        "A device table (CSV, Markdown or JSON; '-' = stdin)", completion: .file),
                    \.table),
                .value(
                    MatrixTableChoice.builtinOption(
                        "A built-in matrix ('capcheck matrix --list-builtin')"), \.builtin),
                .value(MatrixTableChoice.catalogOption, \.catalog),
                .flag(
                    OptionSpec(
                        "no-loss",
                        "Exit 1 when any row is lost (2 when a row may be lost): Apple rejects updates that tighten UIRequiredDeviceCapabilities"
                    ), \.noLoss),
            ] + ManifestOptions.tableOptions(\.manifestOptions)
                + StoreOptions.options(\.storeOptions) + [.format(formats, \.format)])
    }
    static var options: [OptionSpec] { table.specs }

    var old: String
    var new: String
    var source: MatrixTableChoice
    var noLoss: Bool
    var manifestOptions: ManifestOptions
    var storeOptions: StoreOptions
    var format: FormatRegistry<MatrixDiffResult>.Format

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        var given = Options()
        try Self.table.parse(&arguments, into: &given)
        noLoss = given.noLoss
        manifestOptions = given.manifestOptions
        storeOptions = given.storeOptions
        format = given.format
        let positionals = arguments.positionals()
        guard positionals.count == 2 else {
            throw UsageError(
                positionals.count < 2
                    ? "give the OLD and NEW manifests" : "unexpected argument '\(positionals[2])'",
                command: Self.name)
        }
        old = positionals[0]
        new = positionals[1]
        source = try MatrixTableChoice(
            table: given.table, builtin: given.builtin, catalog: given.catalog,
            tableWording: "--matrix TABLE",
            command: Self.name)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let diff: MatrixDiffResult
        switch compare(in: env) {
        case .value(let value): diff = value
        case .failed(let code): return code
        }
        do {
            try format.write(diff, env.stdout)
        } catch {
            return env.fail(error, as: "cannot encode the diff: \(error)")
        }
        guard noLoss else { return .ok }
        if !diff.rows(.lost).isEmpty {
            env.stderr.line(
                "capcheck: \(diff.rows(.lost).count) row(s) lost: \(MatrixDiffResult.appleRule)")
            return .unmet
        }
        if !diff.rows(.mayBeLost).isEmpty {
            env.stderr.line(
                "capcheck: \(diff.rows(.mayBeLost).count) row(s) may be lost (the table does not say)"
            )
            return .undecided
        }
        return .ok
    }

    /// Both manifests through the table or catalog.
    private func compare(in env: CommandEnvironment) -> MatrixInputs.Loaded<MatrixDiffResult> {
        switch source.catalog(in: env) {
        case .value(let catalog?):
            var results: [MatrixResult] = []
            for path in [old, new] {
                switch manifestOptions.filter(
                    catalog, path, settings: storeOptions.settings, in: env)
                {
                case .value(let value): results.append(value)
                case .failed(let code): return .failed(code)
                }
            }
            return .value(
                MatrixDiff.compare(
                    before: results[0], after: results[1], oldPath: old, newPath: new))
        case .value(nil): break
        case .failed(let code): return .failed(code)
        }
        let matrix: DeviceMatrix
        switch source.load(in: env) {
        case .value(let value): matrix = value
        case .failed(let code): return .failed(code)
        }
        var evaluators: [ManifestRowEvaluator] = []
        for path in [old, new] {
            switch manifestOptions.evaluator(path, in: env) {
            case .value(let value): evaluators.append(value)
            case .failed(let code): return .failed(code)
            }
        }
        return .value(
            MatrixDiff.compare(
                matrix, old: evaluators[0], new: evaluators[1], oldPath: old, newPath: new))
    }
}
