/// Small, allocation-free text helpers for reading large tables.
enum MatrixText {
    /// The text without leading and trailing spaces and tabs (the same string when there
    /// are none, which is the common case).
    static func trimmed(_ text: String) -> String {
        func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        // Bytes first: no grapheme breaking for the common field without blanks.
        guard let first = text.utf8.first, let last = text.utf8.last,
            isBlank(first) || isBlank(last)
        else {
            return text
        }
        let start = text.firstIndex { !isBlank($0) } ?? text.endIndex
        guard start < text.endIndex, let end = text.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(text[start...end])
    }
}
