import CapabilityProbe
import FoundationEssentials

/// `capcheck verify`: check a manifest against this machine or a recorded one.
struct VerifyCommand: Command {
    static let name = "verify"
    static let abstract =
        "Check an Info.plist, AndroidManifest.xml, AppStream metainfo, JSON manifest or built app (.apk, .aab, .ipa, .app) against a machine"
    static let usage = """
        capcheck verify MANIFEST [--from FILE] [--kind \(ManifestKind.choices)] \(formats.aliasUsage) [--junit FILE]
                        \(formats.usage) [--github] [--strict] [--allow-unknown]
                        [--unknown-as fail|pass] [--assume ID=present|absent]... [--no-implied]
                        [--device-family LIST] [--min-os VERSION] [--vision-pro available|unavailable]
                        [--color WHEN]
        """

    static let notes = """
        A phone is checked as its store does: --from adb:[SERIAL] or an Android capture \
        ('capcheck capture android') with Google Play's filters on the phone's own features, SDK \
        level, ABIs, OpenGL ES, screen and libraries; --from ios:[UDID] or an iOS capture with \
        the App Store's, for the built-in row of its model and the iOS it has installed \
        (--device-family, --min-os and --vision-pro state what the Info.plist leaves out). Each \
        adb or ideviceinfo run may take CAPCHECK_PHONE_TIMEOUT seconds (default 30).
        """

    /// What `verify` prints for one manifest: the verification and its exit code.
    struct Output {
        /// The checked manifest.
        var verification: VerificationReport
        /// The classified machine it was checked against.
        var report: CapabilityReport
        /// The exit code the verdict gives.
        var code: ExitCode
        /// Colours or plain text.
        var style: TextStyle
        /// The terminal width the text fits, nil in a pipe.
        var width: Int?
    }

    /// The `--format` choices; `--json` is kept as a short form. `--junit FILE` and
    /// `--github` are side outputs, not formats.
    static let formats = FormatRegistry<Output>(
        .init("text") { output, out in
            out.write(
                VerificationTextRenderer.render(
                    output.verification, style: output.style, names: .flags,
                    hintText: VerifyCommand.phrase, outcome: "exit \(output.code.rawValue)",
                    width: output.width))
        },
        .init("json", "the stable report") { output, out in
            out.write(try JSONOutput.string(output.verification))
        },
        .init("prometheus", "node_exporter textfile metrics") { output, out in
            out.write(
                PrometheusRenderer.render(
                    output.verification, machine: output.report, exitCode: output.code.rawValue))
        },
        aliases: ["json"])

    /// The formats of a catalog's listing (an AppStream catalog of many components), by the
    /// same names as ``formats``; a name missing here takes one metainfo file.
    static let catalogFormats = FormatRegistry<CatalogVerification>(
        .init("text") { result, out in
            out.write(CatalogTextRenderer.render(result, outcome: "exit \(ExitCode.ok.rawValue)"))
        },
        .init("json") { result, out in out.write(try JSONOutput.string(result)) })
    static let arguments = [ManifestOptions.manifestArgument]
    static var table: OptionTable<Self> {
        OptionTable(
            [
                .value(
                    OptionSpec(
                        "from", value: "FILE",
                        "Check a recorded machine (udevadm dump, umockdev recording or 'list --json' snapshot; '-' = stdin) instead of this one; an Android capture or adb:[SERIAL] checks an app as Google Play does, an iOS capture or ios:[UDID] as the App Store does",
                        completion: .file), \.from),
                ManifestOptions.kind(ManifestOptions.kindOption, check: .parsing, \.reading),
                .format(formats, \.format),
                .value(
                    OptionSpec(
                        "junit", value: "FILE",
                        "Also write JUnit XML, one test case per requirement", completion: .file),
                    \.junit),
                .flag(
                    OptionSpec(
                        "github",
                        "Print GitHub Actions annotations before the report: ::error:: for each unmet"
                            + " requirement, ::warning:: for each undecided one"), \.github),
                .flag(
                    OptionSpec("strict", "Fail keys that have no Linux meaning (not-applicable)"),
                    \.strict),
                .flag(
                    OptionSpec(
                        "allow-unknown",
                        "Report unknown Apple or native keys as not-applicable instead of exiting 65 (any Android feature name is accepted)"
                    ), \.reading.allowUnknown),
                .value(
                    OptionSpec(
                        "unknown-as", value: "POLICY",
                        "Make an undecided result fail (exit 1) or pass (exit 0)",
                        completion: .choices(UnknownPolicy.allCases.map(\.rawValue))),
                    \.unknownAs, unknownPolicy),
                .values(
                    OptionSpec(
                        "assume", value: "ID=STATE",
                        "Declare a capability present or absent (shown as assumed); repeatable",
                        repeatable: true), \.assumptions
                ) { (texts, _) throws(UsageError) in
                    var assumptions: [String: CapabilityStatus] = [:]
                    for text in texts {
                        let (id, status) = try parseAssumption(text)
                        assumptions[id] = status
                    }
                    return assumptions
                },
                .inverted(ManifestOptions.noImpliedOption, \.reading.implied),
            ] + StoreOptions.options(\.store) + [.color(\.color)])
    }
    static var options: [OptionSpec] { table.specs }

