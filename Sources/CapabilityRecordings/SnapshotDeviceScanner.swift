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
        guard consume(UInt8(ascii: "{")) else { return nil }
        var found: [Element]?
        while true {
            skipSpace()
            if consume(UInt8(ascii: "}")) { return found }
            _ = consume(UInt8(ascii: ","))
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            if key == "devices" {
                guard let elements = deviceArray() else { return nil }
                found = elements
            } else {
                guard skipValue() else { return nil }
            }
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
        guard consume(UInt8(ascii: "{")) else { return nil }
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
        while true {
            skipSpace()
            if consume(UInt8(ascii: "}")) { break }
            _ = consume(UInt8(ascii: ","))
            skipSpace()
            guard let key = string() else { return nil }
            skipSpace()
            guard consume(UInt8(ascii: ":")) else { return nil }
            skipSpace()
            switch key {
            case "id":
                guard let value = string() else { return nil }
                id = value
            case "subsystem": guard optionalString(&subsystem) else { return nil }
            case "devtype": guard optionalString(&devtype) else { return nil }
            case "driver": guard optionalString(&driver) else { return nil }
            case "devnode": guard optionalString(&devnode) else { return nil }
            case "parentID": guard optionalString(&parentID) else { return nil }
            case "properties":
                var pairs: [PropertyList.Pair] = []
                guard stringObject({ pairs.append(PropertyList.Pair(key: $0, value: $1)) })
                else { return nil }
                properties = pairs
            case "attributes":
                var map: [String: String] = [:]
                guard stringObject({ map[$0] = $1 }) else { return nil }
                attributes = map
            case "binaryAttributes":
                var map: [String: Data] = [:]
                var valid = true
                guard
                    stringObject({ key, value in
                        if let data = Data(base64Encoded: value) {
                            map[key] = data
                        } else {
                            valid = false
                        }
                    }), valid
                else { return nil }
                binaryAttributes = map
            case "links":
                guard let array = stringArray() else { return nil }
                links = array
            case "facts":
                guard let value = kernelFacts() else { return nil }
                facts = value
            default:
                guard skipValue() else { return nil }
            }
        }
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
            guard let value = string() else { return false }
            add(key, value)
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
