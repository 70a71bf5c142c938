import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Builds the element tree of a text AndroidManifest.xml, resolving `android:` and `tools:`
/// prefixes from the `xmlns:` declarations seen so far (the usual prefixes when undeclared).
final class AndroidManifestParserDelegate: NSObject, XMLInputGuard.ErrorPlacing {
    /// The deepest nesting kept (manifests are 5 levels deep; deeper elements are skipped).
    static let maxDepth = 32
    /// The most elements kept.
    static let maxElements = 200_000

    /// The root element, once the document is complete.
    private(set) var root: AndroidXMLElement?
    /// The root element's name, once seen.
    private(set) var rootName: String?
    /// Whether the root element was closed (the document is complete).
    private(set) var rootClosed = false
    /// Where the first parse error was reported (libxml2 reads on after it, so the parser's
    /// own position at the end would point past the defect).
    private(set) var firstErrorPlace: (line: Int, column: Int)?
    /// Whether the element bound was reached.
    private(set) var truncated = false
    private var stack: [AndroidXMLElement] = []
    private var skippedDepth = 0
    private var count = 0
    private var prefixes: [String: String] = [
        "android": AndroidXMLElement.androidNamespace, "tools": AndroidXMLElement.toolsNamespace,
    ]

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstErrorPlace == nil {
            firstErrorPlace = (parser.lineNumber, parser.columnNumber)
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if rootName == nil { rootName = elementName }
        guard skippedDepth == 0, stack.count < Self.maxDepth, count < Self.maxElements else {
            if count >= Self.maxElements { truncated = true }
            skippedDepth += 1
            return
        }
        count += 1
        for (name, value) in attributes where name.hasPrefix("xmlns:") {
            prefixes[String(name.dropFirst(6))] = value
        }
        var converted: [AndroidXMLAttribute] = []
        for name in attributes.keys.sorted() where !name.hasPrefix("xmlns") {
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let namespace = parts.count == 2 ? prefixes[parts[0]] ?? parts[0] : ""
            converted.append(
                AndroidXMLAttribute(
                    namespace: namespace, name: parts.last ?? name, resourceID: nil,
                    value: .string(attributes[name] ?? "")))
        }
        stack.append(
            AndroidXMLElement(
                name: elementName, attributes: converted, line: parser.lineNumber, children: []))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
            rootClosed = true
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}
