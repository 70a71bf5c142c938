import CapabilityProbe

/// `capcheck list`: what is detected, as a table or JSON.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the capabilities detected on this machine or in a recording"
    static let usage =
        "capcheck list [--from FILE] [--format text|json|prometheus] [--json] [--devices] [--redact]\n"
        + "              [--color WHEN]"
    static let options = [
        OptionSpec(
            "from", value: "FILE",
            "Read a udevadm --export-db dump, a umockdev recording or a snapshot written by 'list --json' ('-' = stdin) instead of probing the live machine",
            completion: .file),
        OptionSpec(
            "format", value: "FORMAT",
            "text (default), json (the stable snapshot, re-readable with --from) or prometheus (node_exporter textfile metrics)",
            completion: .choices(ListFormat.allCases.map(\.rawValue))),
        OptionSpec("json", "Same as --format json"),
        OptionSpec("devices", "Add the per-device view to the table"),
        OptionSpec(
            "redact",
            "Remove serial numbers, MAC/Bluetooth addresses, UUIDs and the host name (what classification needs is kept)"
        ),
        OptionSpec.color,
    ]

    var from: String?
    var format: ListFormat
    var devices: Bool
    var color: ColorChoice
    var redact: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        from = try arguments.value("from")
        format = try ListFormat(&arguments, json: "json", command: Self.name)
        devices = try arguments.flag("devices")
        color = try ColorChoice(&arguments, command: Self.name)
        redact = try arguments.flag("redact")
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        env.withReport(from: from, redact: redact) { report in
            switch format {
            case .json:
                do {
                    try ReportJSONWriter.write(report) { env.stdout.write(bytes: $0) }
                } catch {
                    return env.fail("cannot encode the report: \(error)", .software)
                }
            case .prometheus:
                env.stdout.write(PrometheusRenderer.render(report))
            case .text:
                env.stdout.write(
                    ListRenderer.render(report, showDevices: devices, style: color.style(in: env)))
            }
            return .ok
        }
    }
}
