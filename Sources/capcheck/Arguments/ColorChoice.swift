import CapabilityProbe

/// `--color [WHEN]` (auto, always or never; bare `--color` is always): whether text output
/// carries ANSI colours.
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour on a terminal, as the environment says (see ``style(in:)``).
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Takes `--color [WHEN]` from the arguments (default auto; given bare, always).
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` for another word.
    init(_ arguments: inout ArgumentCursor, command: String) throws(UsageError) {
        let words = Self.allCases.map(\.rawValue)
        guard let given = try arguments.optionalValue("color", words: words) else {
            self = .auto
            return
        }
        guard let text = given else {
            self = .always
            return
        }
        guard let choice = ColorChoice(rawValue: text) else {
            let hint =
                EditDistance.nearest(text, in: words).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(
                "--color must be auto, always or never, not '\(text)'\(hint)", command: command)
        }
        self = choice
    }

    /// The style for standard output in this environment. With auto, in this order:
    /// `NO_COLOR` (set and not empty, https://no-color.org) means none; `FORCE_COLOR` or
    /// `CLICOLOR_FORCE` (set, not empty and not `0`) means colour even in a pipe; `TERM=dumb`
    /// means none; otherwise colour on a terminal only.
    /// - Parameter env: The command environment (terminal, variables).
    /// - Returns: ANSI colours or plain text.
    func style(in env: CommandEnvironment) -> TextStyle {
        switch self {
        case .always: return .ansi
        case .never: return .plain
        case .auto:
            let variables = env.variables
            if let value = variables["NO_COLOR"], !value.isEmpty { return .plain }
            if Self.forcing(variables["FORCE_COLOR"]) || Self.forcing(variables["CLICOLOR_FORCE"]) {
                return .ansi
            }
            if variables["TERM"] == "dumb" { return .plain }
            return env.stdout.isTerminal ? .ansi : .plain
        }
    }

    /// Whether a forcing variable's value asks for colour: set, not empty and not `0`.
    private static func forcing(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0"
    }
}
