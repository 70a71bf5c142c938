import Foundation

/// Escapes untrusted text for a Markdown table cell.
enum MarkdownText {
    /// Escapes `\`, `|`, `<`, `>`, `&`, backticks and `*`/`_`, turns line breaks into
    /// spaces and control characters into `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: Text that stays inside one cell and renders literally.
    static func cell(_ text: String) -> String {
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

    /// An identifier as inline code when it is plain (`A`–`Z`, `a`–`z`, digits, `.`, `_`, `:`,
    /// `-`), else as an escaped cell: a backtick inside a code span would end it, and escapes
    /// do not work there.
    /// - Parameter text: An identifier, possibly untrusted (a snapshot's capability id).
    /// - Returns: `` `id` `` or escaped text.
    static func code(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || ".:_-".unicodeScalars.contains(scalar))
            }
        return plain ? "`" + text + "`" : cell(text)
    }
}
