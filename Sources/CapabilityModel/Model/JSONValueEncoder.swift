/// Builds the ``JSONValue`` tree of an `Encodable` value without going through JSON text.
///
/// Numbers keep their Swift type (an integer stays `.int`, a `Double` stays `.double`, even
/// `-0.0` and `1e16`), so writing the tree with `JSONTextWriter` gives the bytes `JSONEncoder`
/// gives for the value itself: ``ReportJSONWriter`` relies on that for the kernel facts.
package enum JSONValueEncoder {
    /// The tree of a value.
    /// - Parameter value: The value.
    /// - Returns: Its tree; an empty object when it encoded nothing.
    /// - Throws: What the value's `encode(to:)` throws.
    static func tree(of value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.value
    }

    /// One value under construction: a scalar, an object or an array of nodes.
    package final class Node {
        package var scalar: JSONValue?
        package var members: [String: Node]?
        package var items: [Node]?

        /// The finished tree.
        package var value: JSONValue {
            if let members { return .object(members.mapValues(\.value)) }
            if let items { return .array(items.map(\.value)) }
            return scalar ?? .object([:])
        }

        /// A new member node (an object from now on).
        func member(_ key: String) -> Node {
            let child = Node()
            if members == nil { members = [:] }
            members?[key] = child
            return child
        }

        /// A new array item node (an array from now on).
        package func item() -> Node {
            let child = Node()
            if items == nil { items = [] }
            items?.append(child)
            return child
        }
    }

    /// The encoder handed to `encode(to:)`.
    package struct TreeEncoder: Encoder {
        package let node: Node
        package let codingPath: [any CodingKey]
        package var userInfo: [CodingUserInfoKey: Any] { [:] }

        package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<
            Key
        > {
            if node.members == nil { node.members = [:] }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        package func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.items == nil { node.items = [] }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        package func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    /// Encodes an arbitrary value into a node.
    package static func encode(_ value: some Encodable, into node: Node, path: [any CodingKey])
        throws
    {
        try value.encode(to: TreeEncoder(node: node, codingPath: path))
    }

    package struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        package let node: Node
        package let codingPath: [any CodingKey]

        func put(_ value: JSONValue, _ key: Key) { node.member(key.stringValue).scalar = value }

        package mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
        package mutating func encode(_ value: Bool, forKey key: Key) throws {
            put(.bool(value), key)
        }
        package mutating func encode(_ value: String, forKey key: Key) throws {
            put(.string(value), key)
        }
        package mutating func encode(_ value: Double, forKey key: Key) throws {
            put(.double(value), key)
        }
        package mutating func encode(_ value: Float, forKey key: Key) throws {
            put(.double(Double(value)), key)
        }
        package mutating func encode(_ value: Int, forKey key: Key) throws { put(.int(value), key) }
        package mutating func encode(_ value: Int8, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: Int16, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: Int32, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: Int64, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: UInt, forKey key: Key) throws {
            put(number(value), key)
        }
        package mutating func encode(_ value: UInt8, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: UInt16, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: UInt32, forKey key: Key) throws {
            put(.int(Int(value)), key)
        }
        package mutating func encode(_ value: UInt64, forKey key: Key) throws {
            put(number(value), key)
        }
        package mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encode(
                value, into: node.member(key.stringValue), path: codingPath + [key])
        }

        package mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
                .container(keyedBy: keyType)
        }

        package mutating func nestedUnkeyedContainer(forKey key: Key)
            -> any UnkeyedEncodingContainer
        {
            TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
                .unkeyedContainer()
        }

        package mutating func superEncoder() -> any Encoder {
            TreeEncoder(node: node.member("super"), codingPath: codingPath)
        }

        package mutating func superEncoder(forKey key: Key) -> any Encoder {
            TreeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    package struct Unkeyed: UnkeyedEncodingContainer {
        package let node: Node
        package let codingPath: [any CodingKey]
        package var count: Int { node.items?.count ?? 0 }

        package mutating func encodeNil() throws { node.item().scalar = .null }
        package mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.encode(value, into: node.item(), path: codingPath)
        }

        package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            TreeEncoder(node: node.item(), codingPath: codingPath).container(keyedBy: keyType)
        }

        package mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            TreeEncoder(node: node.item(), codingPath: codingPath).unkeyedContainer()
        }

        package mutating func superEncoder() -> any Encoder {
            TreeEncoder(node: node.item(), codingPath: codingPath)
        }
    }

    package struct Single: SingleValueEncodingContainer {
        package let node: Node
        package let codingPath: [any CodingKey]

        package mutating func encodeNil() throws { node.scalar = .null }
        package mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
        package mutating func encode(_ value: String) throws { node.scalar = .string(value) }
        package mutating func encode(_ value: Double) throws { node.scalar = .double(value) }
        package mutating func encode(_ value: Float) throws { node.scalar = .double(Double(value)) }
        package mutating func encode(_ value: Int) throws { node.scalar = .int(value) }
        package mutating func encode(_ value: Int8) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: Int16) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: Int32) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: Int64) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: UInt) throws { node.scalar = number(value) }
        package mutating func encode(_ value: UInt8) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: UInt16) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: UInt32) throws { node.scalar = .int(Int(value)) }
        package mutating func encode(_ value: UInt64) throws { node.scalar = number(value) }
        package mutating func encode<T: Encodable>(_ value: T) throws {
            try JSONValueEncoder.encode(value, into: node, path: codingPath)
        }
    }
}

/// An unsigned number as an integer when it fits, else as a double (as JSON holds it).
private func number<T: BinaryInteger>(_ value: T) -> JSONValue {
    Int(exactly: value).map(JSONValue.int) ?? .double(Double(value))
}
