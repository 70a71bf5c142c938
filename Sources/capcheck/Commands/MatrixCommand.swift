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

    var source: MatrixTableChoice?
    var fleet: String?
    var manifestOptions: ManifestOptions
    var json: Bool
    var csv: Bool
    var listBuiltin: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let builtin = try arguments.value("builtin")
        fleet = try arguments.value("fleet")
        manifestOptions = try ManifestOptions(&arguments, command: Self.name, kindCheck: .loading)
        json = try arguments.flag("json")
        csv = try arguments.flag("csv")
        listBuiltin = try arguments.flag("list-builtin")
        let positionals = arguments.positionals()
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: Self.name)
        }
        if listBuiltin { return }
        if json && csv {
            throw UsageError("--json and --csv exclude each other", command: Self.name)
        }
        if fleet != nil {
            if positionals.first != nil || builtin != nil {
                throw UsageError(
                    "give a TABLE, --builtin NAME or --fleet DIR, only one", command: Self.name)
            }
        } else {
            source = try MatrixTableChoice(
                table: positionals.first, builtin: builtin, tableWording: "a TABLE",
                command: Self.name)
        }
        if manifestOptions.path == nil {
            throw UsageError("--manifest is required", command: Self.name)
        }
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        if listBuiltin {
            let width = (BuiltinMatrices.all.map { $0.name.count }.max() ?? 0) + 2
            for entry in BuiltinMatrices.all {
                env.stdout.line(TerminalText.pad(entry.name, width) + entry.summary)
            }
            return .ok
        }
        guard let manifest = manifestOptions.path else {
            return env.fail("give a TABLE or --builtin NAME and --manifest", .usage)
        }
        // A table is read before the manifest (a bad table name is a usage error whatever
        // the manifest); a fleet after it, so a bad manifest fails before thousands of reads.
        var matrix: DeviceMatrix?
        if let source {
            switch source.load(in: env) {
            case .value(let value): matrix = value
            case .failed(let code): return code
            }
        }
        let evaluator: ManifestRowEvaluator
        switch manifestOptions.evaluator(manifest, in: env) {
        case .value(let value): evaluator = value
        case .failed(let code): return code
        }
        let result: MatrixResult
        if let matrix {
            result = MatrixFilter.evaluate(matrix, with: evaluator, manifest: manifest)
        } else if let fleet {
            switch MatrixInputs.fleet(fleet, env: env) {
            case .value(let value): result = value.evaluate(with: evaluator, manifest: manifest)
            case .failed(let code): return code
            }
        } else {
            return env.fail("give a TABLE, --builtin NAME or --fleet DIR", .usage)
        }
        if json {
            env.stdout.write(MatrixJSONWriter.json(result))
        } else if csv {
            env.stdout.write(MatrixRenderer.csv(result))
        } else {
            env.stdout.write(MatrixRenderer.text(result))
        }
        return .ok
    }
}
