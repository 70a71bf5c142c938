import CapabilityProbe

/// `capcheck list`: what is detected, as a table or JSON.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "List the capabilities detected on this machine or in a recording"
    static let usage = "capcheck list [--from FILE] [--json] [--devices]"
    static let options = """
          --from FILE           Read a udevadm --export-db dump, a umockdev recording or a
                                snapshot written by 'list --json' ('-' = stdin) instead of
                                probing the live machine
          --json                Print the stable JSON document (a snapshot; re-readable
                                with --from)
          --devices             Add the per-device view to the table
        """

    var from: String?
    var json: Bool
    var devices: Bool

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        from = try arguments.value("from")
        json = try arguments.flag("json")
        devices = try arguments.flag("devices")
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        env.withReport(from: from) { report in
            if json {
                do {
                    env.stdout.write(try ReportJSONWriter.json(report))
                } catch {
                    return env.fail("cannot encode the report: \(error)", .software)
                }
            } else {
                env.stdout.write(ListRenderer.render(report, showDevices: devices))
            }
            return .ok
        }
    }
}
