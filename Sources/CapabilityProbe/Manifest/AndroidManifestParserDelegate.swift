import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects the elements of an AndroidManifest.xml that matter to capcheck.
final class AndroidManifestParserDelegate: NSObject, XMLParserDelegate {
    /// One element that is a direct child of `<manifest>`.
    struct Element {
        /// The element name.
        var name: String
        /// Attributes by local name (`android:name` → `name`).
        var attributes: [String: String]
        /// The line it starts on.
        var line: Int
    }

    /// The root element's name, once seen.
    private(set) var rootName: String?
    /// Whether the root element was closed (the document is complete).
    private(set) var rootClosed = false
    /// Direct children of the root, in document order.
    private(set) var elements: [Element] = []
    /// Where the first parse error was reported (libxml2 reads on after it, so the parser's
    /// own position at the end would point past the defect).
    private(set) var firstErrorPlace: (line: Int, column: Int)?
    private var depth = 0

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstErrorPlace == nil {
            firstErrorPlace = (parser.lineNumber, parser.columnNumber)
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if depth == 0, rootName == nil { rootName = elementName }
        if depth == 1 {
            var local: [String: String] = [:]
            for (name, value) in attributes {
                let bare = name.split(separator: ":").last.map(String.init) ?? name
                local[bare] = value
            }
            elements.append(Element(name: elementName, attributes: local, line: parser.lineNumber))
        }
        depth += 1
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        depth -= 1
        if depth == 0 { rootClosed = true }
    }
}
