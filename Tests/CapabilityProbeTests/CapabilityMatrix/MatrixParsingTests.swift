import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel

@Suite struct MatrixParsingTests {
    static let forms = ["phones.csv", "phones.md", "phones.json"]

    @Test(arguments: forms)
    func readsEveryTableForm(file: String) throws {
        let matrix = try MatrixParser.parse(contentsOf: Fixtures.path("matrix/\(file)"))
        #expect(
            matrix.provenance == ["source: written by hand for capcheck tests", "date: 2026-11"])
        #expect(matrix.rows.map(\.name) == ["Phone A, 64 GB", "Phone A Lite", "Tablet B"])
        #expect(matrix.rows.map(\.family) == ["Phone A", "Phone A", "Tablet B"])
        #expect(matrix.hasFamily)
        let ids = matrix.capabilityIDs
        #expect(Set(ids) == ["location.gnss", "sensor.gyroscope", "camera.front", "camera.video"])
        func cell(_ row: Int, _ id: CapabilityID) -> MatrixCell? {
            ids.firstIndex(of: id).map { matrix.rows[row].cells[$0] }
        }
        #expect(cell(0, "location.gnss") == .yes)
        #expect(cell(0, "sensor.gyroscope") == .yes)
        #expect(cell(0, "camera.front") == .yes)
        #expect(cell(1, "location.gnss") == .no)
        #expect(cell(1, "sensor.gyroscope") == .no)
        #expect(cell(1, "camera.video") == .no)
        #expect(cell(2, "location.gnss") == .unknown)
        #expect(cell(2, "sensor.gyroscope") == .unknown)
        #expect(cell(2, "camera.front") == .unknown)
        let notes = matrix.valueKinds.firstIndex(of: .notes).map { matrix.rows[0].values[$0] }
        #expect(notes == "says \"flagship\"")
    }

    @Test func theThreeFormsGiveTheSameRows() throws {
        let matrices = try Self.forms.map {
            try MatrixParser.parse(contentsOf: Fixtures.path("matrix/\($0)"))
        }
        func normalized(_ matrix: DeviceMatrix) -> [String: [String: String]] {
            var rows: [String: [String: String]] = [:]
            for row in matrix.rows {
                var cells: [String: String] = ["family": row.family ?? ""]
                for (index, id) in matrix.capabilityIDs.enumerated() {
                    cells[id.rawValue] = "\(row.cells[index])"
                }
                for (index, kind) in matrix.valueKinds.enumerated() {
                    cells[kind.rawValue] = row.values[index]
                }
                rows[row.name] = cells
            }
            return rows
        }
        #expect(normalized(matrices[0]) == normalized(matrices[1]))
        // JSON numbers print as Swift doubles ("8.0"); the synthetic reports are equal.
        for index in matrices[0].rows.indices {
            let csvReport = MatrixReportBuilder(matrix: matrices[0]).report(
                for: matrices[0].rows[index])
            let jsonReport = MatrixReportBuilder(matrix: matrices[2]).report(
                for: matrices[2].rows[index])
            #expect(csvReport.capabilities == jsonReport.capabilities)
        }
    }

    @Test(arguments: [
        ("yes", MatrixCell.yes), ("Yes", .yes), ("y", .yes), ("true", .yes), ("TRUE", .yes),
        ("1", .yes),
        ("☑", .yes), ("✔", .yes), ("✓", .yes), ("no", .no), ("N", .no), ("false", .no), ("0", .no),
        ("☐", .no), ("✘", .no), ("✗", .no), ("", .unknown), ("  ", .unknown), ("unknown", .unknown),
        ("?", .unknown), ("n/a", .unknown),
    ])
    func readsEveryCellSpelling(text: String, cell: MatrixCell) {
        #expect(MatrixCell(parsing: text) == cell)
    }

    @Test(arguments: ["maybe", "x", "-", "yes please", "2"])
    func rejectsAnUnknownCellSpellingWithItsLine(text: String) {
        let table = "Device,GPS\nPhone,\(text)\n"
        #expect(MatrixCell(parsing: text) == nil)
        #expect(throws: MatrixError.self) { try MatrixParser.parse(text: table, path: "t.csv") }
        do {
            _ = try MatrixParser.parse(text: table, path: "t.csv")
        } catch {
            #expect(error.description.hasPrefix("t.csv:2: column 'GPS': '\(text)' is not"))
        }
    }

    /// manifests.md §4.3: seed matrix columns → capcheck ids.
    @Test(arguments: [
        ("Cellular", "cellular"), ("WiFi", "net.wifi"), ("Bluetooth", "bluetooth"),
        ("Speaker", "audio.output"),
        ("Audio In", "audio.input"), ("Accelerometer", "sensor.accelerometer"),
        ("Magnetometer", "sensor.magnetometer"),
        ("Gyroscope", "sensor.gyroscope"), ("GPS", "location.gnss"),
        ("Proximity Sensor", "sensor.proximity"),
        ("Camera", "camera.any"), ("Video", "camera.video"), ("Vibration", "haptics.vibration"),
        ("audio-in", "audio.input"), ("PROXIMITY_SENSOR", "sensor.proximity"),
        ("front-facing-camera", "camera.front"),
        ("still-camera", "camera.any"), ("video-camera", "camera.video"), ("telephony", "cellular"),
        ("android.hardware.sensor.compass", "sensor.magnetometer"),
        ("camera.autofocus", "camera.autofocus"),
        ("cpu.arch.x86_64", "cpu.arch.x86_64"), ("armv7", "cpu.arch.armv7"),
    ])
    func mapsEveryKnownAliasToItsCapability(header: String, id: CapabilityID) {
        #expect(MatrixHeaders.role(of: header) == .capability(id))
    }

    @Test func everySeedHeaderIsKnown() throws {
        let matrix = try MatrixParser.parse(
            text: try Fixtures.text("data/seed-device-matrix.csv"), path: "seed")
        #expect(matrix.capabilityColumns.count == 13)
        #expect(matrix.rows.count == 12)
        #expect(matrix.nameHeader == "Device")
    }

    @Test func keepsAppleKeysWithoutLinuxMeaningAsIgnoredColumns() throws {
        let matrix = try MatrixParser.parse(
            text: try Fixtures.text("data/apple-device-compatibility-2017-partial.csv"),
            path: "apple")
        #expect(matrix.rows.count == 10)
        #expect(matrix.ignoredColumns.map(\.header).contains("metal"))
        #expect(matrix.capabilityIDs.contains("camera.front"))
        #expect(matrix.provenance.count == 3)
    }

    @Test(arguments: [
        ("Gyroscop", "'Gyroscope' (sensor.gyroscope)"),
        ("Proximty Sensor", "'Proximity Sensor' (sensor.proximity)"),
        ("camera.fornt", "'camera.front'"), ("Audio Inn", "'Audio In' (audio.input)"),
    ])
    func namesTheNearestAliasForAnUnknownHeader(header: String, suggestion: String) {
        #expect(
            throws: MatrixError.unknownHeader(
                path: "t.csv", line: 2, header: header, suggestion: suggestion)
        ) {
            try MatrixParser.parse(
                text: "# provenance\nDevice,\(header)\nPhone,yes\n", path: "t.csv")
        }
    }

    @Test func saysNothingWhenNoAliasIsNear() {
        #expect(
            throws: MatrixError.unknownHeader(
                path: "t.md", line: 1, header: "Teleporter", suggestion: nil)
        ) {
            try MatrixParser.parse(
                text: "| Device | Teleporter |\n|---|---|\n| A | yes |\n", path: "t.md")
        }
    }

    @Test(arguments: [
        "\u{feff}| Device | Gyroscope |\n|---|---|\n| A | yes |\n",
        "\u{feff}# source: s\nDevice,Gyroscope\nA,yes\n",
        "\u{feff}{\"rows\": [{\"name\": \"A\", \"Gyroscope\": true}]}",
    ])
    func skipsAByteOrderMark(text: String) throws {
        let matrix = try MatrixParser.parse(text: text, path: "bom")
        #expect(matrix.rows.map(\.name) == ["A"])
        #expect(matrix.rows.first?.cells == [.yes])
    }

    @Test func saysACameraTableIsNotADeviceTable() throws {
        let text = try Fixtures.text("data/seed-camera-table.csv")
        let error = #expect(
            throws: MatrixError.cameraTable(
                path: "cams.csv", line: 3, header: "Focus", joinedIn: "ios-2011")
        ) {
            try MatrixParser.parse(text: text, path: "cams.csv")
        }
        #expect(
            error?.description.hasPrefix(
                "cams.csv:3: unknown column 'Focus': this is a camera table") == true)
        #expect(error?.description.contains("--") == false)
    }

    @Test func readsRFC4180QuotingAcrossLines() throws {
        let text =
            "Device,GPS,Notes\r\n\"Phone \"\"X\"\", 5G\",yes,\"two\r\nlines, one comma\"\r\nPlain,no,\r\n"
        let matrix = try MatrixParser.parse(text: text, path: "q.csv")
        #expect(matrix.rows.map(\.name) == ["Phone \"X\", 5G", "Plain"])
        #expect(matrix.rows[0].values == ["two\r\nlines, one comma"])
        #expect(matrix.rows[1].line == 4)
    }

    @Test(arguments: [
        ("Device,GPS\nPhone,yes,no\n", "t.csv:2: 3 fields, the header has 2"),
        ("Device,GPS\n\"Phone,yes\n", "t.csv:2: a quoted field is never closed"),
        ("Device,GPS\n\"Phone\"x,yes\n", "t.csv:2: text after a closing quote in field 1"),
        (
            "Device,GPS,location.gnss\nPhone,yes,yes\n",
            "t.csv:1: columns 'GPS' and 'location.gnss' both give location.gnss"
        ),
        ("Device,GPS\n,yes\n", "t.csv:2: the row has no name in its first column"),
        (
            "Device,StillMegapixels\nPhone,lots\n",
            "t.csv:2: column 'StillMegapixels': 'lots' is not a number"
        ),
        (
            "Device,VideoMode\nPhone,HD at fast\n",
            "t.csv:2: column 'VideoMode': 'HD at fast' is not a video mode like '720p at 30fps' or '1280x720@30'"
        ),
        ("# only provenance\n", "t.csv: no table header found"),
        ("Device,Notes\n\"Phone\nA,yes\n", "t.csv:2: a quoted field is never closed"),
        ("Device,Notes\nA,\"two\nlines\"x\n", "t.csv:3: text after a closing quote in field 2"),
        ("Device,Family,family\nA,B,C\n", "t.csv:1: column 'Family' appears twice"),
        ("Device,GPS,,Notes\nA,yes,,\n", "t.csv:1: column 3 has no header"),
        ("[{\"name\": \"A\"}, 3]", "t.csv: rows[1]: expected an object"),
        ("{\"provenance\": \"p\"}", "t.csv: rows: missing (expected an array of objects)"),
        ("[{\"Phone\": \"A\"}]", "t.csv: rows: no 'name' key in any row"),
    ])
    func reportsBadTablesWithFileAndLine(text: String, message: String) {
        do {
            _ = try MatrixParser.parse(text: text, path: "t.csv")
            Issue.record("parsed a bad table")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func detectsTheFormatByContent() {
        #expect(MatrixFormat.detect(Array("# a\n{\"rows\": []}".utf8)) == .json)
        #expect(MatrixFormat.detect(Array("# a\nSome prose.\n\n| a | b |\n".utf8)) == .markdown)
        #expect(MatrixFormat.detect(Array("Device,GPS\n| odd,yes\n".utf8)) == .csv)
    }

    @Test func readsAJSONArrayOfRows() throws {
        let text =
            #"[{"model": "A", "gps": true, "memory.total.bytes": 4294967296}, {"model": "B", "gps": null}]"#
        let matrix = try MatrixParser.parse(text: text, path: "rows.json")
        #expect(matrix.rows.map(\.name) == ["A", "B"])
        #expect(matrix.rows.map(\.cells) == [[.yes], [.unknown]])
        let report = MatrixReportBuilder(matrix: matrix).report(for: matrix.rows[0])
        #expect(report.finding("memory.total")?.details["bytes"] == .int(4_294_967_296))
    }

    @Test func readsJSONProvenanceObjectsAndDeclaredColumns() throws {
        let text =
            #"{"provenance": {"source": "s", "date": "d"}, "columns": ["GPS"], "rows": [{"name": "A", "GPS": true, "Notes": "x"}]}"#
        let matrix = try MatrixParser.parse(text: text, path: "p.json")
        #expect(matrix.provenance == ["date: d", "source: s"])
        #expect(matrix.capabilityIDs == ["location.gnss"])
        #expect(matrix.valueColumns.isEmpty)
        #expect(matrix.rows.map(\.cells) == [[.yes]])
    }

    @Test func refusesAJSONDocumentThatIsNeitherRowsNorAnObject() {
        #expect(
            throws: MatrixError.malformed(
                path: "t.json", line: nil,
                reason: "top level: expected an object with 'rows' or an array of rows")
        ) {
            try MatrixParser.parse(text: "\"rows\"", path: "t.json", format: .json)
        }
    }

    @Test func reportsABadJSONRowByIndex() {
        do {
            _ = try MatrixParser.parse(
                text: #"{"rows": [{"name": "A", "GPS": "often"}]}"#, path: "r.json")
            Issue.record("parsed a bad row")
        } catch {
            #expect(error.description.hasPrefix("r.json: rows[0]: column 'GPS': 'often' is not"))
        }
    }
}
