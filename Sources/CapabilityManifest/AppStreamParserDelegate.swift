import CapabilityModel
import CapabilitySupport
import CapabilityXML
import FoundationEssentials

/// Collects the components of an AppStream metainfo file (root `<component>`) or catalog
/// (root `<components>`): ids, names, types and relation items with their line numbers.
package final class AppStreamParserDelegate: XMLInputGuard.EventCollecting {
    /// The most components one document may hold (the largest real catalogs, Flathub's
    /// and Debian's, hold about 40 000).
    package static let maximumComponents = 100_000
    /// The most relation items (`<control>`, `<display_length>`, …) one document may hold,
    /// all components together (real catalogs hold a few per component that has any).
    package static let maximumItems = 200_000

    /// One item element inside a relation block (`<control>touch</control>`).
    package struct Item {
        /// The element name (`control`, `display_length`).
        package var name: String
        /// The attributes (`compare`, `side`, `version`, `bandwidth_mbitps`).
        package var attributes: [String: String]
        /// The trimmed text.
        package var value: String
        /// The line the element starts on.
        package var line: Int
    }

    /// One relation block and its items.
    package struct Block {
        /// `requires`, `recommends`, `supports`.
        package var kind: AppStreamRelationKind
        /// The items in document order.
        package var items: [Item]
        /// The line the block starts on.
        package var line: Int
    }

    /// One `<component>`.
    package struct Component {
        /// The `<id>` text.
        package var id: String?
        /// The untranslated `<name>`.
        package var name: String?
        /// The `type` attribute (`desktop-application`, `console-application`, …).
        package var type: String?
        /// The relation blocks in document order.
        var blocks: [Block] = []
        /// Other direct children that look like misspelt relation blocks (`<require>`).
        var strayBlocks: [(name: String, line: Int)] = []
        /// The line the component starts on.
        package var line: Int
    }

    /// The root element's name, once seen.
    private(set) var rootName: String?
    /// Whether the root element was closed.
    private(set) var rootClosed = false
    /// The components in document order.
    private(set) var components: [Component] = []
    /// Where and why reading stopped at a limit (``maximumComponents``, ``maximumItems``):
    /// the rest of the document is parsed but not kept.
    private(set) var limitExceeded: (line: Int, reason: String)?
    private var itemCount = 0

    private var stack: [String] = []
    private var current: Component?
    private var block: Block?
    private var item: Item?
    private var text = ""
    private var textTarget: String?

    /// Takes one event. The text of CDATA sections is not read (as FoundationXML's
    /// `XMLParser`, which this reader once used, never handed it on).
    func take(_ event: XMLEvent, at position: XMLPosition) {
        switch event {
        case .startElement(let name, let attributes):
            start(
                name, attributes: Dictionary(attributes.map { ($0.name, $0.value) }) { $1 },
                line: position.line)
        case .endElement(let name): end(name)
        case .text(let string):
            if item != nil || textTarget != nil, text.utf8.count < 4096 { text += string }
        case .cdata: break
        }
    }

    private func start(_ elementName: String, attributes: [String: String], line: Int) {
        let parent = stack.last
        if stack.isEmpty, rootName == nil { rootName = elementName }
        guard limitExceeded == nil else {
            stack.append(elementName)
            return
        }
        if elementName == "component", parent == nil || parent == "components" {
            guard components.count < Self.maximumComponents else {
                limitExceeded = (
                    line, "more than \(Self.maximumComponents) components (the most capcheck reads)"
                )
                stack.append(elementName)
                return
            }
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
            itemCount += 1
            guard itemCount <= Self.maximumItems else {
                limitExceeded = (
                    line, "more than \(Self.maximumItems) relation items (the most capcheck reads)"
                )
                current = nil
                block = nil
                stack.append(elementName)
                return
            }
            item = Item(name: elementName, attributes: attributes, value: "", line: line)
            text = ""
        }
        stack.append(elementName)
    }

    private func end(_ elementName: String) {
        _ = stack.popLast()
        guard limitExceeded == nil else {
            if stack.isEmpty { rootClosed = true }
            return
        }
        let trimmed = text.trimming(.whitespacesAndNewlines)
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
