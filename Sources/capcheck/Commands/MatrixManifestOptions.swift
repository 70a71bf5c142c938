import CapabilityProbe

/// The manifest-reading options `matrix`, `diff` and `report` share: `--kind` and
/// `--allow-unknown`.
struct MatrixManifestOptions {
    /// The table entries of the two options.
    static let specs = [
        OptionSpec(
            "kind", value: "KIND", "Manifest reader: plist, android or json (else by content)",
            completion: .choices(ManifestKind.allCases.map(\.rawValue))),
        OptionSpec(
            "allow-unknown", "Unknown manifest keys become not-applicable instead of exit 65"),
    ]

    /// The manifest reader named by `--kind`, or nil to detect it by content.
    var kind: String?
    /// Whether unknown manifest keys become not-applicable instead of exit 65.
    var allowUnknown: Bool

    /// Takes `--kind KIND` and `--allow-unknown` from the arguments.
    /// - Parameter arguments: The command's arguments.
    /// - Throws: `UsageError` when `--kind` has no value.
    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        kind = try arguments.value("kind")
        allowUnknown = try arguments.flag("allow-unknown")
    }

    /// Reads a manifest as a row evaluator, reporting failures through the environment.
    /// - Parameters:
    ///   - path: The manifest file.
    ///   - env: The command environment.
    /// - Returns: The evaluator, or the exit code of the reported failure.
    func evaluator(_ path: String, in env: CommandEnvironment)
        -> MatrixInputs.Loaded<
            ManifestRowEvaluator
        >
    {
        MatrixInputs.evaluator(manifest: path, kind: kind, allowUnknown: allowUnknown, env: env)
    }
}
