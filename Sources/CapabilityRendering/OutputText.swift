import CapabilitySupport
import FoundationEssentials
import CapabilityModel
import CapabilityManifest

// Untrusted text in each output format: sanitised and styled for a terminal, quoted for CSV,
// escaped for Markdown, and the one JSON encoder setup.

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

    /// A multi-line text for a terminal: each line as ``sanitize(_:)`` makes it, the line
    /// breaks and tabs kept, so escape sequences a device printed (`ESC ]0;…`, `ESC [2J`)
    /// cannot act on the terminal.
    /// - Parameter text: The text.
    /// - Returns: The text with every other control or deceptive character as `?`.
    public static func sanitizeKeepingLines(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                out.append(scalar)
            } else {
                out.append(scalar.value < 0x20 || isDeceptive(scalar) ? "?" : scalar)
            }
        }
        return String(out)
    }

    /// Characters that are invisible or reorder the text around them when a person reads a
    /// file: DEL and C1 controls, bidi embeddings, overrides and isolates, directional marks
    /// (U+061C, U+200E, U+200F), the Unicode line and paragraph separators, zero-width
    /// characters (U+200B–U+200D, U+2060, U+FEFF) and tag characters (U+E0000–U+E007F).
    /// Terminal text shows them as `?`, CSV too; machine formats (JSON, XML, HTML) keep them
    /// escaped (`\u202e`, `&#x202e;`), so that `cat` shows them for what they are.
    /// - Parameter scalar: A character.
    /// - Returns: Whether it must not appear raw in any output.
    public static func isDeceptive(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7f...0x9f, 0x061c, 0x200b...0x200f, 0x2028, 0x2029, 0x202a...0x202e, 0x2060,
            0x2066...0x2069, 0xfeff, 0xe0000...0xe007f:
            return true
        default:
            return false
        }
    }

    /// Whether text holds any ``isDeceptive(_:)`` character: one pass over its UTF-8 bytes,
    /// which for text without them (nearly all) touches each byte once.
    /// - Parameter text: Any text.
    /// - Returns: Whether a deceptive character is in it.
    package static func containsDeceptive(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case 0x7f:
                    return true
                case 0xc2:  // U+0080–U+009F
                    if index < bytes.count, (0x80...0x9f).contains(bytes[index]) { return true }
                case 0xd8:  // U+061C
                    if index < bytes.count, bytes[index] == 0x9c { return true }
                case 0xe2:  // U+200B–U+200F, U+2028–U+202E, U+2060, U+2066–U+2069
                    guard index + 1 < bytes.count else { break }
                    let second = bytes[index]
                    let third = bytes[index + 1]
                    if second == 0x80,
                        (0x8b...0x8f).contains(third) || (0xa8...0xae).contains(third)
                    {
                        return true
                    }
                    if second == 0x81, third == 0xa0 || (0xa6...0xa9).contains(third) {
                        return true
                    }
                case 0xef:  // U+FEFF
                    if index + 1 < bytes.count, bytes[index] == 0xbb, bytes[index + 1] == 0xbf {
                        return true
                    }
                case 0xf3:  // U+E0000–U+E007F
                    if index + 1 < bytes.count, bytes[index] == 0xa0,
                        bytes[index + 1] == 0x80 || bytes[index + 1] == 0x81
                    {
                        return true
                    }
                default:
                    break
                }
            }
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

    /// Pads text to a width measured in terminal columns (``columns(_:)``).
    /// - Parameters:
    ///   - text: The text.
    ///   - width: The width.
    /// - Returns: Text padded with spaces.
    public static func pad(_ text: String, _ width: Int) -> String {
        let count = columns(text)
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    /// The columns a terminal gives the text: one per character, except two for an East
    /// Asian wide or fullwidth character or an emoji shown as one, and none for a character
    /// that is only a combining mark or a format control (a zero-width joiner, a variation
    /// selector). A USB or HID name in Chinese counts twice its characters, so wrapping to
    /// a terminal's width by characters ran past its edge. ASCII text is counted from its
    /// bytes.
    /// - Parameter text: Text without line breaks (already sanitised).
    /// - Returns: Its width in columns.
    package static func columns(_ text: some StringProtocol) -> Int {
        if allBytes(of: String(text), { $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + columns($1) }
    }

    /// The columns one character takes (0, 1 or 2), from its first scalar, as `wcwidth`
    /// and terminals decide.
    /// - Parameter character: One grapheme cluster.
    /// - Returns: Its width.
    package static func columns(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x80 { return 1 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }),
            first.properties.isEmoji
        {
            return 2
        }
        return isWide(first.value) ? 2 : 1
    }

    /// Whether a code point is East Asian Wide or Fullwidth (Unicode 15's
    /// `EastAsianWidth.txt` W and F blocks, as glibc's `wcwidth` gives them 2 columns).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E,
            0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The longest start of `text` that fits in `width` columns (at least one character, so
    /// a cut always moves on).
    /// - Parameters:
    ///   - text: The text to cut.
    ///   - width: The columns available.
    /// - Returns: The start that fits.
    package static func prefix(_ text: Substring, columns width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let next = used + columns(text[index])
            if next > width, end > text.startIndex { break }
            used = next
            end = text.index(after: index)
        }
        return text[text.startIndex..<end]
    }

    /// The number of characters, counted from the bytes when the text is ASCII (one byte
    /// per character), so padding 100 000 table rows needs no grapheme breaking.
    package static func characterCount(_ text: String) -> Int {
        allBytes(of: text) { $0 < 0x80 } ? text.utf8.count : text.count
    }

    /// Whether every UTF-8 byte of the text is printable ASCII (shown as it is, one column a
    /// byte).
    package static func isPrintableASCII(_ text: String) -> Bool {
        allBytes(of: text) { $0 >= 0x20 && $0 < 0x7f }
    }

    /// Whether every UTF-8 byte of the text passes `test`, read from the text's contiguous
    /// bytes (a loop over `utf8` steps an index a byte).
    private static func allBytes(of text: String, _ test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) }
            ?? text.utf8.allSatisfy(test)
    }
}

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
    package func apply(_ text: String, _ role: Role) -> String {
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
    package static func role(_ status: CapabilityStatus) -> Role {
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
    package static func role(_ verdict: RequirementVerdict) -> Role {
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

/// Writes CSV fields (RFC 4180) from untrusted text.
package enum CSVText {
    /// Quotes a field when it holds a comma, quote or line break; control and
    /// ``TerminalText/isDeceptive(_:)`` characters become `?`, and a leading `=`, `+`, `-` or
    /// `@` gets a `'` so spreadsheets do not run it as a formula.
    /// - Parameter text: Untrusted text.
    /// - Returns: One CSV field.
    package static func field(_ text: String) -> String {
        // The common case, printable ASCII that needs neither quotes nor a formula guard, is
        // the field as it is.
        let utf8 = text.utf8
        if let first = utf8.first, first != UInt8(ascii: " "), first != UInt8(ascii: "="),
            first != UInt8(ascii: "+"), first != UInt8(ascii: "-"), first != UInt8(ascii: "@"),
            utf8.last != UInt8(ascii: " "),
            utf8.allSatisfy({
                $0 >= 0x20 && $0 < 0x7f && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "\"")
            })
        {
            return text
        }
        var clean = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar -> Unicode.Scalar in
                    let value = scalar.value
                    if value == 0x0a || value == 0x0d { return " " }
                    if value < 0x20 || TerminalText.isDeceptive(scalar) { return "?" }
                    return scalar
                }))
        if let first = clean.first, "=+-@".contains(first) { clean = "'" + clean }
        guard
            clean.contains(where: { $0 == "," || $0 == "\"" }) || clean.hasPrefix(" ")
                || clean.hasSuffix(" ")
        else {
            return clean
        }
        return "\"" + clean.replacingLiteral("\"", with: "\"\"") + "\""
    }

    /// A `# ` comment line of untrusted text (a table's provenance, a manifest's name) that
    /// a spreadsheet shows in one cell: the text as one field, so a comma never starts
    /// another cell (`# source: x,=HYPERLINK(…)`), quoted when it must be, the formula guard
    /// on its first character, then a newline.
    /// - Parameter text: The comment's text, after `# `.
    /// - Returns: The line.
    package static func comment(_ text: String) -> String {
        field("# " + text) + "\n"
    }

    /// One CSV record with a final CRLF-free newline.
    /// - Parameter fields: Untrusted fields.
    /// - Returns: The line.
    package static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}

