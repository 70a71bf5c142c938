import CapabilityProbe

/// `capcheck matrix`: which rows of a device table a manifest admits, and why not the others.
struct MatrixCommand: Command {
    static let name = "matrix"
    static let abstract = "Filter a device × capability table through a manifest"
    static let usage = """
        capcheck matrix (TABLE | --builtin NAME | --catalog FILE | --fleet DIR) --manifest MANIFEST
                        \(formats.usage) \(formats.aliasUsage)
        capcheck matrix --list-builtin
        """

    /// The `--format` choices; `--json` and `--csv` are kept as short forms.
    static let formats = FormatRegistry<MatrixResult>(
        .init("text") { result, out in MatrixRenderer.writeText(result) { out.write(bytes: $0) } },
        .init("json", "the stable document") { result, out in
            try MatrixJSONWriter.write(result) { out.write(bytes: $0) }
        },
        .init("csv", "one record per row") { result, out in
            MatrixRenderer.writeCSV(result) { out.write(bytes: $0) }
        },
        .init("md", "a Markdown document") { result, out in
            out.write(MatrixDocumentRenderer.markdown(result))
        },
        .init("html", "one self-contained page") { result, out in
            out.write(MatrixDocumentRenderer.html(result))
        },
        aliases: ["json", "csv"])
    static let arguments = [
        ArgumentSpec(
            "TABLE",
            "A device table: CSV, Markdown pipe table or JSON ('-' = stdin); first column = row name, optional 'Family' column, '#' lines = provenance; headers = capability ids or known aliases"
        )
    ]
    /// The options as given, before the rows are chosen.
    struct Options {
        var builtin: String?
        var catalog: String?
        var fleet: String?
        var manifestOptions = ManifestOptions()
        var storeOptions = StoreOptions()
        var format = MatrixCommand.formats.first
        /// A bad `--format`, reported only when rows are printed (`--list-builtin` has none).
        var formatError: UsageError?
        var listBuiltin = false
    }

    static var table: OptionTable<Options> {
        OptionTable(
            [
                .value(
                    MatrixTableChoice.builtinOption("Use a built-in matrix (see --list-builtin)"),
                    \.builtin),
                .value(MatrixTableChoice.catalogOption, \.catalog),
                .value(
                    OptionSpec(
                        "fleet", value: "DIR",
                        "Rows are the machines whose snapshots ('capcheck list --json' files) are in DIR; each verdict is what 'verify --from' gives for that snapshot",
                        completion: .directory), \.fleet),
                .value(
                    ManifestOptions.manifestOption(
                        "The manifest: Info.plist, AndroidManifest.xml, AppStream metainfo, capcheck JSON or a built app"
                    ), \.manifestOptions.path),
            ] + ManifestOptions.tableOptions(\.manifestOptions)
                + StoreOptions.options(\.storeOptions) + [
                    OptionTable.Option(specs: [formats.option] + formats.aliasOptions) {
                        (arguments, given) throws(UsageError) in
                        do throws(UsageError) {
                            given.format = try formats.choose(&arguments, command: name)
                        } catch {
                            given.formatError = error
                        }
                    },
                    .flag(OptionSpec("list-builtin", "List the built-in matrices"), \.listBuiltin),
                ])
    }
    static var options: [OptionSpec] { table.specs }

    /// What the command was asked to do.
    enum Task {
        /// `--list-builtin`.
        case listBuiltin
        /// Filter the rows through the `--manifest` file.
        case filter(Rows, manifest: String)
    }

    /// Where the rows come from.
    enum Rows {
        /// A table file or a built-in matrix.
        case table(MatrixTableChoice)
        /// `--fleet DIR`: one row per machine recording.
        case fleet(String)
    }

    var task: Task
    var manifestOptions: ManifestOptions
    var storeOptions: StoreOptions
    var format: FormatRegistry<MatrixResult>.Format

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        var given = Options()
        try Self.table.parse(&arguments, into: &given)
        manifestOptions = given.manifestOptions
        storeOptions = given.storeOptions
        format = given.format
        let (builtin, catalog, fleet) = (given.builtin, given.catalog, given.fleet)
        let positionals = arguments.positionals()
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: Self.name)
        }
        if given.listBuiltin {
            task = .listBuiltin
            return
        }
        if let formatError = given.formatError { throw formatError }
        let rows: Rows
        if let fleet {
            if positionals.first != nil || builtin != nil || catalog != nil {
                throw UsageError(
                    "give a TABLE, --builtin NAME, --catalog FILE or --fleet DIR, only one",
                    command: Self.name)
            }
            rows = .fleet(fleet)
        } else {
            rows = .table(
                try MatrixTableChoice(
                    table: positionals.first, builtin: builtin, catalog: catalog,
                    tableWording: "a TABLE", command: Self.name))
        }
        guard let manifest = manifestOptions.path else {
            throw UsageError("--manifest is required", command: Self.name)
        }
        task = .filter(rows, manifest: manifest)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        switch task {
        case .listBuiltin:
            let width = (BuiltinMatrices.all.map { $0.name.count }.max() ?? 0) + 2
            for entry in BuiltinMatrices.all {
                let rows = BuiltinMatrices.rowCount(entry.name).map { "\($0) \(entry.unit)" } ?? ""
                env.stdout.line(
                    TerminalText.pad(entry.name, width) + TerminalText.pad(rows, 13)
                        + entry.summary + " (" + entry.origin + ")")
            }
            return .ok
        case .filter(let rows, let manifest):
            switch filter(rows, manifest: manifest, env: env) {
            case .value(let result):
                do {
                    try format.write(result, env.stdout)
                } catch {
                    return env.fail(error, as: "cannot encode the matrix: \(error)")
                }
                return .ok
            case .failed(let code):
                return code
            }
        }
    }

    /// Evaluates every row. A table is read before the manifest (a bad table name is a usage
    /// error whatever the manifest); a fleet after it, so a bad manifest fails before
    /// thousands of reads.
    private func filter(_ rows: Rows, manifest: String, env: CommandEnvironment)
        -> MatrixInputs.Loaded<MatrixResult>
    {
        switch rows {
        case .table(let choice):
            switch choice.catalog(in: env) {
            case .value(let catalog?):
                return manifestOptions.filter(
                    catalog, manifest, settings: storeOptions.settings, in: env)
            case .value(nil): break
            case .failed(let code): return .failed(code)
            }
            let matrix: DeviceMatrix
            switch choice.load(in: env) {
            case .value(let value): matrix = value
            case .failed(let code): return .failed(code)
            }
            switch manifestOptions.evaluator(manifest, in: env) {
            case .value(let evaluator):
                let result = MatrixFilter.evaluate(matrix, with: evaluator, manifest: manifest)
                return .value(result)
            case .failed(let code): return .failed(code)
            }
        case .fleet(let directory):
            let evaluator: ManifestRowEvaluator
            switch manifestOptions.evaluator(manifest, in: env) {
            case .value(let value): evaluator = value
            case .failed(let code): return .failed(code)
            }
            switch MatrixInputs.fleet(directory, env: env) {
            case .value(let fleet):
                return .value(fleet.evaluate(with: evaluator, manifest: manifest))
            case .failed(let code): return .failed(code)
            }
        }
    }
}
