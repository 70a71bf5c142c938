import CapabilityMatrix

/// Renders a ``MatrixResult`` as text, CSV or JSON.
public enum MatrixRenderer {
    /// The human table: provenance, one line per row with Play-style reasons, family summaries
    /// (when some family groups more than one row), totals.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Plain text; row names and table text are sanitised for terminals.
    public static func text(_ result: MatrixResult) -> String {
        joined { writeText(result, pieceSize: Int.max, piece: $0) }
    }

    /// The human table of ``text(_:)``, handed on in pieces of about `pieceSize` bytes that
    /// end after whole lines, so a 100 000-row table is never in memory at once.
    /// - Parameters:
    ///   - result: The filtered matrix.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - piece: Receives the pieces in order; together they are ``text(_:)``'s UTF-8.
    public static func writeText(
        _ result: MatrixResult, pieceSize: Int = 1 << 16, piece: ([UInt8]) -> Void
    ) {
        // A device catalog answers first: how many devices, why not the others, the notes;
        // where the rows come from follows them.
        let catalog = result.summary != nil
        var head =
            catalog
            ? catalogHeadline(result)
            : header(matrix: result.matrix, provenance: result.provenance)
        if let manifest = result.manifest, !catalog {
            head += "Manifest   " + TerminalText.sanitize(manifest) + "\n"
        }
        head += "\n"
        let rows = result.rows
        let longest = rows.reduce(0) { max($0, TerminalText.characterCount($1.name)) }
        let width = min(40, max(12, longest + 2))
        head += TerminalText.pad("Row", width) + TerminalText.pad("Verdict", 11) + "Why\n"
        let verdicts = RowVerdict.allCases
        let verdictColumn = verdicts.map { Array(TerminalText.pad($0.rawValue, 11).utf8) }
        let unknownSubject = subject(result)
        writeRows(
            rows, head: head, tail: textTail(result), rowBytes: width + 96,
            pieceSize: pieceSize, piece: piece
        ) { row, bytes in
            // Printable ASCII (the common case) is shown as is and is one column a byte.
            let count: Int
            if TerminalText.isPrintableASCII(row.name) {
                bytes.append(contentsOf: row.name.utf8)
                count = row.name.utf8.count
            } else {
                let name = TerminalText.sanitize(row.name)
                bytes.append(contentsOf: name.utf8)
                count = TerminalText.characterCount(name)
            }
            if count < width {
                bytes.append(contentsOf: repeatElement(0x20, count: width - count))
            } else {
                // A name as wide as its column has a line of its own: the verdicts stay
                // aligned.
                bytes.append(0x0A)
                bytes.append(contentsOf: repeatElement(0x20, count: width))
            }
            let verdict = verdicts.firstIndex(of: row.verdict) ?? 0
            let why = clean(
                catalog ? catalogReasons(row) : reasons(row, unknownSubject: unknownSubject))
            if why.isEmpty {
                bytes.append(contentsOf: row.verdict.rawValue.utf8)
            } else {
                bytes.append(contentsOf: verdictColumn[verdict])
                bytes.append(contentsOf: why.utf8)
            }
            bytes.append(0x0A)
        }
    }

    /// What the text shows after its rows: the families and the totals.
    private static func textTail(_ result: MatrixResult) -> String {
        var tail = ""
        // A table without families makes every row its own family: no section then.
        if result.families.count < result.rows.count {
            tail += "\nFamilies\n"
            for family in result.families {
                tail += "  " + TerminalText.sanitize(family.sentence) + "\n"
            }
        }
        if let summary = result.summary {
            tail += MatrixDocumentRenderer.textSummary(summary)
            tail += "\nSources\n" + header(matrix: result.matrix, provenance: result.provenance)
            return tail
        }
        let totals = result.totals
        tail +=
            "\n\(totals.eligible) of \(totals.total) rows eligible, \(totals.excluded) excluded, \(totals.undecided) undecided\n"
        return tail
    }

    /// The answer a catalog's text opens with: how many devices can install the app, what
    /// excludes the others (each row counted under its first failing filter), the notes.
    /// - Parameter result: The filtered catalog.
    /// - Returns: The lines.
    package static func catalogHeadline(_ result: MatrixResult) -> String {
        var out = TerminalText.sanitize(result.answer ?? "") + "\n"
        if let summary = result.summary, !summary.excludedBy.isEmpty {
            let top = summary.excludedBy.prefix(6).map { "\($0.key): \($0.rows)" }
            let more = summary.excludedBy.count > 6 ? ", …" : ""
            out += "Excluded by " + TerminalText.sanitize(top.joined(separator: ", ")) + more + "\n"
        }
        if let summary = result.summary, !summary.undecidedBy.isEmpty {
            let top = summary.undecidedBy.prefix(6).map { "\($0.key): \($0.rows)" }
            let more = summary.undecidedBy.count > 6 ? ", …" : ""
            out +=
                "Undecided on " + TerminalText.sanitize(top.joined(separator: ", ")) + more + "\n"
        }
        for note in result.notes ?? [] { out += "Note: " + TerminalText.sanitize(note) + "\n" }
        return out
    }

