import Foundation

/// Escapes untrusted text for a Markdown table cell.
public enum MarkdownText {
    /// Escapes `\`, `|`, `<`, `>`, `&`, backticks and `*`/`_`, turns line breaks into
    /// spaces and control characters into `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: Text that stays inside one cell and renders literally.
    public static func cell(_ text: String) -> String {
        var out = ""
        for character in TerminalText.sanitize(text.replacingOccurrences(of: "\n", with: " ")) {
            switch character {
            case "\\": out += "\\\\"
            case "|": out += "\\|"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "`": out += "\\`"
            case "*": out += "\\*"
            case "_": out += "\\_"
            case "[": out += "\\["
            case "]": out += "\\]"
            default: out.append(character)
            }
        }
        return out
    }
}
