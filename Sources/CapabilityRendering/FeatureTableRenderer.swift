import CapabilityModel
import CapabilityMatrix
import CapabilitySupport

/// The seed's hardware table for real machines: features as rows, machines as columns.
public struct FeatureTable: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// One machine column.
    public struct Machine: Sendable, Hashable, Codable {
        /// The column name: vendor and model, else the file name (untrusted text).
        public var name: String
        /// Where its records came from (`udevadm`, `snapshot`, …) and the file, if any.
        public var source: String
        /// Whether the source proves absence (a partial dump does not).
        public var complete: Bool
        /// The manifest verdict, when a manifest was given: satisfied, unsatisfied, undecided.
        public var verdict: String?
        /// The failing or unknown keys behind the verdict.
        public var verdictKeys: [String]?
    }

    /// One feature row.
    public struct Row: Sendable, Hashable, Codable {
        /// The capability id (or `id:detail` for a value row such as `camera.any:megapixels`).
        public var id: String
        /// The label: the seed's column name where there is one, else the id.
        public var label: String
        /// One cell per machine: `present`, `absent`, `unknown`; for value rows the value, or empty
        /// when the machine has none.
        public var cells: [String]
    }

    /// The schema version.
    public var schema: Int
    /// The machines, in the order given.
    public var machines: [Machine]
    /// The feature rows: the seed's features first, then every other id found, then values.
    public var rows: [Row]
    /// The manifest path, when a verdict row was asked for.
    public var manifest: String?

    /// The seed's Table 1-1 features in its order, with its labels.
    public static let seedFeatures: [(id: CapabilityID, label: String)] = [
        (.cellular, "Cellular"), (.netWiFi, "WiFi"), (.bluetooth, "Bluetooth"),
        (.audioOutput, "Speaker"), (.audioInput, "Audio In"),
        (.sensorAccelerometer, "Accelerometer"), (.sensorMagnetometer, "Magnetometer"),
        (.sensorGyroscope, "Gyroscope"), (.locationGNSS, "GPS"),
        (.sensorProximity, "Proximity Sensor"), (.cameraAny, "Camera"),
        (.cameraVideo, "Video"),
        (.hapticsVibration, "Vibration"),
    ]

    /// Numeric details shown as value rows when any machine has them: the quantities with a
    /// feature-table label (``Quantity/Definition/featureTableLabel``), in the table's order.
    static let valueRows: [(id: CapabilityID, key: String, label: String)] =
        Quantity.allCases.compactMap { quantity in
            let definition = quantity.definition
            return definition.featureTableLabel.map {
                (definition.capability, definition.detailKey, $0)
            }
        }

    /// Builds the table.
    /// - Parameters:
    ///   - machines: Each machine's column name and report, in column order.
    ///   - verdicts: Per machine (same order), the manifest evaluation, when a manifest was given.
    ///   - manifest: The manifest path.
    public init(
        machines: [(name: String, report: CapabilityReport)], verdicts: [RowEvaluation]? = nil,
        manifest: String? = nil
    ) {
        self.schema = Self.currentSchema
        self.manifest = manifest
        var names: [String] = []
        for (name, _) in machines {
            var unique = name.isEmpty ? "machine" : name
            var counter = 2
            while names.contains(unique) {
                unique = "\(name) (\(counter))"
                counter += 1
            }
            names.append(unique)
        }
        self.machines = zip(names, machines).enumerated().map { index, pair in
            let source = pair.1.report.source
            let evaluation = verdicts.flatMap { index < $0.count ? $0[index] : nil }
            return Machine(
                name: pair.0, source: source.kind.rawValue + (source.path.map { " " + $0 } ?? ""),
                complete: source.complete, verdict: evaluation.map(Self.verdictWord),
                verdictKeys: evaluation.map {
                    ($0.failing.isEmpty ? $0.unknown : $0.failing).map(\.key)
                })
        }
        let seedIDs = Set(Self.seedFeatures.map(\.id))
        let otherIDs = Set(machines.flatMap { $0.report.capabilities.map(\.id) }).subtracting(
            seedIDs
        ).sorted()
        var rows: [Row] = []
        for (id, label) in Self.seedFeatures
            + otherIDs.map({ ($0, $0.definition.name) })
        {
            rows.append(
                Row(
                    id: id.rawValue, label: label,
                    cells: machines.map { $0.report.finding(id)?.status.rawValue ?? "unknown" }))
        }
        for (id, key, label) in Self.valueRows {
            let cells = machines.map { Self.value($0.report.finding(id)?.details[key], key: key) }
            guard cells.contains(where: { !$0.isEmpty }) else { continue }
            rows.append(Row(id: "\(id):\(key)", label: label, cells: cells))
        }
        self.rows = rows
    }

    static func verdictWord(_ evaluation: RowEvaluation) -> String {
        switch evaluation.verdict {
        case .eligible: return "satisfied"
        case .excluded: return "unsatisfied"
        case .undecided: return "undecided"
        }
    }

    /// A detail value as table text: `5.0`, `1280x720@30 640x480@30`, `8 GiB`.
    package static func value(_ value: JSONValue?, key: String) -> String {
        switch value {
        case .int(let number) where key == "bytes":
            let gib = Double(number) / 1_073_741_824
            return gib >= 1
                ? "\(formatted(gib)) GiB" : "\(formatted(Double(number) / 1_048_576)) MiB"
        case .int(let number): return String(number)
        case .double(let number): return formatted(number)
        case .string(let text): return text
        case .array(let items): return items.compactMap(\.stringValue).joined(separator: " ")
        default: return ""
        }
    }

    static func formatted(_ number: Double) -> String {
        let rounded = (number * 100).rounded() / 100
        guard rounded.isFinite, rounded == rounded.rounded(), abs(rounded) < 1e15 else {
            return String(rounded)
        }
        return String(Int(rounded))
    }
}