    /// A catalog row's reasons: the failing filter's reasons for an excluded row, what the
    /// catalog cannot tell for an undecided one.
    package static func catalogReasons(_ row: MatrixRowResult) -> String {
        switch row.verdict {
        case .eligible:
            guard let levels = row.device?.qualifyingSdkLevels, !levels.isEmpty,
                levels != row.device?.sdkLevels
            else { return "" }
            return "on SDK " + levels.map(String.init).joined(separator: ", ")
        case .excluded: return row.failing.map(\.reason).joined(separator: "; ")
        case .undecided: return row.unknown.map(\.reason).joined(separator: "; ")
        }
    }

    /// `doesn't support required feature: X; …` for excluded rows, `the table does not say:
    /// X` for undecided ones.
    /// - Parameters:
    ///   - row: The row result.
    ///   - unknownSubject: What cannot say (`the table`; `the recording` for a fleet's rows).
    /// - Returns: The reasons in words, empty for an eligible row.
    package static func reasons(_ row: MatrixRowResult, unknownSubject: String = "the table")
        -> String
    {
        switch row.verdict {
        case .eligible: return ""
        case .excluded: return row.failing.map(\.playWording).joined(separator: "; ")
        case .undecided:
            return "\(unknownSubject) does not say: "
                + row.unknown.map(\.key).joined(separator: ", ")
        }
    }

    /// Who cannot decide an undecided row: the table, or a fleet machine's recording.
    package static func subject(_ result: MatrixResult) -> String {
        result.matrix.hasPrefix(Fleet.sourcePrefix) ? "the recording" : "the table"
    }

    /// CSV: `#` provenance lines, then `row,family,verdict,failing,unknown,reasons`.
    /// - Parameter result: The filtered matrix.
    /// - Returns: RFC 4180 text.
    public static func csv(_ result: MatrixResult) -> String {
        joined { writeCSV(result, pieceSize: Int.max, piece: $0) }
    }

    /// The CSV of ``csv(_:)``, handed on in pieces of about `pieceSize` bytes that end after
    /// whole records.
    /// - Parameters:
    ///   - result: The filtered matrix.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - piece: Receives the pieces in order; together they are ``csv(_:)``'s UTF-8.
    public static func writeCSV(
        _ result: MatrixResult, pieceSize: Int = 1 << 16, piece: ([UInt8]) -> Void
    ) {
        // Each comment line is one field: the table's and manifest's text never reaches a
        // cell of its own, where a spreadsheet would run `=HYPERLINK(…)`.
        var head = CSVText.comment("matrix: " + result.matrix)
        for line in result.provenance { head += CSVText.comment(line) }
        if let manifest = result.manifest { head += CSVText.comment("manifest: " + manifest) }
        head += "row,family,verdict,failing,unknown,reasons\n"
        let unknownSubject = subject(result)
        writeRows(
            result.rows, head: head, tail: "", rowBytes: 128, pieceSize: pieceSize, piece: piece
        ) { row, bytes in
            bytes.append(contentsOf: CSVText.field(row.name).utf8)
            bytes.append(UInt8(ascii: ","))
            bytes.append(contentsOf: CSVText.field(row.family).utf8)
            bytes.append(UInt8(ascii: ","))
            let tail = CSVText.line([
                row.verdict.rawValue,
                row.failing.map(\.key).joined(separator: ";"),
                row.unknown.map(\.key).joined(separator: ";"),
                reasons(row, unknownSubject: unknownSubject),
            ])
            bytes.append(contentsOf: tail.utf8)
        }
    }

    /// Writes `head`, the rows and `tail` in pieces of about `pieceSize` bytes that end after
    /// whole rows.
    /// - Parameters:
    ///   - rows: The rows.
    ///   - head: What comes before the rows.
    ///   - tail: What comes after them.
    ///   - rowBytes: About how many bytes a row takes, to size the buffer.
    ///   - pieceSize: About how many bytes a piece holds.
    ///   - piece: Receives the pieces in order.
    ///   - write: Appends a row's bytes.
    private static func writeRows(
        _ rows: [MatrixRowResult], head: String, tail: String, rowBytes: Int, pieceSize: Int,
        piece: ([UInt8]) -> Void, row write: (MatrixRowResult, inout [UInt8]) -> Void
    ) {
        // One buffer of the piece size (or, for one piece, of all the rows).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(pieceSize, head.utf8.count + rows.count * rowBytes) + 4096)
        bytes.append(contentsOf: head.utf8)
        for row in rows {
            write(row, &bytes)
            if bytes.count >= pieceSize {
                piece(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.append(contentsOf: tail.utf8)
        if !bytes.isEmpty { piece(bytes) }
    }

    /// A document written in pieces (``writeText(_:pieceSize:piece:)``,
    /// ``writeCSV(_:pieceSize:piece:)``) as one text.
    /// - Parameter write: Writes the document, handing each piece to its argument.
    /// - Returns: The pieces joined, as UTF-8 text.
    package static func joined(_ write: (_ piece: ([UInt8]) -> Void) -> Void) -> String {
        var all: [UInt8] = []
        write { all.append(contentsOf: $0) }
        return String(decoding: all, as: UTF8.self)
    }

    /// Sanitised text; printable ASCII (the common case) is returned as is.
    static func clean(_ text: String) -> String {
        TerminalText.isPrintableASCII(text) ? text : TerminalText.sanitize(text)
    }

    /// The matrix and provenance lines shown with every result.
    package static func header(matrix: String, provenance: [String]) -> String {
        var out = "Matrix     " + TerminalText.sanitize(matrix) + "\n"
        for line in provenance { out += "Provenance " + TerminalText.sanitize(line) + "\n" }
        return out
    }
}
