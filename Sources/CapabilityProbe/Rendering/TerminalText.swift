/// Makes untrusted device strings (USB descriptors, EDID names) safe to show.
public enum TerminalText {
    /// Replaces control characters (C0, DEL, C1, and bidi overrides) with `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: Text safe for a terminal.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7f...0x9f).contains(value)
            let isBidi = (0x202a...0x202e).contains(value) || (0x2066...0x2069).contains(value)
            out.append(isControl || isBidi ? "?" : scalar)
        }
        return String(out)
    }

    /// Escapes text for HTML or XML content and attribute values.
    /// - Parameter text: Untrusted text.
    /// - Returns: Escaped text, control characters removed.
    public static func escapeMarkup(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let value = scalar.value
                if (value < 0x20 && value != 0x09 && value != 0x0a) || (0x7f...0x9f).contains(value)
                    || value == 0xfffe || value == 0xffff
                {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Pads text to a width measured in characters.
    /// - Parameters:
    ///   - text: The text.
    ///   - width: The width.
    /// - Returns: Text padded with spaces.
    public static func pad(_ text: String, _ width: Int) -> String {
        let count = characterCount(text)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// The number of characters, counted from the bytes when the text is ASCII (one byte
    /// per character), so padding 100 000 table rows needs no grapheme breaking.
    static func characterCount(_ text: String) -> Int {
        let bytes = text.utf8
        return bytes.allSatisfy { $0 < 0x80 } ? bytes.count : text.count
    }
}
