import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix

/// CSV records kept as byte ranges read the same cells and texts as the string fields.
@Suite struct CSVFieldsTests {
    @Test func readsCellsAndTextsFromRangesAndQuotedFields() throws {
        let text = "yes,no,,\"yes\",Yes, no ,maybe,\"a,\"\"b\"\"\"\r\nnext\n"
        var reader = CSVReader(bytes: Array(text.utf8), path: "t.csv")
        var fields = reader.makeFields()
        #expect(try reader.next(into: &fields) == .fields(line: 1))
        #expect(fields.count == 8)
        let cells = (0..<7).map { fields.cell(at: $0) }
        #expect(cells == [.yes, .no, .unknown, .yes, .yes, .no, nil])
        #expect(fields.strings == ["yes", "no", "", "yes", "Yes", " no ", "maybe", "a,\"b\""])
        #expect(try reader.next(into: &fields) == .fields(line: 2))
        #expect(fields.strings == ["next"])
        #expect(try reader.next(into: &fields) == nil)
    }

    @Test func givesTheSameRecordsAsStringFields() throws {
        let text = "# source: x\nDevice,GPS\n\"A \"\"1\"\"\",yes\nB,\n"
        var strings = CSVReader(bytes: Array(text.utf8), path: "t.csv")
        var ranges = CSVReader(bytes: Array(text.utf8), path: "t.csv")
        var fields = ranges.makeFields()
        while let record = try strings.next() {
            let item = try ranges.next(into: &fields)
            switch record {
            case .comment(let comment, let line): #expect(item == .comment(comment, line: line))
            case .fields(let texts, let line):
                #expect(item == .fields(line: line))
                #expect(fields.strings == texts)
            }
        }
        #expect(try ranges.next(into: &fields) == nil)
    }

    @Test func keepsLoneCarriageReturnsAndTextAfterAClosingQuote() throws {
        // A quote inside an unquoted field and a lone CR are field text; CRLF ends a record;
        // a lone CR right after a closing quote stays with the quoted field's text.
        let text = "a\"b,c\rd,\"q\"\r,e\r\n\"x\"\"y\",\n,\r\nlast"
        var reader = CSVReader(bytes: Array(text.utf8), path: "t.csv")
        var fields = reader.makeFields()
        #expect(try reader.next(into: &fields) == .fields(line: 1))
        #expect(fields.strings == ["a\"b", "c\rd", "q\r", "e"])
        #expect(try reader.next(into: &fields) == .fields(line: 2))
        #expect(fields.strings == ["x\"y", ""])
        #expect(try reader.next(into: &fields) == .fields(line: 3))
        #expect(fields.strings == ["", ""])
        #expect(try reader.next(into: &fields) == .fields(line: 4))
        #expect(fields.strings == ["last"])
        #expect(try reader.next(into: &fields) == nil)
    }
}
