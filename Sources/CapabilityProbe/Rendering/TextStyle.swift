/// How human text is decorated: plain, or with ANSI colours for a terminal.
///
/// Colours follow what the words mean: present/satisfied green, absent dim, unknown yellow,
/// unmet red. Padding is measured on the plain text, so colour never shifts a column.
public enum TextStyle: Sendable, Hashable {
    /// No escape sequences.
    case plain
    /// ANSI SGR colours (ECMA-48).
    case ansi

    /// What a piece of text says, which picks its colour.
    public enum Role: Sendable, Hashable {
        /// Present or satisfied: green.
        case present
        /// Absent, optional or not applicable: dim.
        case absent
        /// Unknown or undecided: yellow.
        case unknown
        /// Unmet (unsatisfied, excluded): red.
        case unmet
    }

    /// Wraps text in the colour of its role.
    /// - Parameters:
    ///   - text: The text (already sanitized and padded).
    ///   - role: What it says.
    /// - Returns: The text, coloured when the style is ``ansi``.
    func apply(_ text: String, _ role: Role) -> String {
        guard self == .ansi else { return text }
        let code: String
        switch role {
        case .present: code = "32"
        case .absent: code = "2"
        case .unknown: code = "33"
        case .unmet: code = "31"
        }
        // Colour only the word, not the padding after it, so copied text has no stray codes.
        let word = text.replacingTrailingSpaces()
        return "\u{1b}[\(code)m" + word.text + "\u{1b}[0m" + word.padding
    }

    /// The role of a capability status.
    /// - Parameter status: The status.
    /// - Returns: present, absent or unknown.
    static func role(_ status: CapabilityStatus) -> Role {
        switch status {
        case .present: return .present
        case .absent: return .absent
        case .unknown: return .unknown
        }
    }

    /// The role of a requirement verdict.
    /// - Parameter verdict: The verdict.
    /// - Returns: satisfied → present, unsatisfied → unmet, unknown and an AppStream
    ///   recommendation's warning → unknown, else absent.
    static func role(_ verdict: RequirementVerdict) -> Role {
        switch verdict {
        case .satisfied: return .present
        case .unsatisfied: return .unmet
        case .unknown, .warning: return .unknown
        case .optional, .notApplicable: return .absent
        }
    }
}

extension String {
    /// The text without its trailing spaces, and those spaces.
    fileprivate func replacingTrailingSpaces() -> (text: String, padding: String) {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return (String(self[..<end]), String(self[end...]))
    }
}
