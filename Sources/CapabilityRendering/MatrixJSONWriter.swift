import CapabilityMatrix

/// Writes a ``MatrixResult`` as JSON in one pass, in the same layout as ``JSONOutput``
/// (sorted keys, two-space indent, `"key" : value`), without building an intermediate tree:
/// `JSONEncoder` needs several times the memory and time for 100 000-row results. The layout
/// itself is ``JSONTextWriter``'s, shared with ``ReportJSONWriter``.
public enum MatrixJSONWriter {
    /// The JSON document.
    /// - Parameter result: The filtered matrix.
    /// - Returns: Pretty, sorted JSON text with a final newline; it decodes to `result`.
    public static func json(_ result: MatrixResult) -> String {
        MatrixRenderer.joined { write(result, pieceSize: Int.max, to: $0) }
    }

    /// The document of ``json(_:)``, handed on in pieces of about `pieceSize` bytes that end
    /// after whole rows, so a 100 000-row result is never in memory as text at once.
    /// - Parameters:
    ///   - result: The filtered matrix.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - output: Receives the pieces in order; together they are ``json(_:)``'s UTF-8.
    public static func write(
        _ result: MatrixResult, pieceSize: Int = 1 << 16, to output: ([UInt8]) -> Void
    ) {
        var out = JSONTextWriter(capacity: min(pieceSize, 256 + result.rows.count * 160) + 4096)
        out.openObject()
        if let answer = result.answer {
            out.key("answer")
            out.string(answer)
        }
        out.key("families")
        out.openArray()
        for family in result.families { summary(family, into: &out) }
        out.close()
        if let manifest = result.manifest {
            out.key("manifest")
            out.string(manifest)
        }
        out.key("matrix")
        out.string(result.matrix)
        if let notes = result.notes {
            out.key("notes")
            out.array(notes)
        }
        out.key("provenance")
        out.array(result.provenance)
        out.key("rows")
        out.openArray()
        if result.summary != nil {
            // A catalog's rows carry what the device is; they are few, so each is written
            // whole.
            for row in result.rows {
                catalogRow(row, into: &out)
                if out.bytes.count >= pieceSize { out.flush(to: output) }
            }
        }
        var parts = RowParts(depth: out.depth)
        for row in result.rows where result.summary == nil {
            out.raw { parts.write(row, into: &$0) }
            if out.bytes.count >= pieceSize { out.flush(to: output) }
        }
        out.close()
        out.key("schema")
        out.int(result.schema)
        if let catalog = result.summary { self.catalog(catalog, into: &out) }
        out.key("totals")
        summary(result.totals, into: &out)
        out.close()
        out.newline()
        out.flush(to: output)
    }

    /// A catalog's `summary` object: its groups and the keys behind exclusions.
    /// One catalog row: its verdict and issues, and what the device is (`device`).
    private static func catalogRow(_ row: MatrixRowResult, into out: inout JSONTextWriter) {
        out.openObject()
        if let details = row.device {
            out.key("device")
            out.openObject()
            func text(_ key: String, _ value: String?) {
                guard let value else { return }
                out.key(key)
                out.string(value)
            }
            func numbers(_ key: String, _ values: [Int]?) {
                guard let values else { return }
                out.key(key)
                out.openArray()
                for value in values { out.int(value) }
                out.close()
            }
            func texts(_ key: String, _ values: [String]?) {
                guard let values else { return }
                out.key(key)
                out.array(values)
            }
            texts("abis", details.abis)
            text("brand", details.brand)
            text("confidence", details.confidence)
            text("device", details.device)
            if let family = details.deviceFamily {
                out.key("deviceFamily")
                out.int(family)
            }
            text("featureSource", details.featureSource)
            text("formFactor", details.formFactor)
            texts("identifiers", details.identifiers)
            text("manufacturer", details.manufacturer)
            text("model", details.model)
            text("newestOS", details.newestOS)
            numbers("qualifyingSdkLevels", details.qualifyingSdkLevels)
            numbers("sdkLevels", details.sdkLevels)
            if let year = details.year {
                out.key("year")
                out.int(year)
            }
            out.close()
        }
        func issues(_ name: String, _ list: [RowIssue]) {
            out.key(name)
            out.openArray()
            for issue in list { Self.issue(issue, into: &out) }
            out.close()
        }
        issues("failing", row.failing)
        out.key("family")
        out.string(row.family)
        if let file = row.file {
            // A capture folder's row: the capture it came from.
            out.key("file")
            out.string(file)
        }
        out.key("line")
        out.int(row.line)
        out.key("name")
        out.string(row.name)
        issues("unknown", row.unknown)
        out.key("verdict")
        out.string(row.verdict.rawValue)
        out.close()
    }

