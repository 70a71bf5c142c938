import CapabilityProbe

/// `capcheck diff`: the matrix rows gained and lost between two manifests.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Show which table rows a new manifest gains or loses against an old one"
    static let usage =
        "capcheck diff OLD NEW (--matrix TABLE | --builtin NAME) [--no-loss] [--json]"
    static let arguments = [
        ArgumentSpec(
            "OLD",
            "The old manifest (Info.plist, AndroidManifest.xml, AppStream metainfo, JSON, or a built app)"
        ),
        ArgumentSpec("NEW", "The new manifest"),
    ]
    static let options =
        [
            OptionSpec(
                "matrix", value: "TABLE", "A device table (CSV, Markdown or JSON; '-' = stdin)",
                completion: .file),
            MatrixTableChoice.builtinOption("A built-in matrix ('capcheck matrix --list-builtin')"),
            OptionSpec(
                "no-loss",
                "Exit 1 when any row is lost (2 when a row may be lost): Apple rejects updates that tighten UIRequiredDeviceCapabilities"
            ),
        ] + ManifestOptions.tableSpecs + [OptionSpec("json", "Print the stable JSON document")]

    var old: String
    var new: String
    var source: MatrixTableChoice
    var noLoss: Bool
    var manifestOptions: ManifestOptions
    var json: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        let table = try arguments.value("matrix")
        let builtin = try arguments.value("builtin")
        noLoss = try arguments.flag("no-loss")
        manifestOptions = try ManifestOptions(&arguments, command: Self.name, kindCheck: .loading)
        json = try arguments.flag("json")
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
            table: table, builtin: builtin, tableWording: "--matrix TABLE", command: Self.name)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let matrix: DeviceMatrix
        switch source.load(in: env) {
        case .value(let value): matrix = value
        case .failed(let code): return code
        }
        var evaluators: [ManifestRowEvaluator] = []
        for path in [old, new] {
            switch manifestOptions.evaluator(path, in: env) {
            case .value(let value): evaluators.append(value)
            case .failed(let code): return code
            }
        }
        let diff = MatrixDiff.compare(
            matrix, old: evaluators[0], new: evaluators[1], oldPath: old, newPath: new)
        if json {
            do {
                env.stdout.write(try JSONOutput.string(diff))
            } catch {
                return env.fail("cannot encode the diff: \(error)", .software)
            }
        } else {
            env.stdout.write(MatrixDiffRenderer.text(diff))
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
}
