import CapabilityProbe

/// `--color auto|always|never`: whether text output carries ANSI colours.
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour on a terminal unless `NO_COLOR` is set (https://no-color.org).
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Takes `--color WHEN` from the arguments (default auto).
    /// - Parameters:
    ///   - arguments: The command's arguments.
    ///   - command: The command name, for the usage error.
    /// - Throws: `UsageError` for another word.
    init(_ arguments: inout ArgumentCursor, command: String) throws(UsageError) {
        guard let text = try arguments.value("color") else {
            self = .auto
            return
        }
        guard let choice = ColorChoice(rawValue: text) else {
            let hint =
                EditDistance.nearest(text, in: Self.allCases.map(\.rawValue)).map {
                    " (did you mean '\($0)'?)"
                } ?? ""
            throw UsageError(
                "--color must be auto, always or never, not '\(text)'\(hint)", command: command)
        }
        self = choice
    }

    /// The style for standard output in this environment.
    /// - Parameter env: The command environment (terminal, `NO_COLOR`).
    /// - Returns: ANSI colours or plain text.
    func style(in env: CommandEnvironment) -> TextStyle {
        switch self {
        case .always: return .ansi
        case .never: return .plain
        case .auto:
            // NO_COLOR: "when present and not an empty string" disables colour.
            if let value = env.variables["NO_COLOR"], !value.isEmpty { return .plain }
            return env.stdout.isTerminal ? .ansi : .plain
        }
    }
}
