import Foundation
import Testing

@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel

/// Plain CSV records (one line, no quote) are read from their bytes in place
/// (``MatrixBuilder/add(plain:line:)``); every row and every error must be what the field
/// path (``CSVReader/next(into:)`` and ``MatrixBuilder/add(_:line:)``) gives.
@Suite struct MatrixPlainRecordTests {
    /// The matrix or error of the field path alone: every record through ``CSVFields``.
    static func fieldPath(_ text: String) -> Result<DeviceMatrix, MatrixError> {
        var reader = CSVReader(bytes: Array(text.utf8), path: "t.csv")
        var fields = reader.makeFields()
        var provenance: [String] = []
        var builder: MatrixBuilder?
        do throws(MatrixError) {
            while let item = try reader.next(into: &fields) {
                switch item {
                case .comment(let comment, _):
                    if !comment.isEmpty { provenance.append(comment) }
                case .fields(let line):
                    if builder != nil {
                        try builder?.add(fields, line: line)
                    } else {
                        builder = try MatrixBuilder(
                            header: fields.strings, line: line, path: "t.csv", provenance: [])
                    }
                }
            }
        } catch {
            return .failure(error)
        }
        guard var matrix = builder?.build() else {
            return .failure(.malformed(path: "t.csv", line: nil, reason: "no table header found"))
        }
        matrix.provenance = provenance
        return .success(matrix)
    }

    static func parsed(_ text: String) -> Result<DeviceMatrix, MatrixError> {
        Result { () throws(MatrixError) in try MatrixParser.parse(text: text, path: "t.csv") }
    }

    static let header = "# source: test\nDevice,Family,GPS,Gyroscope,StillMegapixels,VideoMode\n"

    @Test(arguments: [
        // Spellings, blanks, CRLF, a lone CR inside a field, an empty last field.
        "A,F,yes,no,5,720p at 30fps\n B ,F ,Y,☑, 8 ,\r\nC\rD,,,,,\n",
        "A,F,TRUE,0,12.0,1080p at 30fps\r\n\n\n# date: 2026\nB,F,n/a,?,,VGA at 30fps",
        // Quotes on some lines only: those go the field path, the others stay plain.
        "\"A, quoted\",F,yes,no,5,\nB,F,no,yes,,\n",
        // Combining marks and non-ASCII names, trimmed as text, not as bytes.
        " \u{301}A,F,yes,no,,\nÉcran ,F,yes,no,,\n",
        // More distinct values than are compared one by one: the rest are hashed.
        (0..<40).map { "D\($0),F,yes,no,\($0 % 20 + 1),\n" }.joined()
            + (0..<20).map { "E\($0),F,no,yes, \($0 + 1) ,VGA at 30fps\n" }.joined(),
    ])
    func plainRecordsGiveTheRowsOfTheFieldPath(rows: String) throws {
        let plain = try Self.parsed(Self.header + rows).get()
        let fields = try Self.fieldPath(Self.header + rows).get()
        #expect(plain == fields)
        #expect(!plain.rows.isEmpty)
    }

    @Test(arguments: [
        "A,F,yes,no,5\n",  // a field too few
        "A,F,yes,no,5,,extra\n",  // a field too many
        "A,F,maybe,no,5,\n",  // no cell spelling
        ",F,yes,no,5,\n",  // no name
        "  ,F,yes,no,5,\n",  // a blank name
        "A,F,yes,no,five,\n",  // not a number
        "A,F,yes,no,5,\nB,F,yes,no,5,warp speed\n",  // a bad mode on the second row
    ])
    func plainRecordsFailAsTheFieldPathFails(rows: String) throws {
        let plain = Self.parsed(Self.header + rows)
        let fields = Self.fieldPath(Self.header + rows)
        guard case .failure(let expected) = fields else {
            Issue.record("the field path read \(rows.debugDescription)")
            return
        }
        #expect(plain == .failure(expected))
    }
}
