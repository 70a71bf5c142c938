import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityRendering

@Suite struct MatrixJSONWriterTests {
    static func result(manifest path: String?) throws -> MatrixResult {
        let matrix = try MatrixParser.parse(
            text:
                "# source: \"q\" / \\ é \u{7}\nDevice,Family,Gyroscope,GPS,Cellular\n\"A \"\"1\"\"\",F,yes,,no\nB\tb,F,,no,yes\nC\u{202E}\u{1}\u{1b},,no,yes,no\n",
            path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(
                #"{"version": 1, "require": ["sensor.gyroscope", "location.gnss"], "forbid": ["cellular"]}"#
                    .utf8),
            path: "m.json")
        return MatrixFilter.evaluate(
            matrix, with: ManifestRowEvaluator(manifest: manifest), manifest: path)
    }

    @Test func writesTheSameDocumentAsTheEncoder() throws {
        for path in ["m.json", nil] {
            var result = try Self.result(manifest: path)
            let written = try MatrixJSONWriter.json(result)
            #expect(written == (try JSONOutput.string(result)))
            #expect(try JSONDecoder().decode(MatrixResult.self, from: Data(written.utf8)) == result)
            // A fleet's rows name their snapshot file.
            result.rows[1].file = "machine-\u{2066}1.json"
            #expect(try MatrixJSONWriter.json(result) == (try JSONOutput.string(result)))
        }
    }

    @Test func writesAnEmptyTableAndCatalogRowsAsTheEncoderDoes() throws {
        var result = try Self.result(manifest: nil)
        var details = CatalogRowDetails()
        details.brand = "B"
        result.rows[0].device = details
        #expect(try MatrixJSONWriter.json(result) == (try JSONOutput.string(result)))
        result.rows = []
        #expect(try MatrixJSONWriter.json(result) == (try JSONOutput.string(result)))
    }
}
