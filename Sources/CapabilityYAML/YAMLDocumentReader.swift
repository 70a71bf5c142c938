/// Reads a YAML stream one document at a time, each as a ``YAMLNode`` tree, over
/// ``YAMLEventReader``: a catalog of many documents is never held as one tree. A document of
/// more than ``maxNodes`` nodes is refused, and so is a mapping that gives a key twice
/// (libyaml reports both; readers disagree on which wins, so neither is guessed).
package final class YAMLDocumentReader {
    /// The most nodes one document may have.
    package let maxNodes: Int
    private let events: YAMLEventReader
    private var nodes = 0

    /// A reader over `bytes`.
    /// - Parameters:
    ///   - bytes: The stream's bytes.
    ///   - maxNodes: The most nodes one document may have (100 000 unless told).
    package init(_ bytes: some Collection<UInt8>, maxNodes: Int = 100_000) {
        self.maxNodes = maxNodes
        events = YAMLEventReader(bytes)
    }

    /// The next document's root node (nil for an empty document), or nil at the end.
    /// - Returns: `.some(root)` for each document, `nil` after the last.
    /// - Throws: ``YAMLReadError`` from the event reader or the node limit.
    package func nextDocument() throws(YAMLReadError) -> YAMLNode?? {
        while let (event, _) = try events.next() {
            guard event == .documentStart else { continue }
            nodes = 0
            var root: YAMLNode?
            while let (inner, position) = try events.next() {
                if inner == .documentEnd { return .some(root) }
                root = try node(starting: inner, at: position)
            }
            return .some(root)
        }
        return nil
    }

    /// The node that begins with `event`, reading the events up to its end.
    private func node(starting event: YAMLEvent, at position: YAMLPosition)
        throws(YAMLReadError) -> YAMLNode
    {
        nodes += 1
        if nodes > maxNodes {
            throw YAMLReadError(
                position: position, message: "a document of more than \(maxNodes) nodes")
        }
        switch event {
        case .scalar(let value, _):
            return .scalar(value, position)
        case .sequenceStart:
            var items: [YAMLNode] = []
            while let (inner, at) = try events.next(), inner != .sequenceEnd {
                items.append(try node(starting: inner, at: at))
            }
            return .sequence(items, position)
        case .mappingStart:
            var entries: [(key: String, value: YAMLNode)] = []
            var seen: [String: YAMLPosition] = [:]
            while let (keyEvent, keyAt) = try events.next(), keyEvent != .mappingEnd {
                let key = try node(starting: keyEvent, at: keyAt)
                if let text = key.text {
                    if let first = seen[text] {
                        throw YAMLReadError(
                            position: keyAt,
                            message:
                                "duplicate key \"\(text.prefix(64))\" (first at line \(first.line), "
                                + "column \(first.column))")
                    }
                    seen[text] = keyAt
                }
                guard let (valueEvent, valueAt) = try events.next() else { break }
                entries.append((key.text ?? "", try node(starting: valueEvent, at: valueAt)))
            }
            return .mapping(entries, position)
        case .documentStart, .documentEnd, .mappingEnd, .sequenceEnd:
            throw YAMLReadError(position: position, message: "unexpected \(event)")
        }
    }
}
