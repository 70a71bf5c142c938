import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRecordings
@testable import CapabilityRendering

@Suite struct ReportRenderingTests {
    /// Two machines built in memory (the probers are not involved): a laptop with a full
    /// source and a board read from a partial dump.
    static func table(withVerdict: Bool = true) throws -> FeatureTable {
        let laptop = CapabilityReport(
            source: SourceInfo(
                kind: .udevadm, path: "LENOVO_T430S.txt", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(vendor: "LENOVO", model: "ThinkPad T430s"),
            capabilities: [
                CapabilityFinding(
                    id: .cameraAny, status: .present, count: 1, details: ["megapixels": 0.92]),
                CapabilityFinding(
                    id: .cameraVideo, status: .present, count: 1,
                    details: ["modes": .array(["1280x720@30", "640x480@30"])]),
                CapabilityFinding(id: .audioInput, status: .present, count: 1),
                CapabilityFinding(id: .audioOutput, status: .present, count: 1),
                CapabilityFinding(id: .netWiFi, status: .present, count: 1),
                CapabilityFinding(id: .bluetooth, status: .present, count: 1),
                CapabilityFinding(id: .cellular, status: .present, count: 1),
                CapabilityFinding(id: .locationGNSS, status: .unknown),
                CapabilityFinding(id: .sensorGyroscope, status: .absent),
                CapabilityFinding(
                    id: .memoryTotal, status: .present, count: 2,
                    details: ["bytes": .int(8 * 1_073_741_824)]),
                CapabilityFinding(id: .gpu, status: .present, count: 1),
            ], devices: [])
        let board = CapabilityReport(
            source: SourceInfo(
                kind: .umockdev, path: "RPI3B.umockdev", udevDatabase: true, attributes: true,
                complete: false),
            machine: MachineIdentity(model: "Raspberry Pi 3 Model B Rev 1.2"),
            capabilities: [
                CapabilityFinding(id: .netWiFi, status: .present, count: 1),
                CapabilityFinding(id: .bluetooth, status: .present, count: 1),
                CapabilityFinding(id: .cameraAny, status: .unknown),
                CapabilityFinding(id: .sensorGyroscope, status: .unknown),
                CapabilityFinding(
                    id: .memoryTotal, status: .present, count: 1,
                    details: ["bytes": .int(1_073_741_824)]),
            ], devices: [])
        guard withVerdict else {
            return FeatureTable(machines: [
                ("LENOVO ThinkPad T430s", laptop), ("Raspberry Pi 3", board),
            ])
        }
        let manifest = try ManifestLoader.load(
            data: Data(
                #"{"version": 1, "require": ["net.wifi", "camera.any", "memory.total >= 4GiB"]}"#
                    .utf8),
            path: "needs.json")
        let evaluator = ManifestRowEvaluator(manifest: manifest)
        return FeatureTable(
            machines: [("LENOVO ThinkPad T430s", laptop), ("Raspberry Pi 3", board)],
            verdicts: [evaluator.evaluate(laptop), evaluator.evaluate(board)],
            manifest: "needs.json")
    }

    @Test(arguments: FeatureTableRenderer.Format.allCases)
    func rendersTheGoldenFeatureTable(format: FeatureTableRenderer.Format) throws {
        let text = try FeatureTableRenderer.render(try Self.table(), as: format)
        try ReportGolden.check(text, "report-two-machines.\(format.rawValue)")
    }

    @Test func drawsTheSeedFeaturesFirstWithTheSeedsGlyphs() throws {
        let table = try Self.table(withVerdict: false)
        #expect(Array(table.rows.prefix(13).map(\.label)) == FeatureTable.seedFeatures.map(\.label))
        let gyroscope = try #require(table.rows.first { $0.id == "sensor.gyroscope" })
        #expect(gyroscope.cells.map(FeatureTableRenderer.glyph) == ["☐", "?"])
        let gps = try #require(table.rows.first { $0.id == "location.gnss" })
        #expect(gps.cells.map(FeatureTableRenderer.glyph) == ["?", "?"])
        #expect(table.rows.contains { $0.id == "gpu" })
        #expect(table.rows.first { $0.id == "memory.total:bytes" }?.cells == ["8 GiB", "1 GiB"])
        #expect(!FeatureTableRenderer.markdown(table).contains("Verdict"))
    }

    @Test func givesTheVerdictAndItsKeysPerMachine() throws {
        let table = try Self.table()
        #expect(table.machines.map(\.verdict) == ["satisfied", "unsatisfied"])
        #expect(table.machines[1].verdictKeys == ["memory.total >= 4GiB"])
    }

    static let hostile = "<script>alert(1)</script>\u{1b}[31m | \"q\" & 'a'\u{7}\nnext"

    @Test func escapesAHostileMachineNameInHTML() throws {
        let report = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, path: "evil.json", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(model: Self.hostile), capabilities: [], devices: [])
        let html = FeatureTableRenderer.html(FeatureTable(machines: [(Self.hostile, report)]))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("\u{1b}"))
        #expect(!html.contains("\u{7}"))
        #expect(html.contains("&quot;q&quot; &amp; &#39;a&#39;"))
        #expect(
            !html.contains("<link") && !html.contains("src=") && !html.contains("http://")
                && !html.contains("https://"))
        #expect(html.contains("@media print"))
    }

    @Test func escapesAHostileMachineNameInMarkdownAndCSV() throws {
        let report = CapabilityReport(
            source: SourceInfo(
                kind: .snapshot, path: "evil.json", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(model: Self.hostile), capabilities: [], devices: [])
        let table = FeatureTable(machines: [(Self.hostile, report)])
        let markdown = FeatureTableRenderer.markdown(table)
        let header = try #require(markdown.split(separator: "\n").first)
        #expect(header.components(separatedBy: " | ").count == 3)
        #expect(
            header.contains("\\|") && header.contains("&lt;script&gt;")
                && !header.contains("\u{1b}"))
        let csv = FeatureTableRenderer.csv(table)
        let firstRecord = try #require(csv.split(separator: "\n").first)
        #expect(
            firstRecord.hasPrefix(
                "feature,id,\"<script>alert(1)</script>?[31m | \"\"q\"\" & 'a'? next\""))
        #expect(!csv.contains("\u{1b}"))
        #expect(CSVText.field("=HYPERLINK(\"x\")") == "\"'=HYPERLINK(\"\"x\"\")\"")
    }

    @Test func namesDuplicateMachinesApart() {
        let report = CapabilityReport(
            source: SourceInfo(kind: .live, udevDatabase: true, attributes: true, complete: true),
            machine: MachineIdentity(), capabilities: [], devices: [])
        let table = FeatureTable(machines: [("Bochs", report), ("Bochs", report)])
        #expect(table.machines.map(\.name) == ["Bochs", "Bochs (2)"])
    }

    @Test func rendersTheMatrixResultAsCSVWithProvenance() throws {
        let matrix = try MatrixParser.parse(
            text: "# source: t\nDevice,GPS\n\"=A, b\",no\n", path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(#"{"version": 1, "require": ["location.gnss"]}"#.utf8), path: "m.json")
        let result = MatrixFilter.evaluate(
            matrix, with: ManifestRowEvaluator(manifest: manifest), manifest: "m.json")
        #expect(
            MatrixRenderer.csv(result) == """
                # matrix: t.csv
                # source: t
                # manifest: m.json
                row,family,verdict,failing,unknown,reasons
                "'=A, b","'=A, b",excluded,location.gnss,,doesn't support required feature: location.gnss

                """)
    }
}