/// Renders a ``FeatureTable`` as Markdown, CSV, JSON or a self-contained HTML page.
///
/// Machine names and values come from devices and are untrusted: Markdown cells are
/// pipe- and HTML-escaped, CSV fields quoted, HTML escaped with ``TerminalText/escapeMarkup(_:)``
/// after control and bidi-override characters became `?`.
public enum FeatureTableRenderer {
    /// The output formats of `capcheck report`.
    public enum Format: String, Sendable, CaseIterable {
        /// A Markdown pipe table.
        case md
        /// CSV.
        case csv
        /// The JSON document.
        case json
        /// A self-contained HTML page.
        case html
    }

    /// Renders the table.
    /// - Parameters:
    ///   - table: The table.
    ///   - format: The format.
    ///   - stamp: What made the page and when, shown by the HTML page (ignored by the other
    ///     formats, whose output depends on the table alone); nil for none.
    /// - Returns: The text.
    /// - Throws: `EncodingError` for JSON (not expected for finite values).
    public static func render(
        _ table: FeatureTable, as format: Format, stamp: ReportStamp? = nil
    ) throws -> String {
        switch format {
        case .md: return markdown(table)
        case .csv: return csv(table)
        case .json: return try JSONOutput.string(table)
        case .html: return html(table, stamp: stamp)
        }
    }

    /// `☑` present, `☐` absent, `?` unknown; value rows as they are (`?` when missing).
    /// - Parameter cell: The cell text.
    /// - Returns: The glyph or value.
    static func glyph(_ cell: String) -> String {
        switch cell {
        case "present": return "☑"
        case "absent": return "☐"
        case "unknown", "": return "?"
        default: return cell
        }
    }

    static func verdictCell(_ machine: FeatureTable.Machine) -> String {
        guard let verdict = machine.verdict else { return "" }
        let keys = machine.verdictKeys ?? []
        return keys.isEmpty ? verdict : verdict + " (" + keys.joined(separator: ", ") + ")"
    }

