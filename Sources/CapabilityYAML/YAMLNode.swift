/// One node of a YAML document: a scalar, a mapping or a sequence, with the place it starts.
package indirect enum YAMLNode: Equatable, Sendable {
    /// A scalar's value.
    case scalar(String, YAMLPosition)
    /// A mapping's entries in document order (a key is kept as its scalar text; a key that is
    /// not a scalar is kept as an empty string).
    case mapping([(key: String, value: YAMLNode)], YAMLPosition)
    /// A sequence's items.
    case sequence([YAMLNode], YAMLPosition)

    /// Where the node starts.
    package var position: YAMLPosition {
        switch self {
        case .scalar(_, let position), .mapping(_, let position), .sequence(_, let position):
            return position
        }
    }

    /// The scalar's text, or nil for a mapping or a sequence.
    package var text: String? {
        if case .scalar(let value, _) = self { return value }
        return nil
    }

    /// The first value of `key` in a mapping, or nil.
    /// - Parameter key: The key.
    /// - Returns: The value node.
    package subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    /// The items of a sequence, or an empty list for anything else.
    package var items: [YAMLNode] {
        if case .sequence(let items, _) = self { return items }
        return []
    }

    package static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a, let p), .scalar(let b, let q)): return a == b && p == q
        case (.sequence(let a, let p), .sequence(let b, let q)): return a == b && p == q
        case (.mapping(let a, let p), .mapping(let b, let q)):
            return p == q && a.count == b.count
                && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}
