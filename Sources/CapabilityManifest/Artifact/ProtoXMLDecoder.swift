import CapabilitySupport

/// Decodes the protobuf XML of an Android App Bundle (`base/manifest/AndroidManifest.xml`,
/// an `aapt.pb.XmlNode` from aapt2's `Resources.proto`): the subset capcheck needs —
/// elements, their names, attributes (namespace, name, value, resource id, compiled
/// primitive) and source lines. Unknown fields are skipped; every length is checked.
package struct ProtoXMLDecoder {
    /// The deepest nesting accepted.
    static let maxDepth = 64
    /// The most elements decoded.
    static let maxElements = 200_000
    /// The most attributes one element may have (as many as binary XML's 16-bit count holds).
    static let maxAttributesPerElement = 65_535
    /// The most attributes decoded, all elements together.
    static let maxAttributes = 1_000_000

    private let bytes: [UInt8]

    /// Creates a decoder over the file's bytes.
    /// - Parameter bytes: The serialized `XmlNode`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One protobuf field: its number and either a varint or a byte range.
    private struct Field {
        var number: Int
        var varint: UInt64
        var range: Range<Int>?
    }

    /// Decodes the root node.
    /// - Returns: The root element.
    /// - Throws: ``InputProblem`` naming the offset and defect.
    package func decode() throws(InputProblem) -> AndroidXMLElement {
        var count = Counts()
        guard let element = try node(0..<bytes.count, depth: 0, count: &count) else {
            throw InputProblem(offset: 0, reason: "the XmlNode holds no element")
        }
        return element
    }

    /// The elements and attributes decoded so far.
    private struct Counts {
        var elements = 0
        var attributes = 0
    }

    private func node(_ range: Range<Int>, depth: Int, count: inout Counts) throws(InputProblem)
        -> AndroidXMLElement?
    {
        guard depth < Self.maxDepth else {
            throw InputProblem(
                offset: range.lowerBound, reason: "elements nest deeper than \(Self.maxDepth)")
        }
        var element: AndroidXMLElement?
        var line = 0
        for field in try fields(range) {
            switch (field.number, field.range) {
            case (1, let inner?):
                count.elements += 1
                guard count.elements <= Self.maxElements else {
                    throw InputProblem(
                        offset: inner.lowerBound, reason: "more than \(Self.maxElements) elements")
                }
                element = try self.element(inner, depth: depth, count: &count)
            case (3, let inner?):
                line = try position(inner)
            default:
                continue
            }
        }
        element?.line = line
        return element
    }

    private func element(_ range: Range<Int>, depth: Int, count: inout Counts) throws(InputProblem)
        -> AndroidXMLElement
    {
        var result = AndroidXMLElement(name: "", attributes: [], line: 0, children: [])
        // An element's fields are its name, attributes and children: never more than the
        // bounds allow, so a message of millions of empty fields is refused while it is split.
        let most = Self.maxAttributesPerElement + Self.maxElements + 4_096
        let attributes = (
            number: 4, most: Self.maxAttributesPerElement, what: "attributes in one element"
        )
        for field in try fields(range, most: most, what: "fields in one element", each: attributes)
        {
            guard let inner = field.range else { continue }
            switch field.number {
            case 3: result.name = text(inner)
            case 4:
                count.attributes += 1
                guard count.attributes <= Self.maxAttributes else {
                    throw InputProblem(
                        offset: inner.lowerBound,
                        reason: "more than \(Self.maxAttributes) attributes")
                }
                result.attributes.append(try attribute(inner))
            case 5:
                if let child = try node(inner, depth: depth + 1, count: &count) {
                    result.children.append(child)
                }
            default: continue
            }
        }
        return result
    }

    private func attribute(_ range: Range<Int>) throws(InputProblem) -> AndroidXMLAttribute {
        var namespace = ""
        var name = ""
        var value = ""
        var id: UInt32?
        var compiled: AndroidXMLValue?
        for field in try fields(range) {
            switch (field.number, field.range) {
            case (1, let inner?): namespace = text(inner)
            case (2, let inner?): name = text(inner)
            case (3, let inner?): value = text(inner)
            case (5, nil): id = UInt32(truncatingIfNeeded: field.varint)
            case (6, let inner?): compiled = try item(inner)
            default: continue
            }
        }
        return AndroidXMLAttribute(
            namespace: namespace, name: name, resourceID: id, value: compiled ?? .string(value))
    }

    /// An `Item`: only references (1) and primitives (7) change how a value reads.
    private func item(_ range: Range<Int>) throws(InputProblem) -> AndroidXMLValue? {
        for field in try fields(range) {
            guard let inner = field.range else { continue }
            switch field.number {
            case 1:
                let id = try fields(inner).first { $0.number == 2 && $0.range == nil }
                return .reference(UInt32(truncatingIfNeeded: id?.varint ?? 0))
            case 7:
                for primitive in try fields(inner) where primitive.range == nil {
                    switch primitive.number {
                    case 6:
                        return .integer(Int(Int32(truncatingIfNeeded: primitive.varint)))
                    case 7: return .integer(Int(UInt32(truncatingIfNeeded: primitive.varint)))
                    case 8: return .boolean(primitive.varint != 0)
                    default: continue
                    }
                }
            default: continue
            }
        }
        return nil
    }

    private func position(_ range: Range<Int>) throws(InputProblem) -> Int {
        let line = try fields(range).first { $0.number == 1 && $0.range == nil }
        return Int(min(line?.varint ?? 0, UInt64(Int32.max)))
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    // MARK: - Wire format

    /// The fields of one message, at most `most` of them and at most `each.most` of the
    /// field numbered `each.number` (`what` names them in the refusal).
    private func fields(
        _ range: Range<Int>, most: Int = 4_096, what: String = "fields in one message",
        each: (number: Int, most: Int, what: String)? = nil
    ) throws(InputProblem) -> [Field] {
        var result: [Field] = []
        var numbered = 0
        var offset = range.lowerBound
        while offset < range.upperBound {
            let start = offset
            guard result.count < most else {
                throw InputProblem(offset: start, reason: "more than \(most) \(what)")
            }
            let key = try varint(&offset, end: range.upperBound)
            let number = Int(key >> 3)
            guard number > 0 else { throw InputProblem(offset: start, reason: "field number 0") }
            switch key & 7 {
            case 0:
                result.append(
                    Field(number: number, varint: try varint(&offset, end: range.upperBound)))
            case 1, 5:
                let width = key & 7 == 1 ? 8 : 4
                guard offset + width <= range.upperBound else {
                    throw InputProblem(
                        offset: start, reason: "a fixed-size field runs past its message")
                }
                offset += width
            case 2:
                let length = try varint(&offset, end: range.upperBound)
                guard length <= UInt64(range.upperBound - offset) else {
                    throw InputProblem(
                        offset: start,
                        reason:
                            "field \(number) claims \(length) bytes, past the end of its message")
                }
                let end = offset + Int(length)
                if let each, number == each.number {
                    numbered += 1
                    guard numbered <= each.most else {
                        throw InputProblem(
                            offset: start, reason: "more than \(each.most) \(each.what)")
                    }
                }
                result.append(Field(number: number, varint: 0, range: offset..<end))
                offset = end
            default:
                throw InputProblem(offset: start, reason: "unsupported wire type \(key & 7)")
            }
        }
        return result
    }

    private func varint(_ offset: inout Int, end: Int) throws(InputProblem) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        let start = offset
        while true {
            guard offset < end, shift < 64 else {
                throw InputProblem(offset: start, reason: "a varint runs past its message")
            }
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
    }
}
