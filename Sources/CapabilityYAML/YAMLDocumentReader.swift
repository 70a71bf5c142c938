import CapabilitySupport
/// Reads a YAML stream one document at a time, each as a ``YAMLNode`` tree, over
/// ``YAMLEventReader``: a catalog of many documents is never held as one tree. A document of
/// more than ``maxNodes`` nodes is refused, and so is a mapping that gives a key twice
/// (libyaml reports both; readers disagree on which wins, so neither is guessed).
package final class YAMLDocumentReader {
    /// Mappings with at most this many keys are checked for a repeated key by a search in
    /// order, longer ones through a dictionary.
    static let shortMapping = 16

    /// The most nodes one document may have.
    package let maxNodes: Int
    private let events: YAMLEventReader
    private var nodes = 0
    /// The scalar keys, with their places, of the mappings being read, innermost last.
    private var openKeys: [(key: String, at: YAMLPosition)] = []

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
    /// - Throws: ``InputProblem`` from the event reader or the node limit.
    package func nextDocument() throws(InputProblem) -> YAMLNode?? {
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

    /// Where `key` is among `keys` from `start` on, if it is there: one loop over the
    /// array's storage, comparing lengths before text.
    private static func place(
        of key: String, in keys: [(key: String, at: YAMLPosition)], from start: Int
    ) -> YAMLPosition? {
        let length = key.utf8.count
        return keys.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                if buffer[index].key.utf8.count == length, buffer[index].key == key {
                    return buffer[index].at
                }
                index += 1
            }
            return nil
        }
    }

    /// The node that begins with `event`, reading the events up to its end.
    private func node(starting event: YAMLEvent, at position: YAMLPosition)
        throws(InputProblem) -> YAMLNode
    {
        nodes += 1
        if nodes > maxNodes {
            throw InputProblem(
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
            // This mapping's scalar keys and places sit on top of `openKeys` while it is read
            // (a nested mapping's are gone again when its node returns): a short mapping
            // (nearly all) is searched in order there, with no array of its own; a long one
            // through a dictionary made when it grows past `shortMapping`.
            let base = openKeys.count
            defer { openKeys.removeSubrange(base...) }
            var seen: [String: YAMLPosition] = [:]
            while let (keyEvent, keyAt) = try events.next(), keyEvent != .mappingEnd {
                let key = try node(starting: keyEvent, at: keyAt)
                if let text = key.text {
                    let count = openKeys.count - base
                    let first =
                        count <= Self.shortMapping
                        ? Self.place(of: text, in: openKeys, from: base) : seen[text]
                    if let first {
                        throw InputProblem(
                            position: keyAt,
                            message:
                                "duplicate key \"\(text.prefix(64))\" (first at line \(first.line), "
                                + "column \(first.column))")
                    }
                    openKeys.append((text, keyAt))
                    if count + 1 > Self.shortMapping {
                        if seen.isEmpty { for (key, at) in openKeys[base...] { seen[key] = at } }
                        seen[text] = keyAt
                    }
                }
                guard let (valueEvent, valueAt) = try events.next() else { break }
                entries.append((key.text ?? "", try node(starting: valueEvent, at: valueAt)))
            }
            return .mapping(entries, position)
        case .documentStart, .documentEnd, .mappingEnd, .sequenceEnd:
            throw InputProblem(position: position, message: "unexpected \(event)")
        }
    }
}
