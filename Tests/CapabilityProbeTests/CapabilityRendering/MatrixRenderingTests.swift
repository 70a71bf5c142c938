import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRendering

/// The matrix text renderer and the HTML page's layout rules.
@Suite struct MatrixRenderingTests {
    static func result(_ table: String) throws -> MatrixResult {
        let matrix = try MatrixParser.parse(text: table, path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(#"{"version": 1, "require": ["sensor.gyroscope"]}"#.utf8), path: "m.json")
        return MatrixFilter.evaluate(
            matrix, with: ManifestRowEvaluator(manifest: manifest), manifest: "m.json")
    }

    @Test func summarisesFamiliesOnlyWhenATableGroupsRows() throws {
        let grouped = MatrixRenderer.text(
            try Self.result("Device,Family,Gyroscope\nA,F,yes\nB,F,no\nC,G,yes\n"))
        #expect(
            grouped.contains(
                "\nFamilies\n  F: 1 of 2 eligible (1 excluded)\n  G: 1 of 1 eligible\n"))
        let flat = MatrixRenderer.text(try Self.result("Device,Gyroscope\nA,yes\nB,no\nC,\n"))
        #expect(!flat.contains("Families"))
        #expect(
            flat.hasSuffix(
                "C           undecided  the table does not say: sensor.gyroscope\n\n1 of 3 rows eligible, 1 excluded, 1 undecided\n"
            ))
    }

    @Test func textJSONAndCSVStreamInPiecesThatEndAfterWholeRows() throws {
        let rows = (0..<300).map { "D\($0),F\($0 % 7),\(["yes", "no", ""][$0 % 3])" }
        let result = try Self.result(
            "Device,Family,Gyroscope\n" + rows.joined(separator: "\n") + "\n")
        // Text and CSV pieces end a line; JSON pieces end a row's object.
        let whole: [(String, UInt8, (Int, ([UInt8]) -> Void) -> Void)] = [
            (
                MatrixRenderer.text(result), 0x0A,
                { MatrixRenderer.writeText(result, pieceSize: $0, piece: $1) }
            ),
            (
                try MatrixJSONWriter.json(result), UInt8(ascii: "}"),
                { try? MatrixJSONWriter.write(result, pieceSize: $0, to: $1) }
            ),
            (
                MatrixRenderer.csv(result), 0x0A,
                { MatrixRenderer.writeCSV(result, pieceSize: $0, piece: $1) }
            ),
        ]
        for (text, end, write) in whole {
            var pieces: [[UInt8]] = []
            write(512) { pieces.append($0) }
            #expect(pieces.count > 10)
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == text)
            // Every piece but the last ends a row; after the first (the header and, in JSON,
            // the families) none is much larger than asked for.
            #expect(pieces.dropLast().allSatisfy { $0.last == end })
            #expect(pieces.dropFirst().allSatisfy { $0.count < 512 + 400 })
        }
    }

    @Test func sanitisesHostileRowNamesAndProvenanceForTheTerminal() throws {
        let text = MatrixRenderer.text(
            try Self.result(
                "# source: \u{1b}]0;owned\u{7}\nDevice,Gyroscope\n\"\u{1b}[2J\u{202e}evil\",yes\n"))
        #expect(!text.contains("\u{1b}") && !text.contains("\u{7}") && !text.contains("\u{202e}"))
        #expect(text.contains("Provenance source: ?]0;owned?\n"))
        #expect(text.contains("?[2J?evil"))
    }

    @Test func neutralisesBidiOverridesInTheHTMLPage() throws {
        let name = "abc\u{202e}fdp.exe"
        let report = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, path: "evil.json", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(model: name), capabilities: [], devices: [])
        let html = FeatureTableRenderer.html(FeatureTable(machines: [(name, report)]))
        #expect(!html.contains("\u{202e}"))
        #expect(html.contains("<th scope=\"col\">abc?fdp.exe</th>"))
    }

    @Test func printsTheHTMLTableAcrossThePageWidthWithItsHeaderOnEveryPage() throws {
        let html = FeatureTableRenderer.html(FeatureTable(machines: []))
        let print = try #require(html.range(of: "@media print {")).upperBound
        let rules = String(html[print...].prefix { $0 != "<" })
        #expect(rules.contains("table { width: 100%;"))
        #expect(rules.contains("thead { display: table-header-group; }"))
        #expect(rules.contains("tr { page-break-inside: avoid; }"))
        #expect(html.contains("overflow-wrap: anywhere"))
    }
}

/// The Markdown `Id` column escapes what it prints: capability ids are a closed set now, but a
/// row's id and label are plain strings to the renderer, so a hostile one stays in its cell.
@Suite struct FeatureTableIdentifierTests {
    @Test func keepsAHostileRowIdInsideItsMarkdownCell() throws {
        let id = "x` | <img src=x onerror=alert(1)> `"
        let report = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, path: "evil.json", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(model: "M"),
            capabilities: [CapabilityFinding(id: .nfc, status: .present, count: 1)], devices: [])
        var table = FeatureTable(machines: [("M", report)])
        table.rows.append(FeatureTable.Row(id: id, label: id, cells: ["present"]))
        let markdown = FeatureTableRenderer.markdown(table)
        let line = try #require(markdown.split(separator: "\n").first { $0.contains("onerror") })
        #expect(!line.contains("<img"))
        #expect(line.replacingOccurrences(of: "\\|", with: "").split(separator: "|").count == 3)
        #expect(markdown.contains("| `cellular` |"))
    }

    @Test func aSnapshotWithAnUnknownCapabilityIdIsNotACapabilityReport() {
        let json =
            #"{"id": "x` | <img>", "status": "present", "count": 1, "evidence": [], "details": {}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CapabilityFinding.self, from: Data(json.utf8))
        }
    }
}