    var manifestPath = ""
    var from: String?
    var reading = ManifestOptions()
    var format = Self.formats.first
    var color = ColorChoice.auto
    var junit: String?
    var github = false
    var strict = false
    var unknownAs: UnknownPolicy?
    var assumptions: [String: CapabilityStatus] = [:]
    var store = StoreOptions()

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
        manifestPath = try ManifestOptions.singleManifest(
            arguments.positionals(), command: Self.name)
        if format.name != Self.formats.first.name && github {
            throw UsageError(
                "--\(format.name == "json" ? "json" : "format \(format.name)") and --github cannot be combined",
                command: Self.name)
        }
        if manifestPath == "-" && from == "-" {
            throw UsageError(
                "the manifest and --from cannot both be standard input", command: Self.name)
        }
    }

    /// The policy a `--unknown-as` word names (`verify`, `apps`).
    /// - Parameters:
    ///   - text: The word.
    ///   - command: The command name, for the usage error.
    /// - Returns: The policy.
    /// - Throws: `UsageError` for another word.
    static func unknownPolicy(_ text: String, command: String) throws(UsageError)
        -> UnknownPolicy?
    {
        guard let policy = UnknownPolicy(rawValue: text) else {
            throw UsageError("--unknown-as must be fail or pass, not '\(text)'", command: command)
        }
        return policy
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

    /// Checks every component of a catalog and prints one line (or JSON entry) per component;
    /// a listing, so it exits 0 like `matrix`.
    private func verifyCatalog(
        _ components: [AppStreamComponentManifest], against report: CapabilityReport,
        env: CommandEnvironment
    ) -> ExitCode {
        if junit != nil || github {
            return env.fail(
                "\(manifestPath): --junit and --github take one metainfo file, not a catalog of "
                    + "\(components.count) components (use --json)", .usage)
        }
        let result = CatalogVerification(
            catalog: manifestPath == "-" ? "<stdin>" : manifestPath, components: components,
            report: report,
            options: CheckOptions(
                strict: strict, unknownAs: unknownAs, assumptions: assumptions, names: .flags))
        guard let listing = Self.catalogFormats.format(named: format.name) else {
            return env.fail(
                "\(manifestPath): --format \(format.name) takes one metainfo file, not a catalog of "
                    + "\(components.count) components (use --json)", .usage)
        }
        do {
            try listing.write(result, env.stdout)
        } catch {
            return env.fail(error, as: "cannot encode the report: \(error)")
        }
        return .ok
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        if let from, let kind = PhoneSource.kind(from) {
            switch kind {
            case .android: return verifyPhone(from, env: env)
            case .ios: return verifyIOS(from, env: env)
            }
        }
        if store.settings != StoreSettings(names: StoreOptions.names) {
            return env.fail(
                "--device-family, --min-os and --vision-pro apply to an iPhone or iPad "
                    + "(--from ios: or an iOS capture)", .usage)
        }
        let loaded = reading.load(manifestPath, env: env)
        if let catalog = loaded.catalog {
            return env.withReport(from: from) { report in
                verifyCatalog(catalog, against: report, env: env)
            }
        }
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
            options: CheckOptions(
                strict: strict, unknownAs: unknownAs, assumptions: assumptions, names: .flags))
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
                failure,
                as: "\(junit): cannot write the JUnit report: \(failure.description.lowercased())")
        }
        // --github goes with the text report only (checked while parsing), before it.
        if github { env.stdout.write(GitHubAnnotationRenderer.render(verification)) }
        do {
            try format.write(
                Output(
                    verification: verification, report: report, code: code,
                    style: color.style(in: env), width: env.terminalWidth),
                env.stdout)
        } catch {
            return env.fail(error, as: "cannot encode the report: \(error)")
        }
        return code
    }

    /// Checks an Android app against a phone (a capture file or `adb:`) as Google Play does:
    /// the device's own features, SDK level, ABIs, OpenGL ES version, screen and libraries
    /// through ``PlayFilter``.
    private func verifyPhone(_ from: String, env: CommandEnvironment) -> ExitCode {
        if let refused = refusePhoneOptions(checkedAs: "Google Play", env: env) { return refused }
        let loaded = reading.load(manifestPath, env: env)
        guard let manifest = loaded.manifest else {
            return loaded.catalog == nil
                ? loaded.code
                : env.fail("\(manifestPath): a phone checks one Android app, not a catalog", .usage)
        }
        guard manifest.store.isAndroid else {
            return env.fail(
                "\(manifestPath): an Android phone checks an AndroidManifest.xml, .apk or .aab, "
                    + "not \(manifest.kind.noun)", .usage)
        }
        let capture: AndroidCapture
        let source: String
        switch PhoneSource.android(from, env: env) {
        case .read(let read, let from):
            capture = read
            source = from
        case .failed(let code): return code
        }
        let shown = manifestPath == "-" ? "<stdin>" : manifestPath
        let result = PlayFilter.evaluate(
            [capture.playDevice], store: manifest.store, source: source,
            provenance: [], manifest: shown)
        return writePhone(
            result, store: "Google Play", facts: PhoneSource.facts(capture), source: source,
            env: env)
    }

    /// Checks an iPhone or iPad app against a connected or captured iPhone or iPad as the
    /// App Store does: the built-in catalog's row of its model with its installed OS.
    private func verifyIOS(_ from: String, env: CommandEnvironment) -> ExitCode {
        if let refused = refusePhoneOptions(checkedAs: "the App Store", env: env) { return refused }
        let loaded = reading.load(manifestPath, env: env)
        guard let manifest = loaded.manifest else {
            return loaded.catalog == nil
                ? loaded.code
                : env.fail("\(manifestPath): a phone checks one app, not a catalog", .usage)
        }
        guard manifest.store.appleKeys != nil else {
            return env.fail(
                "\(manifestPath): an iPhone or iPad checks an Info.plist or .ipa, "
                    + "not \(manifest.kind.noun)", .usage)
        }
        let model: PhoneSource.IOSModel
        switch PhoneSource.iosModel(from, env: env) {
        case .success(let read): model = read
        case .failure(let failure): return failure.code
        }
        let (capture, source, productType) = (model.capture, model.source, model.productType)
        let shown = manifestPath == "-" ? "<stdin>" : manifestPath
        guard
            let result = AppStoreFilter.evaluate(
                productType: productType,
                installed: capture.productVersion.flatMap { OSVersion($0) }, catalog: model.catalog,
                store: manifest.store, settings: store.settings, source: source, manifest: shown)
        else {
            return env.fail(
                "\(source): \(productType) is not in the built-in apple catalog "
                    + "(capcheck matrix --list-builtin)", .undecided)
        }
        var facts = [productType]
        if let version = capture.productVersion {
            facts.append(
                (capture.deviceClass == "iPad" ? "iPadOS " : "iOS ") + version + " installed")
        }
        if let percent = capture.batteryPercent {
            facts.append("battery \(percent) % \(capture.batteryState.rawValue)")
        }
        return writePhone(result, store: "The App Store", facts: facts, source: source, env: env)
    }

    /// The options that do not apply to a phone, refused in one line (nil: none was given).
    private func refusePhoneOptions(checkedAs store: String, env: CommandEnvironment)
        -> ExitCode?
    {
        guard junit != nil || github || !assumptions.isEmpty || strict || unknownAs != nil else {
            return nil
        }
        return env.fail(
            "--junit, --github, --assume, --strict and --unknown-as do not apply to a phone, "
                + "which is checked as \(store) does", .usage)
    }

    /// Writes a phone's verdict as text or JSON and returns its exit code: 0 eligible,
    /// 1 excluded, 2 undecided.
    private func writePhone(
        _ result: MatrixResult, store: String, facts: [String], source: String,
        env: CommandEnvironment
    ) -> ExitCode {
        let code: ExitCode
        switch result.rows.first?.verdict {
        case .eligible?: code = .ok
        case .excluded?: code = .unmet
        case .undecided?, nil: code = .undecided
        }
        switch format.name {
        case "json":
            do {
                env.stdout.write(try JSONOutput.string(result))
            } catch {
                return env.fail(error, as: "cannot encode the report: \(error)")
            }
        case "text":
            env.stdout.write(
                StoreDeviceTextRenderer.render(
                    result, store: store, facts: facts, source: source,
                    outcome: "exit \(code.rawValue)"))
        default:
            return env.fail(
                "--format \(format.name) does not apply to a phone (use text or json)", .usage)
        }
        return code
    }

    /// A hint in this command's words: the `--assume` flag that declares the fact.
    static func phrase(_ hint: RequirementHint) -> String {
        "--assume \(hint.capability)=\(hint.status.rawValue)"
    }
}
