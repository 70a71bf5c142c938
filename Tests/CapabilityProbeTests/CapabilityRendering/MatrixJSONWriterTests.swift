import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityRendering

@Suite struct MatrixJSONWriterTests {
    @Test(arguments: [0, 7, 10, 99, 100_003, -1, -40, Int.max, Int.min])
    func rowLinesAreWrittenAsTheirDecimalText(line: Int) {
        var bytes = Array("x".utf8)
        JSONTextWriter.decimal(line, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(line))
    }

    @Test func writesTheSameDocumentAsTheEncoder() throws {
        let matrix = try MatrixParser.parse(
            text:
                "# source: \"q\" / \\ é \u{7}\nDevice,Family,Gyroscope,GPS,Cellular\n\"A \"\"1\"\"\",F,yes,,no\nB\tb,F,,no,yes\nC,,no,yes,no\n",
            path: "t.csv")
        let manifest = try ManifestLoader.load(
            data: Data(
                #"{"version": 1, "require": ["sensor.gyroscope", "location.gnss"], "forbid": ["cellular"]}"#
                    .utf8),
            path: "m.json")
        for path in ["m.json", nil] {
            let result = MatrixFilter.evaluate(
                matrix, with: ManifestRowEvaluator(manifest: manifest), manifest: path)
            let written = MatrixJSONWriter.json(result)
            #expect(written == (try JSONOutput.string(result)))
            #expect(try JSONDecoder().decode(MatrixResult.self, from: Data(written.utf8)) == result)
        }
    }
}
