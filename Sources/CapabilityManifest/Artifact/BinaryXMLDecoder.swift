import CapabilitySupport

/// Decodes Android's binary XML (`AndroidManifest.xml` inside an APK): the
/// `RES_XML_TYPE` chunk holding a string pool, a resource map, namespace and element
/// chunks with typed attribute values (frameworks/base `ResourceTypes.h`). Every offset and
/// index is checked; a defect throws with its byte offset, never reads out of range.
package struct BinaryXMLDecoder {
    /// The most elements decoded (a manifest has hundreds).
    static let maxElements = 200_000
    /// The deepest nesting accepted.
    static let maxDepth = 64
    /// The most strings a pool may declare.
    static let maxStrings = 1_000_000
    /// The most bytes (UTF-8) the strings of one pool may decode to, counted once per
    /// distinct string: a real manifest's pool is a few kilobytes, and offsets pointing
    /// into one long string (or into each other) must not multiply it.
    static let maxDecodedBytes = 16 << 20

    private enum ChunkType: UInt16 {
        case stringPool = 0x0001
        case xml = 0x0003
        case startNamespace = 0x0100
        case endNamespace = 0x0101
        case startElement = 0x0102
        case endElement = 0x0103
        case cdata = 0x0104
        case resourceMap = 0x0180
    }

    private let bytes: [UInt8]

    /// Creates a decoder over the file's bytes.
    /// - Parameter bytes: The whole binary XML file.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether the bytes start like binary XML (`RES_XML_TYPE`, header size 8).
    package static func looksLikeBinaryXML(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0] == 0x03 && bytes[1] == 0x00 && bytes[2] == 0x08
            && bytes[3] == 0x00
    }

    /// Decodes the document.
    /// - Returns: The root element.
    /// - Throws: ``InputProblem`` naming the offset and defect.
    package func decode() throws(InputProblem) -> AndroidXMLElement {
        guard Self.looksLikeBinaryXML(bytes) else {
            throw InputProblem(offset: 0, reason: "not Android binary XML (no RES_XML_TYPE header)")
        }
        let total = Int(try u32(4))
        guard total >= 8, total <= bytes.count else {
            throw InputProblem(
                offset: 4,
                reason: "the document claims \(total) bytes but the file has \(bytes.count)")
        }
        var strings: [String] = []
        var resourceIDs: [UInt32] = []
        var stack: [AndroidXMLElement] = []
        var root: AndroidXMLElement?
        var elements = 0
        var offset = 8
        while offset < total {
            guard offset + 8 <= total else {
                throw InputProblem(offset: offset, reason: "a chunk header runs past the end")
            }
            let type = try u16(offset)
            let headerSize = Int(try u16(offset + 2))
            let size = Int(try u32(offset + 4))
            guard headerSize >= 8, size >= headerSize, offset + size <= total else {
                throw InputProblem(
                    offset: offset,
                    reason:
                        "chunk of \(size) bytes (header \(headerSize)) does not fit the document")
            }
            switch ChunkType(rawValue: type) {
            case .stringPool:
                strings = try stringPool(at: offset, headerSize: headerSize, size: size)
            case .resourceMap:
                let count = (size - headerSize) / 4
                resourceIDs = try (0..<count).map { index throws(InputProblem) in
                    try u32(offset + headerSize + 4 * index)
                }
            case .startElement:
                elements += 1
                guard elements <= Self.maxElements else {
                    throw InputProblem(
                        offset: offset, reason: "more than \(Self.maxElements) elements")
                }
                guard stack.count < Self.maxDepth else {
                    throw InputProblem(
                        offset: offset, reason: "elements nest deeper than \(Self.maxDepth)")
                }
                guard root == nil else {
                    throw InputProblem(offset: offset, reason: "a second root element")
                }
                stack.append(
                    try element(
                        at: offset, headerSize: headerSize, size: size, strings: strings,
                        resourceIDs: resourceIDs))
            case .endElement:
                guard let closed = stack.popLast() else {
                    throw InputProblem(offset: offset, reason: "an end tag without a start tag")
                }
                if stack.isEmpty {
                    root = closed
                } else {
                    stack[stack.count - 1].children.append(closed)
                }
            case .startNamespace, .endNamespace, .cdata, .xml, nil:
                break
            }
            offset += size
        }
        guard stack.isEmpty else {
            throw InputProblem(
                offset: total, reason: "the document ends inside <\(stack.last?.name ?? "")>")
        }
        guard let root else { throw InputProblem(offset: 8, reason: "no element found") }
        return root
    }

    // MARK: - Chunks

    private func stringPool(at start: Int, headerSize: Int, size: Int) throws(InputProblem)
        -> [String]
    {
        guard headerSize >= 28 else {
            throw InputProblem(offset: start, reason: "string pool header of \(headerSize) bytes")
        }
        let count = Int(try u32(start + 8))
        let flags = try u32(start + 16)
        let stringsStart = Int(try u32(start + 20))
        guard count <= Self.maxStrings, headerSize + 4 * count <= size else {
            throw InputProblem(
                offset: start + 8, reason: "string pool declares \(count) strings it cannot hold")
        }
        guard stringsStart <= size else {
            throw InputProblem(
                offset: start + 20, reason: "string data starts outside the string pool")
        }
        let utf8 = flags & 0x100 != 0
        let end = start + size
        var result: [String] = []
        result.reserveCapacity(count)
        // Each position is decoded once; every index naming it shares that one String.
        var decoded: [Int: String] = [:]
        var decodedBytes = 0
        for index in 0..<count {
            let relative = Int(try u32(start + headerSize + 4 * index))
            let position = start + stringsStart + relative
            guard stringsStart > 0, position < end else {
                throw InputProblem(
                    offset: start + headerSize + 4 * index,
                    reason: "string \(index) starts outside the string pool")
            }
            if let shared = decoded[position] {
                result.append(shared)
                continue
            }
            let string =
                utf8
                ? try utf8String(at: position, end: end)
                : try utf16String(at: position, end: end)
            decodedBytes += string.utf8.count
            guard decodedBytes <= Self.maxDecodedBytes else {
                throw InputProblem(
                    offset: start + headerSize + 4 * index,
                    reason:
                        "the string pool decodes to more than \(Self.maxDecodedBytes >> 20) MiB")
            }
            decoded[position] = string
            result.append(string)
        }
        return result
    }

    private func utf8String(at start: Int, end: Int) throws(InputProblem) -> String {
        var position = start
        _ = try length8(&position, end: end)  // UTF-16 length, unused
        let count = try length8(&position, end: end)
        guard position + count <= end else {
            throw InputProblem(offset: start, reason: "a string runs past the string pool")
        }
        return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
    }

    private func length8(_ position: inout Int, end: Int) throws(InputProblem) -> Int {
        guard position < end else {
            throw InputProblem(
                offset: position, reason: "a string length runs past the string pool")
        }
        var length = Int(bytes[position])
        position += 1
        if length & 0x80 != 0 {
            guard position < end else {
                throw InputProblem(
                    offset: position, reason: "a string length runs past the string pool")
            }
            length = (length & 0x7f) << 8 | Int(bytes[position])
            position += 1
        }
        return length
    }

    private func utf16String(at start: Int, end: Int) throws(InputProblem) -> String {
        var position = start
        guard position + 2 <= end else {
            throw InputProblem(offset: start, reason: "a string length runs past the string pool")
        }
        var count = Int(try u16(position))
        position += 2
        if count & 0x8000 != 0 {
            guard position + 2 <= end else {
                throw InputProblem(
                    offset: start, reason: "a string length runs past the string pool")
            }
            count = (count & 0x7fff) << 16 | Int(try u16(position))
            position += 2
        }
        guard position + 2 * count <= end else {
            throw InputProblem(offset: start, reason: "a string runs past the string pool")
        }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for index in 0..<count { units.append(try u16(position + 2 * index)) }
        return String(decoding: units, as: UTF16.self)
    }

    private func element(
        at start: Int, headerSize: Int, size: Int, strings: [String], resourceIDs: [UInt32]
    ) throws(InputProblem) -> AndroidXMLElement {
        let line = Int(try u32(start + 8))
        let ext = start + headerSize
        guard ext + 20 <= start + size else {
            throw InputProblem(offset: start, reason: "a start tag too short for its attributes")
        }
        let name = try string(try u32(ext + 4), strings, at: ext + 4)
        let attributeStart = Int(try u16(ext + 8))
        let attributeSize = Int(try u16(ext + 10))
        let attributeCount = Int(try u16(ext + 12))
        guard attributeSize >= 20,
            ext + attributeStart + attributeSize * attributeCount <= start + size
        else {
            throw InputProblem(
                offset: ext + 8,
                reason:
                    "\(attributeCount) attributes of \(attributeSize) bytes do not fit <\(name)>")
        }
        var attributes: [AndroidXMLAttribute] = []
        for index in 0..<attributeCount {
            let base = ext + attributeStart + attributeSize * index
            let namespaceIndex = try u32(base)
            let nameIndex = try u32(base + 4)
            let raw = try u32(base + 8)
            let type = bytes[base + 15]
            let data = try u32(base + 16)
            let namespace =
                namespaceIndex == UInt32.max ? "" : try string(namespaceIndex, strings, at: base)
            let attributeName = try string(nameIndex, strings, at: base + 4)
            let id = Int(nameIndex) < resourceIDs.count ? resourceIDs[Int(nameIndex)] : nil
            let value: AndroidXMLValue
            switch type {
            case 0x03: value = .string(try string(data, strings, at: base + 16))
            case 0x01, 0x07: value = .reference(data)
            case 0x10, 0x11: value = .integer(Int(Int32(bitPattern: data)))
            case 0x12: value = .boolean(data != 0)
            default:
                if raw != UInt32.max {
                    value = .string(try string(raw, strings, at: base + 8))
                } else {
                    value = .other(type: type, data: data)
                }
            }
            attributes.append(
                AndroidXMLAttribute(
                    namespace: namespace, name: attributeName, resourceID: id, value: value))
        }
        return AndroidXMLElement(name: name, attributes: attributes, line: line, children: [])
    }

    // MARK: - Checked reads

    private func string(_ index: UInt32, _ strings: [String], at offset: Int) throws(InputProblem)
        -> String
    {
        guard Int(index) < strings.count else {
            throw InputProblem(
                offset: offset,
                reason: "string pool index \(index) out of range (\(strings.count) strings)")
        }
        return strings[Int(index)]
    }

    private func u16(_ offset: Int) throws(InputProblem) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else {
            throw InputProblem(offset: offset, reason: "the file ends early")
        }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private func u32(_ offset: Int) throws(InputProblem) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else {
            throw InputProblem(offset: offset, reason: "the file ends early")
        }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
