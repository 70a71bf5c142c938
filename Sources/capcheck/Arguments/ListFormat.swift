/// `--format text|json|prometheus` of `list` and `verify`; `--json` is kept as a short form.
enum ListFormat: String, CaseIterable, Sendable {
    /// The human table (coloured on a terminal).
    case text
    /// The stable JSON document.
    case json
    /// Prometheus text exposition for node_exporter's textfile collector.
    case prometheus

    /// Takes `--format FORMAT` and the `--json` flag from the arguments (default text).
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - json: The name of the flag that means `--format json`.
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` for an unknown format or `--json` with another format.
    init(_ arguments: inout ArgumentCursor, json: String, command: String) throws(UsageError) {
        let text = try arguments.value("format")
        let jsonFlag = try arguments.flag(json)
        guard let text else {
            self = jsonFlag ? .json : .text
            return
        }
        guard let format = ListFormat(rawValue: text) else {
            throw UsageError(
                "--format must be text, json or prometheus, not '\(text)'", command: command)
        }
        if jsonFlag && format != .json {
            throw UsageError("--json and --format \(text) exclude each other", command: command)
        }
        self = format
    }
}
