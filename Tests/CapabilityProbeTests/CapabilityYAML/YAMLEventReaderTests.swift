import CapabilitySupport
import Testing

@testable import CapabilityYAML

/// The libyaml wrapper: events with their places, libyaml's first error, the refusals and
/// the limits. Every input is hand-made for capcheck.
@Suite struct YAMLEventReaderTests {
    static func events(_ text: String) throws -> [YAMLEvent] {
        let reader = YAMLEventReader(Array(text.utf8))
        var result: [YAMLEvent] = []
        while let (event, _) = try reader.next() { result.append(event) }
        return result
    }

    @Test func blockMapsListsAndScalarsComeAsEventsInDocumentOrder() throws {
        let text =
            "---\nID: a\nRequires:\n- kernel: Linux\n  version: '>= 5.10'\nText: |\n  two\n  lines\n"
        #expect(
            try Self.events(text) == [
                .documentStart, .mappingStart, .scalar("ID", quoted: false),
                .scalar("a", quoted: false), .scalar("Requires", quoted: false), .sequenceStart,
                .mappingStart, .scalar("kernel", quoted: false), .scalar("Linux", quoted: false),
                .scalar("version", quoted: false), .scalar(">= 5.10", quoted: true), .mappingEnd,
                .sequenceEnd, .scalar("Text", quoted: false), .scalar("two\nlines\n", quoted: true),
                .mappingEnd, .documentEnd,
            ])
    }

    @Test func eventsCarryTheLineAndColumnTheyStartAt() throws {
        let reader = YAMLEventReader(Array("---\nA:\n  - b\n".utf8))
        var places: [YAMLPosition] = []
        while let (_, position) = try reader.next() { places.append(position) }
        #expect(places.contains(YAMLPosition(line: 3, column: 5)))
    }

    @Test func anAliasIsRefusedAndTheErrorStays() throws {
        let reader = YAMLEventReader(Array("a: &x 1\nb: *x\n".utf8))
        #expect(throws: InputProblem.self) { while try reader.next() != nil {} }
        #expect(throws: InputProblem.self) { _ = try reader.next() }
    }

    @Test func libyamlsErrorNamesItsPlace() {
        #expect {
            _ = try Self.events("a: b\n c: d\n  - e\n")
        } throws: { error in
            let failure = error as? InputProblem
            return failure?.place?.line == 2 && failure?.reason.isEmpty == false
        }
    }

    @Test func inputOverTheSizeLimitIsRefusedBeforeParsing() {
        let reader = YAMLEventReader(Array("a: b\n".utf8), maxBytes: 2)
        #expect(
            throws: InputProblem(
                position: YAMLPosition(line: 1, column: 1),
                message: "the document is larger than 2 bytes")
        ) { _ = try reader.next() }
    }

    @Test func documentsComeOneAtATimeAndADocumentOverTheNodeLimitIsRefused() throws {
        let reader = YAMLDocumentReader(Array("---\na: 1\n---\n- x\n- y\n".utf8))
        let first = try #require(try reader.nextDocument() ?? nil)
        #expect(first["a"]?.text == "1")
        let second = try #require(try reader.nextDocument() ?? nil)
        #expect(second.items.compactMap(\.text) == ["x", "y"])
        #expect(try reader.nextDocument() == nil)
        let small = YAMLDocumentReader(Array("---\n[1, 2, 3, 4]\n".utf8), maxNodes: 3)
        #expect(throws: InputProblem.self) { _ = try small.nextDocument() }
    }

    /// A key given twice is refused at its second place, naming the first, in a short
    /// mapping (searched in order) and a long one (through a dictionary).
    @Test(arguments: [2, 40])
    func aKeyGivenTwiceInOneMappingIsRefusedWithBothPlaces(keys: Int) {
        let text = (0..<keys).map { "k\($0): v\n" }.joined() + "k1: again\n"
        let reader = YAMLDocumentReader(Array(text.utf8))
        #expect(
            throws: InputProblem(
                position: YAMLPosition(line: keys + 1, column: 1),
                message: "duplicate key \"k1\" (first at line 2, column 1)")
        ) { _ = try reader.nextDocument() }
    }

    /// The same key in two mappings, or in a mapping and the one nested in it, is no repeat.
    @Test func theSameKeyInDifferentMappingsIsNoRepeat() throws {
        let reader = YAMLDocumentReader(Array("a: {a: 1}\nb:\n  a: 2\n".utf8))
        let root = try #require(try reader.nextDocument() ?? nil)
        #expect(root["b"]?["a"]?.text == "2")
    }

    /// A scalar longer than the piece bound is refused at the end of the node before it,
    /// before libyaml has read it all; one under the bound is read.
    @Test func aScalarPastThePieceBoundIsRefusedBeforeItIsReadWhole() throws {
        let long = "a: b\nc: '" + String(repeating: "x", count: 300_000) + "'\n"
        let reader = YAMLEventReader(Array(long.utf8), maxPieceBytes: 1024)
        #expect(
            throws: InputProblem(
                position: YAMLPosition(line: 2, column: 2),
                message:
                    "a scalar, comment or run of blank lines longer than 1024 bytes (the most capcheck reads in one piece)"
            )
        ) { while try reader.next() != nil {} }
        let fits = YAMLEventReader(Array(long.utf8), maxPieceBytes: 1 << 20)
        var last: YAMLEvent?
        while let (event, _) = try fits.next() { last = event }
        #expect(last == .documentEnd)
    }
}
