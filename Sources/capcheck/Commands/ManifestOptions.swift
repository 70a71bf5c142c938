import CapabilityProbe
import FoundationEssentials

/// The manifest options `verify`, `lint`, `matrix`, `diff` and `report` share: `--kind`,
/// `--allow-unknown`, `--no-implied` and `--manifest`.
///
/// Each command declares in its ``OptionTable`` the ones it offers, from the specs below (the
/// help wording differs between the checking and the table commands), each setting a field
/// of the command's manifest options.
struct ManifestOptions {
    /// When a `--kind` word that names no reader is reported.
    enum KindCheck {
        /// While parsing: a usage error with the command's usage (`verify`, `lint`).
        case parsing
        /// When the manifest is loaded, after the table (`matrix`, `diff`, `report`), as one
        /// line with exit 64.
        case loading
    }

    /// The `MANIFEST` argument of `verify` and `lint`.
    static let manifestArgument = ArgumentSpec(
        "MANIFEST",
        "An Info.plist, AndroidManifest.xml, AppStream metainfo or capcheck JSON manifest, or a built app: .apk, .aab, .ipa or an .app directory (by content; '-' = stdin)"
    )

    /// `--kind` as `verify` and `lint` word it.
    static let kindOption = OptionSpec(
        "kind", value: "KIND",
        "Read the manifest as \(ManifestKind.listed) (default: by content)",
        completion: .choices(ManifestKind.allCases.map(\.rawValue)))

    /// `--no-implied` of `verify` and `lint`.
    static let noImpliedOption = OptionSpec(
        "no-implied", "Drop Android's implied and default features")

    /// `--manifest FILE`, with the command's wording.
    static func manifestOption(_ help: String) -> OptionSpec {
        OptionSpec("manifest", value: "FILE", help, completion: .file)
    }

    /// `--kind` and `--allow-unknown` as `matrix`, `diff` and `report` word them.
    static let tableSpecs = [
        OptionSpec(
            "kind", value: "KIND", "Manifest reader: plist, android or json (else by content)",
            completion: .choices(ManifestKind.allCases.map(\.rawValue))),
        OptionSpec(
            "allow-unknown", "Unknown manifest keys become not-applicable instead of exit 65"),
    ]

    /// The `--manifest` file, when given.
    var path: String?
    /// The reader named by `--kind`, or nil to detect it by content.
    var kind: ManifestKind?
    /// Whether unknown manifest keys become not-applicable instead of exit 65.
    var allowUnknown = false
    /// Whether Android's implied and default features are added (no `--no-implied`).
    var implied = true
    /// A `--kind` word that names no reader, reported when the manifest is loaded.
    private var badKind: UsageError?

    /// The defaults: no options given.
    init() {}

    /// `--kind KIND` in a command's table, setting the command's manifest options.
    /// - Parameters:
    ///   - spec: The option as the command words it.
    ///   - check: When a `--kind` word that names no reader is reported.
    ///   - field: The command's manifest options.
    /// - Returns: The declared option.
    static func kind<Values>(
        _ spec: OptionSpec, check: KindCheck, _ field: WritableKeyPath<Values, ManifestOptions>
    ) -> OptionTable<Values>.Option {
        OptionTable<Values>.Option(specs: [spec]) { (arguments, values) throws(UsageError) in
            if let text = try arguments.value("kind") {
                try values[keyPath: field].take(
                    kind: text, command: arguments.command, check: check)
            }
        }
    }

    /// `--kind` and `--allow-unknown` as `matrix`, `diff` and `report` declare them
    /// (``tableSpecs``), setting the command's manifest options.
    /// - Parameter field: The command's manifest options.
    /// - Returns: The declared options.
    static func tableOptions<Values>(_ field: WritableKeyPath<Values, ManifestOptions>)
        -> [OptionTable<Values>.Option]
    {
        [
            kind(tableSpecs[0], check: .loading, field),
            .flag(tableSpecs[1], field.appending(path: \.allowUnknown)),
        ]
    }

