/// Fits human text to a terminal's width: free text wrapped at spaces, a word longer than a
/// line cut, and rows whose last column is free text continued under that column, so the
/// columns before it stay aligned. Callers pass a width only for a terminal; without one,
/// text is left as it is (a pipe or a file gets whole lines).
package enum TerminalWrap {
    /// The narrowest room a wrapped column gets, however narrow the terminal: below it,
    /// lines run past the edge rather than into one word per line.
    package static let minimumRoom = 20

    /// Wraps text into lines of at most `width` terminal columns (``TerminalText/columns(_:)``:
    /// a wide character takes two).
    /// - Parameters:
    ///   - text: Text without line breaks (already sanitised).
    ///   - width: The widest line, in columns (at least 2 is used, so a wide character fits).
    /// - Returns: The lines; the text itself when it fits, `[""]` for empty text.
    package static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(2, width)
        guard TerminalText.columns(text) > width else { return [text] }
        var lines: [String] = []
        var current = ""
        var used = 0
        for word in text.split(separator: " ") {
            var word = Substring(word)
            var size = TerminalText.columns(word)
            if !current.isEmpty, used + 1 + size <= width {
                current += " " + word
                used += 1 + size
                continue
            }
            if !current.isEmpty { lines.append(current) }
            while size > width {
                let cut = TerminalText.prefix(word, columns: width)
                lines.append(String(cut))
                word = word[cut.endIndex...]
                size = TerminalText.columns(word)
            }
            current = String(word)
            used = size
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// The lines of a row whose last column is free text: `lead` (the columns before it,
    /// `leadWidth` characters wide without colour codes) on the first line, then `text`
    /// wrapped to the rest of `width`, later lines indented to the text's column.
    /// - Parameters:
    ///   - lead: The padded columns before the text (may carry colour codes).
    ///   - leadWidth: Their width in characters.
    ///   - text: The free text (already sanitised).
    ///   - width: The terminal's width; nil keeps the row on one line.
    /// - Returns: One line or more, without newlines.
    package static func hanging(_ lead: String, leadWidth: Int, _ text: String, width: Int?)
        -> [String]
    {
        guard let width else { return [lead + text] }
        let parts = wrap(text, width: max(minimumRoom, width - leadWidth))
        let indent = String(repeating: " ", count: leadWidth)
        return parts.enumerated().map { index, part in (index == 0 ? lead : indent) + part }
    }
}
