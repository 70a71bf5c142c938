import CapabilityProbe

/// `capcheck apps`: which of the distribution's installed AppStream apps this machine can run.
struct AppsCommand: Command {
    static let name = "apps"
    static let abstract =
        "Check every app of the distribution's installed AppStream catalogs (XML and DEP-11 YAML) against a machine"
    static let usage = """
        capcheck apps [--root DIR] [--from FILE] \(formats.usage) \(formats.aliasUsage) [--list] [--strict]
                      [--unknown-as fail|pass] [--no-implied]
        """

    /// What `apps` prints: the summary and whether every app is listed.
    struct Output {
        /// The summary.
        var summary: InstalledAppsSummary
        /// Whether the text lists every app.
        var list: Bool
    }

    /// The `--format` choices; `--json` is kept as a short form.
    static let formats = FormatRegistry<Output>(
        .init("text") { output, out in
            out.write(
                InstalledAppsTextRenderer.render(
                    output.summary, listApps: output.list, outcome: "exit \(ExitCode.ok.rawValue)"))
        },
        .init("json", "the summary with every app's verdict") { output, out in
            out.write(try JSONOutput.string(output.summary))
        },
        aliases: ["json"])

    static var table: OptionTable<Self> {
        OptionTable([
            .value(
                OptionSpec(
                    "root", value: "DIR",
                    "Look for the catalogs under DIR instead of / (DIR/var/lib/swcatalog/yaml, …)",
                    completion: .directory), \.root
            ) { text, _ in text },
            .value(
                OptionSpec(
                    "from", value: "FILE",
                    "Check a recorded machine (udevadm dump, umockdev recording or 'list --json' snapshot; '-' = stdin) instead of this one",
                    completion: .file), \.from),
            .format(formats, \.format),
            .flag(OptionSpec("list", "List every app with its verdict before the summary"), \.list),
            .flag(OptionSpec("strict", "Fail unmet recommendations too"), \.strict),
            .value(
                OptionSpec(
                    "unknown-as", value: "POLICY",
                    "Count an undecided app as cannot run (fail) or can run (pass)",
                    completion: .choices(UnknownPolicy.allCases.map(\.rawValue))),
                \.unknownAs, VerifyCommand.unknownPolicy),
            .inverted(
                OptionSpec(
                    "no-implied",
                    "Drop the relations the specification implies for apps without any"),
                \.implied),
        ])
    }
    static var options: [OptionSpec] { table.specs }

    static let notes = """
        The catalogs are searched in var/lib/swcatalog/{xml,yaml}, var/lib/app-info/{xml,yaml}, \
        usr/share/swcatalog/{xml,yaml} and usr/share/app-info/{xml,yaml} under the root, in that \
        order (.xml, .yml, .yaml, plain or .gz); an app id is counted once, from the first \
        catalog that has it. A listing: exit 0, or 66 when no catalog is found.
        """

    var root = "/"
    var from: String?
    var format = Self.formats.first
    var list = false
    var strict = false
    var unknownAs: UnknownPolicy?
    var implied = true

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
        if let extra = arguments.positionals().first {
            throw UsageError(
                "unexpected argument '\(extra)' (apps reads the installed catalogs; "
                    + "'verify CATALOG' checks one file)", command: Self.name)
        }
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        let found = InstalledCatalogs.search(root: root)
        guard !found.paths.isEmpty || !found.unreadableFolders.isEmpty else {
            return env.fail(
                "no AppStream catalogs under \(root) (searched "
                    + InstalledCatalogs.folders.joined(separator: ", ") + ")", .noInput)
        }
        for folder in found.unreadableFolders {
            env.stderr.line(
                "capcheck: warning: "
                    + TerminalText.sanitize(
                        "\(folder.path): a catalog folder that cannot be listed "
                            + "(\(folder.reason)): the summary is incomplete"))
        }
        let loaded = InstalledCatalogs.load(
            found, options: ManifestLoadOptions(implied: implied, names: .flags))
        return env.withReport(from: from) { report in
            let summary = InstalledAppsSummary(
                root: root, catalogs: loaded.catalogs, duplicates: loaded.duplicates,
                components: loaded.components, report: report,
                options: CheckOptions(strict: strict, unknownAs: unknownAs, names: .flags))
            do {
                try format.write(Output(summary: summary, list: list), env.stdout)
            } catch {
                return env.fail(error, as: "cannot encode the report: \(error)")
            }
            return .ok
        }
    }
}