    /// A Markdown pipe table in the seed's form.
    /// - Parameter table: The table.
    /// - Returns: Markdown text.
    package static func markdown(_ table: FeatureTable) -> String {
        var out =
            "| Feature | Id | "
            + table.machines.map { MarkdownText.cell($0.name) }.joined(separator: " | ") + " |\n"
        out += "| --- | --- |" + String(repeating: " :---: |", count: table.machines.count) + "\n"
        for row in table.rows {
            out += "| \(MarkdownText.cell(row.label)) | \(MarkdownText.code(row.id)) | "
            out += row.cells.map { MarkdownText.cell(glyph($0)) }.joined(separator: " | ") + " |\n"
        }
        if let manifest = table.manifest {
            out += "| **Verdict** | \(MarkdownText.cell(manifest)) | "
            out +=
                table.machines.map { MarkdownText.cell(verdictCell($0)) }.joined(separator: " | ")
                + " |\n"
        }
        out += "\n☑ present · ☐ absent · ? unknown (never read as absent)\n\n"
        for machine in table.machines {
            out += "- \(MarkdownText.cell(machine.name)): \(MarkdownText.cell(machine.source))"
            out += machine.complete ? "\n" : " (partial source: absence not proven)\n"
        }
        return out
    }

    /// CSV: header `feature,id,<machines>`, one record per feature, an optional verdict record.
    /// Cells are values, for a spreadsheet or a script to compare: `present`, `absent`,
    /// `unknown`, a value row's value (empty when the machine has none), the verdict word.
    /// - Parameter table: The table.
    /// - Returns: RFC 4180 text.
    public static func csv(_ table: FeatureTable) -> String {
        var out = CSVText.line(["feature", "id"] + table.machines.map(\.name))
        for row in table.rows { out += CSVText.line([row.label, row.id] + row.cells) }
        if let manifest = table.manifest {
            out += CSVText.line(["verdict", manifest] + table.machines.map(verdictCell))
        }
        return out
    }

