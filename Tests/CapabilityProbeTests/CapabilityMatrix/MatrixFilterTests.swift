import Foundation
import CapabilitySupport
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityRendering

@Suite struct MatrixFilterTests {
    static func manifest(_ json: String) throws -> ManifestRowEvaluator {
        ManifestRowEvaluator(
            manifest: try ManifestLoader.load(data: Data(json.utf8), path: "m.json"))
    }

    static let table = """
        # source: test
        Device,Family,GPS,Gyroscope,Cellular
        Known,F,yes,yes,yes
        Blank GPS,F,,yes,no
        No GPS,G,no,yes,no
        Twin of Known,G,yes,yes,yes
        """

    @Test func neverCountsABlankCellAsNo() throws {
        let matrix = try MatrixParser.parse(text: Self.table, path: "t.csv")
        let result = MatrixFilter.evaluate(
            matrix, with: try Self.manifest(#"{"version": 1, "require": ["location.gnss"]}"#))
        #expect(result.rows.map(\.verdict) == [.eligible, .undecided, .excluded, .eligible])
        #expect(result.rows[1].unknown.map(\.key) == ["location.gnss"])
        #expect(result.rows[1].failing.isEmpty)
        #expect(MatrixRenderer.reasons(result.rows[1]) == "the table does not say: location.gnss")
        #expect(result.rows[2].failing.first?.reason == "the table says no (rule: location.gnss)")
    }

    @Test func leavesACapabilityWithoutAColumnUndecided() throws {
        let matrix = try MatrixParser.parse(text: Self.table, path: "t.csv")
        let result = MatrixFilter.evaluate(
            matrix, with: try Self.manifest(#"{"version": 1, "require": ["nfc"]}"#))
        #expect(result.rows.allSatisfy { $0.verdict == .undecided })
    }

    @Test func excludesRowsWithAForbiddenCapability() throws {
        let matrix = try MatrixParser.parse(text: Self.table, path: "t.csv")
        let result = MatrixFilter.evaluate(
            matrix, with: try Self.manifest(#"{"version": 1, "forbid": ["cellular"]}"#))
        #expect(result.rows.map(\.verdict) == [.excluded, .eligible, .eligible, .excluded])
        #expect(result.rows[0].failing.map(\.playWording) == ["has excluded feature: cellular"])
    }

    @Test func givesEqualRowsTheirOwnNames() throws {
        let matrix = try MatrixParser.parse(text: Self.table, path: "t.csv")
        let result = MatrixFilter.evaluate(
            matrix, with: try Self.manifest(#"{"version": 1, "require": ["cellular"]}"#))
        #expect(result.rows.map(\.name) == ["Known", "Blank GPS", "No GPS", "Twin of Known"])
        #expect(result.rows.map(\.family) == ["F", "F", "G", "G"])
        #expect(result.rows.map(\.line) == [3, 4, 5, 6])
        #expect(
            result.families.map(\.sentence) == [
                "F: 1 of 2 eligible (1 excluded)", "G: 1 of 2 eligible (1 excluded)",
            ])
    }

    @Test func keepsImpliedParentsWhenRowsShareAnEvaluation() throws {
        let matrix = try MatrixParser.parse(
            text: "Device,Camera,Front Camera,GPS\nA,,yes,yes\nB,,no,no\nC,,yes,no\nD,no,,yes\n",
            path: "t.csv")
        let evaluator = try Self.manifest(#"{"version": 1, "require": ["camera.any"]}"#)
        let result = MatrixFilter.evaluate(matrix, with: evaluator)
        #expect(result == MatrixFilter.evaluateEachRow(matrix, with: evaluator))
        #expect(result.rows.map(\.verdict) == [.eligible, .undecided, .eligible, .excluded])
    }

    @Test func impliesParentsFromDefiniteCells() throws {
        let matrix = try MatrixParser.parse(
            text: "Device,GPS,Camera,Front Camera\nA,yes,no,\nB,no,,yes\n", path: "t.csv")
        let builder = MatrixReportBuilder(matrix: matrix)
        let a = builder.report(for: matrix.rows[0])
        #expect(a.finding("location.any")?.status == .present)
        #expect(a.finding("camera.front")?.status == .absent)
        #expect(a.finding("camera.video")?.status == .absent)
        let b = builder.report(for: matrix.rows[1])
        #expect(b.finding("location.any") == nil)
        #expect(b.finding("camera.any")?.status == .present)
    }

    @Test func turnsValueColumnsIntoContractDetails() throws {
        let matrix = try MatrixParser.parse(contentsOf: Fixtures.path("matrix/phones.csv"))
        let report = MatrixReportBuilder(matrix: matrix).report(for: matrix.rows[0])
        #expect(report.finding("camera.any")?.details["megapixels"] == .double(12))
        #expect(report.finding("camera.any")?.status == .present)
        #expect(report.finding("camera.video")?.details["modes"] == .array(["1920x1080@30"]))
        #expect(report.finding("memory.total")?.details["bytes"] == .int(4 * 1_073_741_824))
        let result = MatrixFilter.evaluate(
            matrix,
            with: try Self.manifest(
                #"{"version": 1, "require": ["memory.total >= 3GiB", "camera.megapixels >= 5"]}"#))
        #expect(result.rows.map(\.verdict) == [.eligible, .excluded, .undecided])
        #expect(result.rows[1].failing.map(\.key) == ["memory.total >= 3GiB"])
    }

    @Test(arguments: [
        ("720p at 30fps", "1280x720@30"), ("VGA at 30fps", "640x480@30"),
        ("360p at 30fps", "640x360@30"),
        ("1920×1080 29.97fps", "1920x1080@30"), ("1280x720@60", "1280x720@60"),
    ])
    func readsVideoModesAsPrinted(text: String, mode: String) throws {
        #expect(try MatrixValueParser.videoMode(text)?.text == mode)
    }

    @Test func readsAmountsOfMemory() throws {
        #expect(try MatrixValueParser.bytes("512 MB") == 512 * 1_048_576)
        #expect(try MatrixValueParser.bytes("4GiB") == 4 * 1_073_741_824)
        #expect(try MatrixValueParser.bytes("1000") == 1000)
        #expect(throws: InputProblem.self) { try MatrixValueParser.bytes("4 parsecs") }
    }
}