    private static func catalog(_ catalog: CatalogSummary, into out: inout JSONTextWriter) {
        func keys(_ name: String, _ counts: [CatalogSummary.KeyCount]) {
            out.key(name)
            out.openArray()
            for count in counts {
                out.openObject()
                out.key("key")
                out.string(count.key)
                out.key("rows")
                out.int(count.rows)
                out.close()
            }
            out.close()
        }
        out.key("summary")
        out.openObject()
        keys("excludedBy", catalog.excludedBy)
        out.key("groupedBy")
        out.string(catalog.groupedBy)
        out.key("groups")
        out.openArray()
        for group in catalog.groups { summary(group, into: &out) }
        out.close()
        keys("undecidedBy", catalog.undecidedBy)
        out.close()
    }

    private static func summary(_ summary: FamilySummary, into out: inout JSONTextWriter) {
        out.openObject()
        out.key("eligible")
        out.int(summary.eligible)
        out.key("excluded")
        out.int(summary.excluded)
        out.key("family")
        out.string(summary.family)
        out.key("total")
        out.int(summary.total)
        out.key("undecided")
        out.int(summary.undecided)
        out.close()
    }

    /// A row object's bytes: the head up to the family's value, the fixed keys between the
    /// family, line and name, the tail from the unknown list to the closing brace. The parts
    /// are written by fragment writers, so the layout is ``JSONTextWriter``'s. Heads and
    /// tails are kept by value (most rows repeat a few issue lists): writing them for every
    /// row doubled the time of a 100 000-row result.
    private struct RowParts {
        /// How deep the row objects sit (inside the document and its `rows` array).
        let depth: Int
        private var heads: [[RowIssue]: [UInt8]] = [:]
        private var tails: [Tail: [UInt8]] = [:]
        private let fileKey: [UInt8]
        private let lineKey: [UInt8]
        private let nameKey: [UInt8]

        init(depth: Int) {
            self.depth = depth
            // The row object's members in key order: failing, family, file (a fleet's rows
            // only), line, name, unknown, verdict.
            var file = JSONTextWriter(insideObjectAt: depth, members: 2)
            file.key("file")
            fileKey = file.bytes
            var line = JSONTextWriter(insideObjectAt: depth, members: 2)
            line.key("line")
            lineKey = line.bytes
            var name = JSONTextWriter(insideObjectAt: depth, members: 3)
            name.key("name")
            nameKey = name.bytes
        }

        /// What a row's tail is made of.
        private struct Tail: Hashable {
            var unknown: [RowIssue]
            var verdict: RowVerdict
        }

        /// Appends the row object's text (no comma or line break before it) to `bytes`.
        mutating func write(_ row: MatrixRowResult, into bytes: inout [UInt8]) {
            let head: [UInt8]
            if let known = heads[row.failing] {
                head = known
            } else {
                var writer = JSONTextWriter(depth: depth)
                writer.openObject()
                writer.key("failing")
                writer.raw(bytes: Self.issues(row.failing, depth: writer.depth))
                writer.key("family")
                head = writer.bytes
                heads[row.failing] = head
            }
            let key = Tail(unknown: row.unknown, verdict: row.verdict)
            let tail: [UInt8]
            if let known = tails[key] {
                tail = known
            } else {
                var writer = JSONTextWriter(insideObjectAt: depth, members: 4)
                writer.key("unknown")
                writer.raw(bytes: Self.issues(row.unknown, depth: writer.depth))
                writer.key("verdict")
                writer.string(row.verdict.rawValue)
                writer.close()
                tail = writer.bytes
                tails[key] = tail
            }
            bytes.append(contentsOf: head)
            JSONTextWriter.quoted(row.family, to: &bytes)
            if let file = row.file {
                bytes.append(contentsOf: fileKey)
                JSONTextWriter.quoted(file, to: &bytes)
            }
            bytes.append(contentsOf: lineKey)
            JSONTextWriter.decimal(row.line, to: &bytes)
            bytes.append(contentsOf: nameKey)
            JSONTextWriter.quoted(row.name, to: &bytes)
            bytes.append(contentsOf: tail)
        }

        /// An issue list as an array written `depth` containers deep.
        private static func issues(_ list: [RowIssue], depth: Int) -> [UInt8] {
            var fragment = JSONTextWriter(depth: depth)
            fragment.openArray()
            for issue in list { MatrixJSONWriter.issue(issue, into: &fragment) }
            fragment.close()
            return fragment.bytes
        }
    }

    fileprivate static func issue(_ issue: RowIssue, into out: inout JSONTextWriter) {
        out.openObject()
        if let capability = issue.capability {
            out.key("capability")
            out.string(capability)
        }
        out.key("key")
        out.string(issue.key)
        out.key("reason")
        out.string(issue.reason)
        out.key("required")
        out.bool(issue.required)
        out.close()
    }
}
