import CapabilityProbe
import Foundation

/// `capcheck verify`: check a manifest against this machine or a recorded one.
struct VerifyCommand: Command {
    static let name = "verify"
    static let abstract =
        "Check an Info.plist, AndroidManifest.xml or JSON manifest against a machine"
    static let usage = """
        capcheck verify MANIFEST [--from FILE] [--kind plist|android|json] [--json] [--junit FILE]
                        [--github] [--strict] [--allow-unknown] [--unknown-as fail|pass]
                        [--assume ID=present|absent]... [--no-implied]
        """
    static let options = """
          --from FILE           Check a recorded machine (udevadm dump, umockdev recording or
                                'list --json' snapshot; '-' = stdin) instead of this one
          --kind KIND           Read the manifest as plist, android or json (default: by content)
          --json                Print the stable JSON report
          --junit FILE          Also write JUnit XML, one test case per requirement
          --github              Print GitHub Actions ::error:: annotations before the report
          --strict              Fail keys that have no Linux meaning (not-applicable)
          --allow-unknown       Report unknown keys as not-applicable instead of exiting 65
          --unknown-as POLICY   Make an undecided result fail (exit 1) or pass (exit 0)
          --assume ID=STATE     Declare a capability present or absent (shown as assumed);
                                repeatable
          --no-implied          Drop Android's implied and default features
        """

    var manifestPath: String
    var from: String?
    var kind: ManifestKind?
    var json: Bool
    var junit: String?
    var github: Bool
    var strict: Bool
    var allowUnknown: Bool
    var unknownAs: UnknownPolicy?
    var assumptions: [String: CapabilityStatus]
    var noImplied: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        from = try arguments.value("from")
        kind = try Self.parseKind(try arguments.value("kind"), command: Self.name)
        junit = try arguments.value("junit")
        if let text = try arguments.value("unknown-as") {
            guard let policy = UnknownPolicy(rawValue: text) else {
                throw UsageError(
                    "--unknown-as must be fail or pass, not '\(text)'", command: Self.name)
            }
            unknownAs = policy
        }
        assumptions = [:]
        for text in try arguments.values("assume") {
            let (id, status) = try Self.parseAssumption(text)
            assumptions[id] = status
        }
        json = try arguments.flag("json")
        github = try arguments.flag("github")
        strict = try arguments.flag("strict")
        allowUnknown = try arguments.flag("allow-unknown")
        noImplied = try arguments.flag("no-implied")
        manifestPath = try Self.singleManifest(arguments.positionals(), command: Self.name)
        if json && github {
            throw UsageError("--json and --github cannot be combined", command: Self.name)
        }
        if manifestPath == "-" && from == "-" {
            throw UsageError(
                "the manifest and --from cannot both be standard input", command: Self.name)
        }
    }

    static func parseKind(_ text: String?, command: String) throws(UsageError) -> ManifestKind? {
        guard let text else { return nil }
        guard let kind = ManifestKind(rawValue: text) else {
            throw UsageError(
                "--kind must be plist, android or json, not '\(text)'", command: command)
        }
        return kind
    }

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

    static func parseAssumption(_ text: String) throws(UsageError) -> (String, CapabilityStatus) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let status = CapabilityStatus(rawValue: String(parts[1])),
            status != .unknown
        else {
            throw UsageError("--assume takes ID=present or ID=absent, not '\(text)'", command: name)
        }
        let id = String(parts[0])
        guard KeyCatalog.nativeIDs.contains(id) else {
            let hint =
                EditDistance.nearest(id, in: KeyCatalog.nativeIDs).map { " (did you mean \($0)?)" }
                ?? ""
            throw UsageError("--assume: unknown capability '\(id)'\(hint)", command: name)
        }
        return (id, status)
    }

    /// Loads a manifest (`-` = standard input), reporting errors with their exit codes.
    static func loadManifest(
        _ path: String, kind: ManifestKind?, options: ManifestLoadOptions, env: CommandEnvironment
    ) -> (manifest: Manifest?, code: ExitCode) {
        do throws(ManifestError) {
            if path == "-" {
                let data = env.readStandardInput()
                return (
                    try ManifestLoader.load(
                        data: data, path: "<stdin>", kind: kind, options: options), .ok
                )
            }
            return (try ManifestLoader.load(path: path, kind: kind, options: options), .ok)
        } catch {
            return (nil, env.fail(error.description, error.isUnreadable ? .noInput : .dataError))
        }
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let loadOptions = ManifestLoadOptions(allowUnknown: allowUnknown, implied: !noImplied)
        let loaded = Self.loadManifest(manifestPath, kind: kind, options: loadOptions, env: env)
        guard let manifest = loaded.manifest else { return loaded.code }
        return env.withReport(from: from) { report in
            verify(manifest, against: report, env: env)
        }
    }

    /// Checks one classified machine and writes every requested output.
    private func verify(
        _ manifest: Manifest, against report: CapabilityReport, env: CommandEnvironment
    ) -> ExitCode {
        let verification = ManifestChecker().check(
            manifest, against: report,
            options: CheckOptions(strict: strict, unknownAs: unknownAs, assumptions: assumptions))
        let code: ExitCode
        switch verification.verdict {
        case .satisfied: code = .ok
        case .unsatisfied: code = .unmet
        case .undecided: code = .undecided
        }
        if let junit,
            let failure = FileWriter.write(JUnitRenderer.render(verification).utf8, toFile: junit)
        {
            return env.fail(
                "\(junit): cannot write the JUnit report: \(failure.description.lowercased())",
                .ioError)
        }
        if json {
            do {
                env.stdout.write(try JSONOutput.string(verification))
            } catch {
                return env.fail("cannot encode the report: \(error)", .software)
            }
            return code
        }
        if github { env.stdout.write(GitHubAnnotationRenderer.render(verification)) }
        env.stdout.write(VerificationTextRenderer.render(verification, exitCode: code.rawValue))
        return code
    }
}
