import FoundationEssentials
import CapabilityModel

/// Reads the `devices` array of a snapshot straight from the bytes: a fleet of thousands of
/// snapshots spends its time here, and `JSONDecoder`'s generic `Decodable` path cost about
/// 200 million instructions a 400 KB snapshot.
///
/// Only called on text `JSONDecoder` has already parsed (so it is JSON, with no key given
/// twice). A record of exactly the shape `capcheck list --json` writes is built here; any
/// other (a value of another type, a missing key, binary data that is not base64) is handed
/// back as its byte range, for `JSONDecoder` to decode and to word the error as before.
struct SnapshotDeviceScanner {
    /// One element of the array: the record, or the bytes of one this scanner does not read.
    enum Element {
        case device(Device)
        case other(Range<Int>)
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    /// The elements of the top-level object's `devices` array, or nil when the text has no
    /// such array (the decoder has said why already).
    static func elements(of data: Data) -> [Element]? {
        data.withUnsafeBytes { raw in
            var scanner = SnapshotDeviceScanner(bytes: raw)
            return scanner.topLevelDevices()
        }
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: The document

    private mutating func topLevelDevices() -> [Element]? {
        skipSpace()
        var found: [Element]?
        let read = members { scanner, key in
            guard key == "devices" else { return scanner.skipValue() }
            found = scanner.deviceArray()
            return found != nil
        }
        return read ? found : nil
    }

    /// Walks an object at the current byte: for each member, `value` reads (or skips) the
    /// value after its key and says whether it could.
    private mutating func members(_ value: (inout Self, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        while true {
            skipSpace()
            if consume(UInt8(ascii: "}")) { return true }
            _ = consume(UInt8(ascii: ","))
            skipSpace()
            guard let key = string() else { return false }
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard value(&self, key) else { return false }
        }
    }

    private mutating func deviceArray() -> [Element]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        while true {
            skipSpace()
            if consume(UInt8(ascii: "]")) { return elements }
            _ = consume(UInt8(ascii: ","))
            skipSpace()
            let start = index
            if let device = device() {
                elements.append(.device(device))
            } else {
                index = start
                guard skipValue() else { return nil }
                elements.append(.other(start..<index))
            }
        }
    }

    /// A record of the written shape, or nil (the caller rewinds and skips it).
    private mutating func device() -> Device? {
        var id: String?
        var subsystem: String?
        var devtype: String?
        var driver: String?
        var devnode: String?
        var parentID: String?
        var properties: [PropertyList.Pair]?
        var attributes: [String: String]?
        var binaryAttributes: [String: Data]?
        var links: [String]?
        var facts: KernelFacts?
        let read = members { scanner, key in
            switch key {
            case "id":
                id = scanner.string()
                return id != nil
            case "subsystem": return scanner.optionalString(&subsystem)
            case "devtype": return scanner.optionalString(&devtype)
            case "driver": return scanner.optionalString(&driver)
            case "devnode": return scanner.optionalString(&devnode)
            case "parentID": return scanner.optionalString(&parentID)
            case "properties":
                var pairs: [PropertyList.Pair] = []
                guard scanner.stringObject({ pairs.append(PropertyList.Pair(key: $0, value: $1)) })
                else { return false }
                properties = pairs
            case "attributes":
                var map: [String: String] = [:]
                guard scanner.stringObject({ map[$0] = $1 }) else { return false }
                attributes = map
            case "binaryAttributes":
                var map: [String: Data] = [:]
                var valid = true
                guard
                    scanner.stringObject({ key, value in
                        if let data = Data(base64Encoded: value) {
                            map[key] = data
                        } else {
                            valid = false
                        }
                    }), valid
                else { return false }
                binaryAttributes = map
            case "links":
                links = scanner.stringArray()
                return links != nil
            case "facts":
                facts = scanner.kernelFacts()
                return facts != nil
            default:
                return scanner.skipValue()
            }
            return true
        }
        guard read else { return nil }
        guard let id, let properties, let attributes, let binaryAttributes, let links, let facts
        else { return nil }
        return Device(
            decoded: id, subsystem: subsystem, devtype: devtype, driver: driver,
            devnode: devnode, properties: PropertyList(collecting: properties),
            attributes: attributes, binaryAttributes: binaryAttributes, links: links,
            parentID: parentID, facts: facts)
    }

    /// An empty `{}` is no facts; any other object is decoded by `JSONDecoder` from its bytes.
    private mutating func kernelFacts() -> KernelFacts? {
        let start = index
        guard consume(UInt8(ascii: "{")) else { return nil }
        skipSpace()
        if consume(UInt8(ascii: "}")) { return KernelFacts() }
        index = start
        guard skipValue() else { return nil }
        let slice = Data(bytes[start..<index])
        return try? JSONDecoder().decode(KernelFacts.self, from: slice)
    }

    // MARK: Values

    private mutating func optionalString(_ value: inout String?) -> Bool {
        if consumeWord("null") {
            value = nil
            return true
        }
        guard let text = string() else { return false }
        value = text
        return true
    }

    private mutating func stringObject(_ add: (String, String) -> Void) -> Bool {
        members { scanner, key in
            guard let value = scanner.string() else { return false }
            add(key, value)
            return true
        }
    }

    private mutating func stringArray() -> [String]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        while true {
            skipSpace()
            if consume(UInt8(ascii: "]")) { return values }
            _ = consume(UInt8(ascii: ","))
            skipSpace()
            guard let value = string() else { return nil }
            values.append(value)
        }
    }

    /// A string literal at the current byte, escapes decoded.
    private mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let body = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return escaped
                    ? JSONStructureCheck.unescape(Array(body))
                    : String(decoding: body, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 2
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Moves past one value of any kind.
    private mutating func skipValue() -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            return string() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    guard string() != nil else { return false }
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                }
                index += 1
            }
            return false
        default:
            // A number, true, false or null: up to the next delimiter.
            let start = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A,
                    0x0D:
                    return index > start
                default: index += 1
                }
            }
            return index > start
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func consumeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in
            (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        if matches { index += count }
        return matches
    }
}
