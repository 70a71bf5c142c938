import Foundation
import Testing

@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel

/// Large tables are read and evaluated as two halves on two threads; what comes out must be
/// what one pass from start to end gives: rows, lines, provenance, the first error, verdicts.
@Suite struct MatrixParallelReadTests {
    /// A table of `rows` rows (over 1 MiB from about 25 000), with a provenance line in its
    /// second half and, at `bad`, a cell that is no yes/no spelling.
    static func table(rows: Int, quoteFirstName: Bool = false, bad: [Int] = []) -> String {
        var lines = ["# source: generated for MatrixParallelReadTests"]
        lines.append(
            "Device,Family,GPS,Gyroscope,Cellular,WiFi,Bluetooth,Camera,StillMegapixels,Notes")
        let cells = ["yes", "no", "", "yes", "no"]
        for row in 0..<rows {
            if row == rows * 3 / 4 { lines.append("# date: 2026-12-02") }
            let name = row == 0 && quoteFirstName ? "\"Device 0\"" : "Device \(row)"
            let gps = bad.contains(row) ? "maybe" : cells[row % 5]
            lines.append(
                "\(name),Family \(row % 97),\(gps),\(cells[(row / 5) % 5]),\(cells[(row / 25) % 5]),"
                    + "yes,no,yes,\([0.3, 5.0, 12.0][row % 3]),padding text for size \(row)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aLargeTableReadInTwoHalvesEqualsOneReadFromStartToEnd() throws {
        let parallel = Array(Self.table(rows: 30_000).utf8)
        #expect(parallel.count >= MatrixParser.parallelMinimumBytes)
        // A quote anywhere keeps the read sequential (a quoted field may hold line breaks).
        let sequential = Array(Self.table(rows: 30_000, quoteFirstName: true).utf8)
        var reader = CSVReader(bytes: parallel, path: "t.csv")
        #expect(reader.split(minimum: 1) != nil)
        reader = CSVReader(bytes: sequential, path: "t.csv")
        #expect(reader.split(minimum: 1) == nil)
        let two = try MatrixParser.parse(parallel, path: "t.csv")
        let one = try MatrixParser.parse(sequential, path: "t.csv")
        #expect(two == one)
        #expect(two.rows.count == 30_000)
        #expect(two.rows.last?.line == 30_003)  // 2 lines above, 1 provenance line among the rows
        #expect(
            two.provenance == ["source: generated for MatrixParallelReadTests", "date: 2026-12-02"])
    }

    @Test(arguments: [[100], [29_000], [100, 29_000]])
    func theFirstBadCellIsReportedWhicheverHalfHoldsIt(bad: [Int]) throws {
        // Two lines above the rows, and a provenance line before row 22 500.
        let line = bad[0] + 3 + (bad[0] >= 22_500 ? 1 : 0)
        let expected = "t.csv:\(line): column 'GPS': 'maybe' is not \(MatrixCell.spellings)"
        for quote in [false, true] {
            let bytes = Array(Self.table(rows: 30_000, quoteFirstName: quote, bad: bad).utf8)
            #expect {
                _ = try MatrixParser.parse(bytes, path: "t.csv")
            } throws: { error in
                (error as? MatrixError)?.description == expected
            }
        }
    }

    @Test func twoHalvesEvaluateAsOnePass() throws {
        let matrix = try MatrixParser.parse(Array(Self.table(rows: 30_000).utf8), path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(
                #"{"version": 1, "require": ["location.gnss", "camera.megapixels >= 5"], "forbid": ["cellular"]}"#
                    .utf8), path: "m.json")
        let evaluator = ManifestRowEvaluator(manifest: manifest)
        let whole = MatrixFilter.evaluate(matrix, with: evaluator)
        // Each part is under the parallel minimum, so each is one sequential pass.
        var parts: [MatrixRowResult] = []
        for range in [0..<15_000, 15_000..<30_000] {
            var part = matrix
            part.rows = Array(matrix.rows[range])
            parts += MatrixFilter.evaluate(part, with: evaluator).rows
        }
        #expect(matrix.rows.count >= MatrixFilter.parallelMinimumRows)
        #expect(whole.rows == parts)
        #expect(Set(whole.rows.map(\.verdict)).count == 3)
    }

    @Test func halvesShareEvaluationsWhateverOrderTheirValuesFirstAppearIn() throws {
        // The first half meets the megapixel values in one order, the second in another, so
        // anything numbered by first appearance differs between the halves.
        let orders = [["0.3", "5.0", "12.0"], ["12.0", "0.3", "5.0"]]
        var lines = ["Device,GPS,Cellular,StillMegapixels"]
        for row in 0..<30_000 {
            let order = orders[row < 15_000 ? 0 : 1]
            lines.append(
                "Device \(row),\(["yes", "no", ""][row % 3]),\(["no", "yes"][(row / 3) % 2]),"
                    + order[(row % 15_000 / 6) % 3])
        }
        let matrix = try MatrixParser.parse(text: lines.joined(separator: "\n"), path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(
                #"{"version": 1, "require": ["location.gnss", "camera.megapixels >= 5"], "forbid": ["cellular"]}"#
                    .utf8), path: "m.json")
        let evaluator = ManifestRowEvaluator(manifest: manifest)
        #expect(matrix.rows.count >= MatrixFilter.parallelMinimumRows)
        let shared = MatrixFilter.evaluate(matrix, with: evaluator)
        let each = MatrixFilter.evaluateEachRow(matrix, with: evaluator)
        // The first row that differs, not 30 000 rows, if they do.
        #expect(shared.rows.count == each.rows.count)
        #expect(zip(shared.rows, each.rows).first { $0 != $1 }.map(\.0.name) == nil)
        #expect(Set(shared.rows.map(\.verdict)).count == 3)
    }

    @Test func familiesFirstSeenInTheSecondHalfFollowTheFirstHalfsAsInOnePass() throws {
        // Rows 15 000 on bring families the first half never met, between rows of old ones.
        var lines = ["Device,Family,GPS"]
        for row in 0..<30_000 {
            let family = row < 15_000 || row % 2 == 0 ? "Early \(row % 3)" : "Late \(row % 4)"
            lines.append("Device \(row),\(family),\(["yes", "no", ""][row % 3])")
        }
        let matrix = try MatrixParser.parse(text: lines.joined(separator: "\n"), path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(#"{"version": 1, "require": ["location.gnss"]}"#.utf8), path: "m.json")
        let result = MatrixFilter.evaluate(matrix, with: ManifestRowEvaluator(manifest: manifest))
        #expect(matrix.rows.count >= MatrixFilter.parallelMinimumRows)
        // The summaries one pass over the rows counts.
        let onePass = MatrixResult(
            matrix: result.matrix, provenance: result.provenance, manifest: nil, rows: result.rows)
        #expect(
            result.families.map(\.family) == ["Early 0", "Early 1", "Early 2", "Late 1", "Late 3"])
        #expect(result.families == onePass.families)
        #expect(result.totals == onePass.totals)
        #expect(result.totals.total == 30_000)
    }
}
