import CapabilityProbe

/// `capcheck matrix`: which rows of a device table a manifest admits, and why not the others.
struct MatrixCommand: Command {
    static let name = "matrix"
    static let abstract = "Filter a device × capability table through a manifest"
    static let usage = """
        capcheck matrix (TABLE | --builtin NAME | --fleet DIR) --manifest MANIFEST [--json|--csv]
        capcheck matrix --list-builtin
        """
    static let arguments = [
        ArgumentSpec(
            "TABLE",
            "A device table: CSV, Markdown pipe table or JSON ('-' = stdin); first column = row name, optional 'Family' column, '#' lines = provenance; headers = capability ids or known aliases"
        )
    ]
    static let options =
        [
            MatrixTableChoice.builtinOption("Use a built-in matrix (see --list-builtin)"),
            OptionSpec(
                "fleet", value: "DIR",
                "Rows are the machines whose snapshots ('capcheck list --json' files) are in DIR; each verdict is what 'verify --from' gives for that snapshot",
                completion: .directory),
            ManifestOptions.manifestOption(
                "The manifest: Info.plist, AndroidManifest.xml, AppStream metainfo, capcheck JSON or a built app"
            ),
        ] + ManifestOptions.tableSpecs + [
            OptionSpec("json", "Print the stable JSON document"),
            OptionSpec("csv", "Print one CSV record per row"),
            OptionSpec("list-builtin", "List the built-in matrices"),
        ]

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
    var json: Bool
    var csv: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let builtin = try arguments.value("builtin")
        let fleet = try arguments.value("fleet")
        manifestOptions = try ManifestOptions(&arguments, command: Self.name, kindCheck: .loading)
        json = try arguments.flag("json")
        csv = try arguments.flag("csv")
        let listBuiltin = try arguments.flag("list-builtin")
        let positionals = arguments.positionals()
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: Self.name)
        }
        if listBuiltin {
            task = .listBuiltin
            return
        }
        if json && csv {
            throw UsageError("--json and --csv exclude each other", command: Self.name)
        }
        let rows: Rows
        if let fleet {
            if positionals.first != nil || builtin != nil {
                throw UsageError(
                    "give a TABLE, --builtin NAME or --fleet DIR, only one", command: Self.name)
            }
            rows = .fleet(fleet)
        } else {
            rows = .table(
                try MatrixTableChoice(
                    table: positionals.first, builtin: builtin, tableWording: "a TABLE",
                    command: Self.name))
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
                env.stdout.line(TerminalText.pad(entry.name, width) + entry.summary)
            }
            return .ok
        case .filter(let rows, let manifest):
            switch filter(rows, manifest: manifest, env: env) {
            case .value(let result):
                if json {
                    MatrixJSONWriter.write(result) { env.stdout.write(bytes: $0) }
                } else if csv {
                    MatrixRenderer.writeCSV(result) { env.stdout.write(bytes: $0) }
                } else {
                    MatrixRenderer.writeText(result) { env.stdout.write(bytes: $0) }
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
            let matrix: DeviceMatrix
            switch choice.load(in: env) {
            case .value(let value): matrix = value
            case .failed(let code): return .failed(code)
            }
            switch manifestOptions.evaluator(manifest, in: env) {
            case .value(let evaluator):
                return .value(MatrixFilter.evaluate(matrix, with: evaluator, manifest: manifest))
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
