import Testing

@testable import CapabilitySupport

/// The one shape of bad input: file, kind, place and reason in one line, the parts that are
/// unknown left out.
@Suite struct InputProblemTests {
    @Test(arguments: [
        (InputProblem.Place.line(3), "line 3"),
        (.lineColumn(line: 3, column: 2), "line 3, column 2"),
        (.offset(12), "byte 12"),
        (.key("require[2]"), "require[2]"),
    ])
    func eachPlaceIsNamedAsMessagesNameIt(place: InputProblem.Place, text: String) {
        #expect(place.description == text)
    }

    @Test func aPlaceGivesItsLineWhenItHasOne() {
        #expect(InputProblem.Place.line(4).line == 4)
        #expect(InputProblem.Place.lineColumn(line: 5, column: 1).line == 5)
        #expect(InputProblem.Place.offset(4).line == nil)
        #expect(InputProblem.Place.key("object 7").line == nil)
    }

    @Test func theDescriptionJoinsFileKindPlaceAndReasonLeavingOutWhatIsUnknown() {
        let full = InputProblem(
            file: "m.json", kind: "gzip data", place: .line(3), reason: "truncated")
        #expect(full.description == "m.json: gzip data: line 3: truncated")
        #expect(
            InputProblem(line: 1, column: 4, reason: "invalid UTF-8").description
                == "line 1, column 4: invalid UTF-8")
        #expect(InputProblem(offset: 8, reason: "no element").description == "byte 8: no element")
        #expect(InputProblem(reason: "corrupt data").description == "corrupt data")
        #expect(InputProblem(file: "a.xml", reason: "x").description == "a.xml: x")
    }

    @Test func aFileThatCannotBeReadIsToldApartFromBadContent() {
        let missing = InputProblem(file: "m.json", reason: "no such file", isUnreadable: true)
        #expect(missing.isUnreadable)
        #expect(!InputProblem(reason: "larger than 256 MiB").isUnreadable)
        #expect(missing.code == 0)
    }
}
