import CapabilityProbe

/// `capcheck matrix`: which rows of a device table a manifest admits, and why not the others.
struct MatrixCommand: Command {
    static let name = "matrix"
    static let abstract = "Filter a device × capability table through a manifest"
    static let usage = """
        capcheck matrix (TABLE | --builtin NAME) --manifest MANIFEST [--json|--csv]
        capcheck matrix --list-builtin
        """
    static let options = """
          TABLE                 A device table: CSV, Markdown pipe table or JSON ('-' = stdin);
                                first column = row name, optional 'Family' column, '#' lines
                                = provenance; headers = capability ids or known aliases
          --builtin NAME        Use a built-in matrix (see --list-builtin)
          --manifest FILE       The manifest: Info.plist, AndroidManifest.xml or capcheck JSON
          --kind KIND           Manifest reader: plist, android or json (else by content)
          --allow-unknown       Unknown manifest keys become not-applicable instead of exit 65
          --json                Print the stable JSON document
          --csv                 Print one CSV record per row
          --list-builtin        List the built-in matrices
        """

    var table: String?
    var builtin: String?
    var manifest: String?
    var kind: String?
    var allowUnknown: Bool
    var json: Bool
    var csv: Bool
    var listBuiltin: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        builtin = try arguments.value("builtin")
        manifest = try arguments.value("manifest")
        kind = try arguments.value("kind")
        allowUnknown = try arguments.flag("allow-unknown")
        json = try arguments.flag("json")
        csv = try arguments.flag("csv")
        listBuiltin = try arguments.flag("list-builtin")
        let positionals = arguments.positionals()
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: Self.name)
        }
        table = positionals.first
        if listBuiltin { return }
        if json && csv {
            throw UsageError("--json and --csv exclude each other", command: Self.name)
        }
        switch (table, builtin) {
        case (nil, nil): throw UsageError("give a TABLE or --builtin NAME", command: Self.name)
        case (.some, .some):
            throw UsageError("give a TABLE or --builtin NAME, not both", command: Self.name)
        default: break
        }
        if manifest == nil { throw UsageError("--manifest is required", command: Self.name) }
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        if listBuiltin {
            let width = (BuiltinMatrices.all.map { $0.name.count }.max() ?? 0) + 2
            for entry in BuiltinMatrices.all {
                env.stdout.line(TerminalText.pad(entry.name, width) + entry.summary)
            }
            return .ok
        }
        guard let manifest else { return env.fail("--manifest is required", .usage) }
        let matrix: DeviceMatrix
        switch MatrixInputs.matrix(table: table, builtin: builtin, env: env) {
        case .value(let value): matrix = value
        case .failed(let code): return code
        }
        let evaluator: ManifestRowEvaluator
        switch MatrixInputs.evaluator(
            manifest: manifest, kind: kind, allowUnknown: allowUnknown, env: env)
        {
        case .value(let value): evaluator = value
        case .failed(let code): return code
        }
        let result = MatrixFilter.evaluate(matrix, with: evaluator, manifest: manifest)
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