    /// Sets the kind a `--kind` word names, or reports the word that names none.
    private mutating func take(kind text: String, command: String, check: KindCheck)
        throws(UsageError)
    {
        if let kind = ManifestKind(rawValue: text) {
            self.kind = kind
            return
        }
        let error = UsageError(
            "--kind must be \(ManifestKind.listed), not '\(text)'", command: command)
        if check == .parsing { throw error }
        badKind = error
    }

    /// The load options these flags ask for.
    var loadOptions: ManifestLoadOptions {
        ManifestLoadOptions(allowUnknown: allowUnknown, implied: implied, names: .flags)
    }

    /// The one `MANIFEST` of `verify` and `lint`.
    /// - Parameters:
    ///   - positionals: The positional arguments.
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` when there is none or more than one.
    static func singleManifest(_ positionals: [String], command: String) throws(UsageError)
        -> String
    {
        guard let first = positionals.first else {
            throw UsageError("missing MANIFEST", command: command)
        }
        if positionals.count > 1 {
            throw UsageError("unexpected argument '\(positionals[1])'", command: command)
        }
        return first
    }

    /// Loads a manifest (`-` = standard input), reporting errors with their exit codes; an
    /// AppStream catalog (`<components>`) comes back as its components instead.
    func load(_ path: String, env: CommandEnvironment)
        -> (manifest: Manifest?, catalog: [AppStreamComponentManifest]?, code: ExitCode)
    {
        do throws(ManifestError) {
            if path != "-", ManifestLoader.isBuiltApp(path: path) {
                return (
                    try ManifestLoader.load(path: path, kind: kind, options: loadOptions), nil,
                    .ok
                )
            }
            let name = path == "-" ? "<stdin>" : path
            let data: Data
            if path == "-" {
                // As bounded as a manifest file or pipe.
                guard let read = env.readStandardInput(InputFile.maximumBytes) else {
                    let megabytes = InputFile.maximumBytes / 1_048_576
                    throw .malformed(
                        path: name, place: nil,
                        reason: "larger than \(megabytes) MiB (the most capcheck reads)")
                }
                data = read
            } else {
                data = try ManifestLoader.bytes(path: path)
            }
            if ManifestLoader.isBuiltApp(data: data) {
                return (
                    try ManifestLoader.load(
                        data: data, path: name, kind: kind, options: loadOptions), nil, .ok
                )
            }
            let resolved: ManifestKind
            if let kind {
                resolved = kind
            } else {
                resolved = try ManifestLoader.detect(data, path: name, names: .flags)
            }
            if resolved == .appstream {
                let components = try ManifestLoader.loadAppStreamComponents(
                    data: data, path: name, options: loadOptions)
                if let only = components.first, components.count == 1, !only.inCatalog {
                    return (only.manifest, nil, .ok)
                }
                return (nil, components, .ok)
            }
            return (
                try ManifestLoader.load(
                    data: data, path: name, kind: resolved, options: loadOptions),
                nil, .ok
            )
        } catch {
            let shown =
                path == "-" || ManifestLoader.mayQuoteContent(of: path)
                ? error : error.quotingNothing()
            return (
                nil, nil, env.fail(error, as: shown.description)
            )
        }
    }

    /// Reads a manifest as a row evaluator, reporting failures through the environment.
    /// - Parameters:
    ///   - path: The manifest file.
    ///   - env: The command environment.
    /// - Returns: The evaluator, or the exit code of the reported failure.
    func evaluator(_ path: String, in env: CommandEnvironment)
        -> MatrixInputs.Loaded<ManifestRowEvaluator>
    {
        switch manifest(path, in: env) {
        case .value(let manifest):
            return .value(
                ManifestRowEvaluator(manifest: manifest, options: CheckOptions(names: .flags)))
        case .failed(let code):
            return .failed(code)
        }
    }

    /// Reads the manifest a table or catalog is filtered through.
    /// - Parameters:
    ///   - path: The manifest (or built app).
    ///   - env: The command environment.
    /// - Returns: The manifest, or the exit code of the reported failure.
    func manifest(_ path: String, in env: CommandEnvironment) -> MatrixInputs.Loaded<Manifest> {
        if let badKind { return .failed(env.fail(badKind.message, .usage)) }
        do {
            return .value(
                try ManifestLoader.load(
                    path: path, kind: kind,
                    options: ManifestLoadOptions(allowUnknown: allowUnknown, names: .flags)))
        } catch {
            return .failed(env.fail(error))
        }
    }

    /// Filters a built-in catalog through a manifest file.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - path: The manifest (or built app).
    ///   - env: The command environment.
    /// - Returns: The result, or the exit code of the reported failure (64 for a manifest of
    ///   another store's kind).
    func filter(
        _ catalog: DeviceCatalog, _ path: String, settings: StoreSettings = StoreSettings(),
        in env: CommandEnvironment
    ) -> MatrixInputs.Loaded<MatrixResult> {
        switch manifest(path, in: env) {
        case .value(let manifest):
            do {
                return .value(
                    try catalog.evaluate(
                        manifest, path: path, options: CheckOptions(names: .flags),
                        settings: settings))
            } catch {
                return .failed(
                    env.fail(
                        error,
                        as: "\(path): \(error.description) (\(catalog.option) \(catalog.name))"
                    ))
            }
        case .failed(let code):
            return .failed(code)
        }
    }
}

/// The device table of `matrix` and `diff`: a table file or a built-in matrix, exactly one.
enum MatrixTableChoice {
    /// A table file (`-` = standard input).
    case file(String)
    /// A built-in matrix, by name.
    case builtin(String)
    /// A catalog file or folder (`--catalog FILE`), of a ``CatalogKind``.
    case export(String)

    /// `--catalog FILE`: its help names every ``CatalogKind``.
    static let catalogOption = OptionSpec(
        "catalog", value: "FILE",
        CatalogKind.allCases.map(\.help).joined(separator: "; or "), completion: .file)

    /// `--builtin NAME`, with the command's wording.
    static func builtinOption(_ help: String) -> OptionSpec {
        OptionSpec(
            "builtin", value: "NAME", help,
            completion: .choices(BuiltinMatrices.all.map(\.name)))
    }

    /// Checks that exactly one of the two was given.
    /// - Parameters:
    ///   - table: The table file, if given.
    ///   - builtin: The `--builtin` name, if given.
    ///   - tableWording: How the command's help names the table (`a TABLE`, `--matrix TABLE`).
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` when neither or both were given.
    init(
        table: String?, builtin: String?, catalog: String? = nil, tableWording: String,
        command: String
    ) throws(UsageError) {
        let given = [table, builtin, catalog].compactMap { $0 }.count
        guard given == 1 else {
            throw UsageError(
                "give \(tableWording), --builtin NAME or --catalog FILE\(given > 1 ? ", only one" : "")",
                command: command)
        }
        if let table {
            self = .file(table)
        } else if let builtin {
            self = .builtin(builtin)
        } else {
            self = .export(catalog ?? "")
        }
    }

    /// The built-in catalog this names (`--builtin apple`, `--builtin android`), if it is one.
    /// - Parameter env: The command environment.
    /// - Returns: The catalog, nil for a table or matrix, or the exit code of a failure.
    func catalog(in env: CommandEnvironment) -> MatrixInputs.Loaded<DeviceCatalog?> {
        switch self {
        case .file: return .value(nil)
        case .builtin(let name):
            do {
                return .value(try BuiltinMatrices.catalog(name))
            } catch {
                return .failed(env.fail(error.description, .software))
            }
        case .export(let path):
            return CatalogKind.of(path).load(path, env: env)
        }
    }

    /// Loads the matrix, reporting failures through the environment.
    /// - Parameter env: The command environment.
    /// - Returns: The matrix, or the exit code of the reported failure.
    func load(in env: CommandEnvironment) -> MatrixInputs.Loaded<DeviceMatrix> {
        MatrixInputs.matrix(self, env: env)
    }
}
