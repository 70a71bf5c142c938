import CapabilityXML
import CapabilitySupport
import Testing

/// The libxml2 wrapper: events with their places, the first error, and the parser options.
@Suite struct XMLEventReaderTests {
    /// The events of `xml` and the error, if any.
    func read(_ xml: String, maxBytes: Int = 1 << 30) -> (
        events: [(XMLEvent, XMLPosition)], error: InputProblem?
    ) {
        var events: [(XMLEvent, XMLPosition)] = []
        let error = XMLEventReader(maxBytes: maxBytes).parse(Array(xml.utf8)) {
            events.append(($0, $1))
        }
        return (events, error)
    }

    @Test func reportsElementsAttributesTextAndCDATAInDocumentOrder() {
        let (events, error) = read(
            "<?xml version=\"1.0\"?>\n<a xmlns:p=\"urn:p\" p:x=\"1 &amp; 2\" y='&lt;'>\n"
                + "<!-- c --><?pi data?><b>t&#65;</b><![CDATA[<raw>]]></a>")
        #expect(error == nil)
        #expect(
            events.map(\.0) == [
                .startElement(
                    name: "a",
                    attributes: [
                        XMLAttribute(name: "xmlns:p", value: "urn:p"),
                        XMLAttribute(name: "p:x", value: "1 & 2"),
                        XMLAttribute(name: "y", value: "<"),
                    ]),
                .text("\n"), .startElement(name: "b", attributes: []), .text("t"), .text("A"),
                .endElement(name: "b"), .cdata("<raw>"), .endElement(name: "a"),
            ])
        #expect(events.first?.1 == XMLPosition(line: 2, column: 44))
    }

    @Test func stopsAtTheFirstErrorWithItsNumberAndPlace() {
        let (events, error) = read("<a>\n  <b></c>\n</a><d")
        #expect(error?.code == 76)
        #expect(error?.place == .lineColumn(line: 2, column: 10))
        #expect(events.count == 3)
    }

    /// The entity is not even declared (no declaration handler), so its use is reported.
    @Test func neverLoadsAnExternalEntityOrDTD() {
        let xml =
            "<!DOCTYPE a SYSTEM \"file:///etc/passwd\" [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
            + "<a>&e;</a>"
        let (events, error) = read(xml)
        #expect(error?.code == 27)
        #expect(error?.reason == "Entity 'e' not defined")
        #expect(
            !events.contains {
                if case .text(let text) = $0.0 { text.contains("root") } else { false }
            })
    }

    @Test func anUndeclaredEntityIsAnError() {
        #expect(read("<a>&nope;</a>").error?.code == 26)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedUnread() {
        let (events, error) = read("<a>0123456789</a>", maxBytes: 8)
        #expect(events.isEmpty)
        #expect(error?.reason == "the document is larger than 8 bytes")
    }

    @Test func theDeclaredEncodingIsIgnored() {
        let (events, error) = read("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a>é</a>")
        #expect(error == nil)
        #expect(events.map(\.0).contains(.text("é")))
    }

    @Test func aDocumentOfOnlySpaceEndsEarly() {
        #expect(read("  \n ").error?.code == 5)
    }
}
