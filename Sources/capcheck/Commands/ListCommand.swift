import CapabilityProbe

/// `capcheck list`: what is detected, as a table or JSON.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the capabilities detected on this machine or in a recording"
    static let usage =
        "capcheck list [--from FILE] \(formats.usage) \(formats.aliasUsage) [--devices] [--redact]\n"
        + "              [--color WHEN]"

    /// What `list` prints: the report, and how the text table shows it.
    struct Output {
        /// The classified machine.
        var report: CapabilityReport
        /// Whether the table adds the per-device view.
        var devices: Bool
        /// Colours or plain text.
        var style: TextStyle
        /// The terminal width the text fits, nil in a pipe.
        var width: Int?
    }

    /// The `--format` choices; `--json` is kept as a short form.
    static let formats = FormatRegistry<Output>(
        .init("text") { output, out in
            out.write(
                ListRenderer.render(
                    output.report, showDevices: output.devices, style: output.style,
                    width: output.width))
            // Phones and tablets on USB, and how to ask them (nothing when there are none).
            out.write(ConnectedPhonesText.render(ConnectedPhones.find(in: output.report.devices)))
        },
        .init("json", "the stable snapshot, re-readable with --from") { output, out in
            try SnapshotJSONWriter.write(output.report) { out.write(bytes: $0) }
        },
        .init("prometheus", "node_exporter textfile metrics") { output, out in
            out.write(PrometheusRenderer.render(output.report))
        },
        aliases: ["json"])

    static var table: OptionTable<Self> {
        OptionTable([
            .value(
                OptionSpec(
                    "from", value: "FILE",
                    "Read a udevadm --export-db dump, a umockdev recording or a snapshot written by 'list --json' ('-' = stdin) instead of probing the live machine; an Android capture ('capture android') or adb:[SERIAL] lists that phone's features as capabilities, an iOS capture ('capture ios') or ios:[UDID] its model's catalog row and battery",
                    completion: .file), \.from),
            .format(formats, \.format),
            .flag(OptionSpec("devices", "Add the per-device view to the table"), \.devices),
            .flag(
                OptionSpec(
                    "redact",
                    "Remove serial numbers, MAC/Bluetooth addresses, UUIDs and the host name (what classification needs is kept)"
                ), \.redact),
            .color(\.color),
        ])
    }
    static var options: [OptionSpec] { table.specs }

    var from: String?
    var format = Self.formats.first
    var devices = false
    var color = ColorChoice.auto
    var redact = false

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        if let from, let kind = PhoneSource.kind(from) {
            switch kind {
            case .android:
                switch PhoneSource.android(from, env: env) {
                case .read(let capture, let source):
                    return show(capture.report(path: source), env)
                case .failed(let code): return code
                }
            case .ios:
                return listIOS(from, env: env)
            }
        }
        return env.withReport(from: from, redact: redact) { report in show(report, env) }
    }

    /// Lists an iPhone or iPad: its model's catalog row as capabilities, and its battery.
    private func listIOS(_ from: String, env: CommandEnvironment) -> ExitCode {
        let model: PhoneSource.IOSModel
        switch PhoneSource.iosModel(from, env: env) {
        case .success(let read): model = read
        case .failure(let failure): return failure.code
        }
        let (capture, source, productType) = (model.capture, model.source, model.productType)
        guard let report = capture.report(path: source, catalog: model.catalog) else {
            return env.fail(
                "\(source): \(productType) is not in the built-in apple catalog "
                    + "(capcheck matrix --list-builtin)", .dataError)
        }
        return show(report, env)
    }

    /// Writes the report in the chosen format.
    private func show(_ report: CapabilityReport, _ env: CommandEnvironment) -> ExitCode {
        do {
            try format.write(
                Output(
                    report: report, devices: devices, style: color.style(in: env),
                    width: env.terminalWidth),
                env.stdout)
        } catch {
            return env.fail(error, as: "cannot encode the report: \(error)")
        }
        return .ok
    }
}