    /// A self-contained HTML page: no external assets, inline CSS with print rules, a
    /// Content-Security-Policy that forbids scripts. The legend and the sources come first;
    /// the table spans the page width, scrolls sideways on a narrow screen with the feature
    /// column kept in view, and long machine names wrap.
    ///
    /// Cells are coloured as the terminal colours words: present green, absent plain and
    /// grey (absence is a fact, not an error), unknown yellow; the verdict row is green for
    /// satisfied, red for unsatisfied (the one error), yellow for undecided.
    /// - Parameters:
    ///   - table: The table.
    ///   - stamp: The tool and date shown under the title (and as the page's generator).
    /// - Returns: HTML text.
    public static func html(_ table: FeatureTable, stamp: ReportStamp? = nil) -> String {
        // Control and bidi-override characters become `?` (as in Markdown and CSV) so a
        // device name cannot reorder the text around it; then markup is escaped.
        func e(_ text: String) -> String { TerminalText.escapeMarkup(TerminalText.sanitize(text)) }
        var out = HTMLPage.start(
            title: "capcheck feature table", generator: stamp.map { e($0.generator) },
            style: #"""
                body { font: 14px/20px system-ui, sans-serif; margin: 2em; color: #111; background: #fff; }
                .scroll { overflow-x: auto; }
                table { border-collapse: separate; border-spacing: 0; width: 100%; border: solid #999; border-width: 1px 0 0 1px; }
                th, td { border: solid #999; border-width: 0 1px 1px 0; padding: .3em .6em; overflow-wrap: break-word; }
                thead th { background: #eee; vertical-align: bottom; min-width: 6em; overflow-wrap: anywhere; }
                thead th:first-child { min-width: 0; }
                tbody th { text-align: left; font-weight: normal; white-space: nowrap; }
                tbody th, thead th:first-child { position: sticky; left: 0; background: #fff; }
                thead th:first-child { background: #eee; }
                tr.verdict th { white-space: normal; overflow-wrap: anywhere; }
                tbody th code { display: block; }
                td.cell { text-align: center; }
                td.present { background: #e6f4e6; }
                td.absent { background: #fff; color: #666; }
                td.unknown { background: #fdf5d8; color: #6b5a00; }
                td.satisfied { background: #cdeccd; color: #0b4d0b; }
                td.unsatisfied { background: #f6d3d3; color: #7a0c0c; }
                td.undecided { background: #fbeab5; color: #5c4a00; }
                .stamp { color: #666; font-size: 90%; }
                code { font-size: 90%; color: #444; }
                tr.verdict th, tr.verdict td { font-weight: bold; border-top: 2px solid #333; }
                .legend, .sources { color: #444; }
                .sources li { overflow-wrap: anywhere; }
                @media (max-width: 600px) {
                  body { margin: .5em; font-size: 13px; line-height: 18px; }
                  h1 { font-size: 1.4em; }
                  th, td { padding: .2em .35em; }
                  tbody th { white-space: normal; }
                }
                @media print {
                  body { margin: 0; font-size: 9pt; }
                  .scroll { overflow: visible; }
                  table { width: 100%; page-break-inside: auto; border-collapse: collapse; }
                  thead { display: table-header-group; }
                  th, td { padding: .15em .3em; }
                  tbody th, thead th:first-child { position: static; }
                  td.present, td.absent, td.unknown, thead th { background: none; }
                  td.satisfied, td.unsatisfied, td.undecided { background: none; }
                  tr { page-break-inside: avoid; }
                }
                """# + "\n")
        out += "<h1>Hardware feature table</h1>\n"
        if let stamp {
            out +=
                "<p class=\"stamp\">Made by \(e(stamp.generator)) on "
                + "<time datetime=\"\(e(stamp.date))\">\(e(stamp.date))</time></p>\n"
        }
        out += "<p class=\"legend\">☑ present · ☐ absent · ? unknown (never read as absent)</p>\n"
        out += "<ul class=\"sources\">\n"
        for machine in table.machines {
            let partial = machine.complete ? "" : " (partial source: absence not proven)"
            out += "<li>\(e(machine.name)): \(e(machine.source))\(partial)</li>\n"
        }
        // Balanced columns: the machines share three quarters of the width equally, whatever
        // the length of their names; the feature column takes the rest.
        let share = table.machines.isEmpty ? 0 : 75.0 / Double(table.machines.count)
        let machineColumns = String(
            repeating: "<col style=\"width: \(cFormat("%.2f", share))%\">",
            count: table.machines.count)
        out +=
            "</ul>\n<div class=\"scroll\">\n<table>\n<colgroup><col>\(machineColumns)</colgroup>\n"
            + "<thead>\n<tr><th scope=\"col\">Feature</th>\n"
        for machine in table.machines { out += "<th scope=\"col\">\(e(machine.name))</th>" }
        out += "</tr>\n</thead>\n<tbody>\n"
        for row in table.rows {
            out += "<tr><th scope=\"row\">\(e(row.label)) <code>\(e(row.id))</code></th>"
            for cell in row.cells {
                let kind =
                    ["present", "absent", "unknown"].contains(cell)
                    ? cell : (cell.isEmpty ? "unknown" : "value")
                out +=
                    "<td class=\"cell \(kind)\" title=\"\(e(cell.isEmpty ? "unknown" : cell))\">\(e(glyph(cell)))</td>"
            }
            out += "</tr>\n"
        }
        if let manifest = table.manifest {
            out +=
                "<tr class=\"verdict\"><th scope=\"row\">Verdict <code>\(e(manifest))</code></th>"
            for machine in table.machines {
                let verdict = machine.verdict.map { " class=\"\(e($0))\"" } ?? ""
                out += "<td\(verdict)>\(e(verdictCell(machine)))</td>"
            }
            out += "</tr>\n"
        }
        out += "</tbody>\n</table>\n</div>\n</body>\n</html>\n"
        return out
    }
}
