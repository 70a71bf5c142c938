import CapabilitySupport
import FoundationEssentials

/// Reads a Markdown pipe table: `| a | b |` rows, a `|---|:--:|` separator after the
/// header, `\|` for a literal pipe. `#` lines are provenance; other prose is skipped.
package struct MarkdownTableReader {
    private let lines: [Substring]
    private var index = 0

    /// Creates a reader.
    /// - Parameter text: The file content; a leading byte order mark is skipped.
    init(text: String) {
        let body = text.hasPrefix("\u{feff}") ? text.dropFirst() : Substring(text)
        self.lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The next record, or nil at the end.
    package mutating func next() -> TableRecord? {
        while index < lines.count {
            var line = lines[index]
            index += 1
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.trimming(.whitespaces)
            if trimmed.hasPrefix("#") {
                return .comment(
                    String(trimmed.drop { $0 == "#" }).trimming(.whitespaces),
                    line: index)
            }
            guard trimmed.hasPrefix("|") else { continue }
            let cells = Self.cells(trimmed)
            if Self.isSeparator(cells) { continue }
            return .fields(cells, line: index)
        }
        return nil
    }

    /// Splits `| a | b \| c |` into trimmed cells, honouring `\|`.
    package static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        var body = Substring(line)
        if body.hasPrefix("|") { body = body.dropFirst() }
        for character in body {
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(MatrixText.trimmed(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        let rest = MatrixText.trimmed(current)
        if !rest.isEmpty { cells.append(rest) }
        return cells
    }

    /// Whether a row is the `---` separator under the header.
    static func isSeparator(_ cells: [String]) -> Bool {
        !cells.isEmpty
            && cells.allSatisfy { cell in
                cell.contains("-") && cell.allSatisfy { $0 == "-" || $0 == ":" || $0 == " " }
            }
    }
}
