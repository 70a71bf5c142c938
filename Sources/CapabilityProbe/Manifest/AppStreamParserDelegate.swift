import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Collects the components of an AppStream metainfo file (root `<component>`) or catalog
/// (root `<components>`): ids, names, types and relation items with their line numbers.
final class AppStreamParserDelegate: NSObject, XMLInputGuard.ErrorPlacing {
    /// One item element inside a relation block (`<control>touch</control>`).
    struct Item {
        /// The element name (`control`, `display_length`).
        var name: String
        /// The attributes (`compare`, `side`, `version`, `bandwidth_mbitps`).
        var attributes: [String: String]
        /// The trimmed text.
        var value: String
        /// The line the element starts on.
        var line: Int
    }

    /// One relation block and its items.
    struct Block {
        /// `requires`, `recommends`, `supports`.
        var kind: AppStreamRelationKind
        /// The items in document order.
        var items: [Item]
        /// The line the block starts on.
        var line: Int
    }

    /// One `<component>`.
    struct Component {
        /// The `<id>` text.
        var id: String?
        /// The untranslated `<name>`.
        var name: String?
        /// The `type` attribute (`desktop-application`, `console-application`, …).
        var type: String?
        /// The relation blocks in document order.
        var blocks: [Block] = []
        /// Other direct children that look like misspelt relation blocks (`<require>`).
        var strayBlocks: [(name: String, line: Int)] = []
        /// The line the component starts on.
        var line: Int
    }

    /// The root element's name, once seen.
    private(set) var rootName: String?
    /// Whether the root element was closed.
    private(set) var rootClosed = false
    /// The components in document order.
    private(set) var components: [Component] = []
    /// Where the first parse error was reported.
    private(set) var firstErrorPlace: (line: Int, column: Int)?

    private var stack: [String] = []
    private var current: Component?
    private var block: Block?
    private var item: Item?
    private var text = ""
    private var textTarget: String?

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if firstErrorPlace == nil { firstErrorPlace = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let parent = stack.last
        if stack.isEmpty, rootName == nil { rootName = elementName }
        let line = parser.lineNumber
        if elementName == "component", parent == nil || parent == "components" {
            current = Component(type: attributes["type"], line: line)
        } else if current != nil, parent == "component", stack.count <= 2 {
            if let kind = AppStreamRelationKind(rawValue: elementName) {
                block = Block(kind: kind, items: [], line: line)
            } else if ["id", "name"].contains(elementName), attributes["xml:lang"] == nil {
                textTarget = elementName
                text = ""
            } else if ["require", "recommend", "support", "requirements"].contains(elementName) {
                current?.strayBlocks.append((elementName, line))
            }
        } else if block != nil, let parent, AppStreamRelationKind(rawValue: parent) != nil {
            item = Item(name: elementName, attributes: attributes, value: "", line: line)
            text = ""
        }
        stack.append(elementName)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if item != nil || textTarget != nil, text.utf8.count < 4096 { text += string }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        _ = stack.popLast()
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if var finished = item, stack.count >= 1,
            AppStreamRelationKind(rawValue: stack.last ?? "") != nil
        {
            finished.value = trimmed
            block?.items.append(finished)
            item = nil
        } else if let target = textTarget, elementName == target {
            if target == "id", current?.id == nil { current?.id = trimmed }
            if target == "name", current?.name == nil { current?.name = trimmed }
            textTarget = nil
        } else if let finished = block, AppStreamRelationKind(rawValue: elementName) != nil,
            stack.last == "component"
        {
            current?.blocks.append(finished)
            block = nil
        } else if elementName == "component", let finished = current,
            stack.isEmpty || stack.last == "components"
        {
            components.append(finished)
            current = nil
        }
        if stack.isEmpty { rootClosed = true }
    }
}
