/// Makes untrusted device strings (USB descriptors, EDID names) safe to show.
public enum TerminalText {
    /// Replaces control characters (C0, DEL, C1, and bidi overrides) with `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: Text safe for a terminal.
    public static func sanitize(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            out.append(scalar.value < 0x20 || isDeceptive(scalar) ? "?" : scalar)
        }
        return String(out)
    }

    /// Characters that are invisible or reorder the text around them when a person reads a
    /// file: DEL and C1 controls, bidi embeddings, overrides and isolates, directional marks,
    /// and the Unicode line and paragraph separators. Machine formats (JSON, XML) keep them,
    /// escaped (`\u202e`, `&#x202e;`), so that `cat` shows them for what they are.
    /// - Parameter scalar: A character.
    /// - Returns: Whether it must not appear raw in any output.
    public static func isDeceptive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7f...0x9f, 0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a...0x202e, 0x2066...0x2069:
            return true
        default:
            return false
        }
    }

    /// Escapes text for HTML or XML content and attribute values.
    /// - Parameter text: Untrusted text.
    /// - Returns: Escaped text: C0 controls (but tab and newline) replaced with `?`, which XML
    ///   cannot carry; ``isDeceptive(_:)`` characters as numeric references.
    static func escapeMarkup(_ text: String) -> String {
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
                if (value < 0x20 && value != 0x09 && value != 0x0a) || value == 0xfffe
                    || value == 0xffff
                {
                    out += "?"
                } else if isDeceptive(scalar) {
                    out += "&#x" + String(value, radix: 16) + ";"
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