/// Escapes untrusted text for a Markdown table cell.
package enum MarkdownText {
    /// Escapes `\`, `|`, `<`, `>`, `&`, backticks and `*`/`_`, turns line breaks into
    /// spaces and control characters into `?`.
    /// - Parameter text: Untrusted text.
    /// - Returns: Text that stays inside one cell and renders literally.
    package static func cell(_ text: String) -> String {
        var out = ""
        let characters = Array(TerminalText.sanitize(text.replacingLiteral("\n", with: " ")))
        for (index, character) in characters.enumerated() {
            if startsAutolink(characters, at: index) {
                // The escape stops GitHub's autolinks (`https://…`, `www.…`, `a@b.c`).
                out += "\\" + String(character)
                continue
            }
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

    /// Whether the character at `index` is where GitHub Flavored Markdown would turn the
    /// text into a link: the `:` of `://`, the `.` after `www`, the `@` of an address whose
    /// domain has a dot.
    private static func startsAutolink(_ characters: [Character], at index: Int) -> Bool {
        func next(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }
        switch characters[index] {
        case ":": return next(1) == "/" && next(2) == "/"
        case ".":
            return index >= 3 && String(characters[(index - 3)..<index]).lowercased() == "www"
        case "@":
            guard index > 0, characters[index - 1].isLetter || characters[index - 1].isNumber
            else { return false }
            let rest = characters[(index + 1)...].prefix { !$0.isWhitespace }
            return rest.contains(".")
        default: return false
        }
    }

    /// Text as one inline code span, whatever it holds: fenced by one backtick more than its
    /// longest run of backticks, so no backtick in it ends the span early (inside a span
    /// nothing is a link or markup, and backslashes are not escapes).
    /// - Parameter text: Untrusted text (a table's name or path).
    /// - Returns: `` `text` ``, or a longer fence.
    package static func codeSpan(_ text: String) -> String {
        let clean = TerminalText.sanitize(text.replacingLiteral("\n", with: " "))
        var longest = 0
        var run = 0
        for character in clean {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = clean.hasPrefix("`") || clean.hasSuffix("`") ? " " : ""
        return fence + padding + clean + padding + fence
    }

    /// An identifier as inline code when it is plain (`A`–`Z`, `a`–`z`, digits, `.`, `_`, `:`,
    /// `-`), else as an escaped cell: a backtick inside a code span would end it, and escapes
    /// do not work there.
    /// - Parameter text: An identifier, possibly untrusted (a snapshot's capability id).
    /// - Returns: `` `id` `` or escaped text.
    package static func code(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || ".:_-".unicodeScalars.contains(scalar))
            }
        return plain ? "`" + text + "`" : cell(text)
    }
}

/// The one JSON encoder setup: every JSON output is `JSONEncoder`'s, keys sorted, two-space
/// indentation, slashes unescaped, then ``escapingDeceptive(_:)``.
public enum JSONOutput {
    /// An encoder with sorted keys, pretty printing and unescaped slashes.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// A compact encoder with sorted keys (one object per line, for `watch`).
    static func compactEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes a value as pretty, sorted JSON text with a final newline.
    /// - Parameter value: The value.
    /// - Returns: The text.
    /// - Throws: `EncodingError` (non-finite numbers, for instance).
    public static func string<T: Encodable>(_ value: T) throws -> String {
        String(decoding: escapingDeceptive(Array(try encoder().encode(value))), as: UTF8.self)
            + "\n"
    }

    /// Encodes a value as one compact, sorted JSON line (no newline).
    /// - Parameter value: The value.
    /// - Returns: The text.
    /// - Throws: `EncodingError`.
    static func compactString<T: Encodable>(_ value: T) throws -> String {
        String(
            decoding: escapingDeceptive(Array(try compactEncoder().encode(value))), as: UTF8.self)
    }

    /// Replaces ``TerminalText/isDeceptive(_:)`` characters in encoded JSON with `\uXXXX`
    /// escapes (`JSONEncoder` writes them raw): one pass over the UTF-8 bytes. Outside strings
    /// JSON has only ASCII, so the replacement can run over the whole text, or over any piece
    /// of it that ends between two characters.
    /// - Parameter json: Encoded JSON (UTF-8).
    /// - Returns: The same JSON value, with those characters escaped.
    package static func escapingDeceptive(_ json: [UInt8]) -> [UInt8] {
        guard var index = firstByteFrom7F(json) else { return json }
        var out: [UInt8] = []
        // json[..<copied] is in `out` already (once a character was escaped).
        var copied = 0
        while index < json.count {
            let lead = json[index]
            guard lead >= 0x7f else {
                index += 1
                continue
            }
            // A lead byte says how long its sequence is; a stray continuation byte is one.
            let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1
            let end = min(index + length, json.count)
            var value = length == 1 ? UInt32(lead) : UInt32(lead & (0x7f >> length))
            for byte in json[(index + 1)..<end] { value = value << 6 | UInt32(byte & 0x3f) }
            if lead == 0x7f || length > 1, let scalar = Unicode.Scalar(value),
                TerminalText.isDeceptive(scalar)
            {
                out.append(contentsOf: json[copied..<index])
                out.append(contentsOf: unicodeEscape(scalar).utf8)
                copied = end
            }
            index = end
        }
        guard copied > 0 else { return json }
        out.append(contentsOf: json[copied...])
        return out
    }

    /// Where the first byte of 0x7F or above is (every deceptive character starts with one),
    /// eight bytes at a time: ASCII text, nearly all JSON, is passed over at once.
    private static func firstByteFrom7F(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // A byte's high bit is set, or adding 1 to its low seven bits sets it (0x7F).
                let low = (word & 0x7f7f_7f7f_7f7f_7f7f) &+ 0x0101_0101_0101_0101
                if (word | low) & 0x8080_8080_8080_8080 != 0 { break }
                offset += 8
            }
            while offset < raw.count, raw[offset] < 0x7f { offset += 1 }
            return offset < raw.count ? offset : nil
        }
    }

    /// `\u` and four lower-case hex digits; a character past the BMP (a tag character) as
    /// its UTF-16 surrogate pair, `\udb40\udc41`, as JSON spells it.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        guard scalar.value > 0xffff else { return unit(scalar.value) }
        let offset = scalar.value - 0x10000
        return unit(0xd800 + (offset >> 10)) + unit(0xdc00 + (offset & 0x3ff))
    }
}
