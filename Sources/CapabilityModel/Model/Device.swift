import CapabilitySupport
import FoundationEssentials

/// One device record: what a source knows about a single sysfs device.
///
/// Records are plain values, identical in shape whether they come from the live
/// machine, a `udevadm info --export-db` dump, a umockdev recording or a snapshot.
/// Probers classify these records and nothing else.
public struct Device: Codable, Sendable, Hashable, Identifiable {
    /// The devpath without `/sys`, e.g. `/devices/pci0000:00/0000:00:02.0`.
    public var id: String
    /// The kernel subsystem (`pci`, `usb`, `video4linux`, …), if known.
    public var subsystem: String?
    /// The device type (`DEVTYPE`), e.g. `wlan`, `usb_interface`, `drm_minor`.
    public var devtype: String?
    /// The bound driver, if any.
    public var driver: String?
    /// The device node, e.g. `/dev/video0`.
    public var devnode: String?
    /// The properties as stored: sorted by key.
    package var propertyList: PropertyList
    /// Text sysfs attributes the probers use (trailing newline removed).
    public var attributes: [String: String]
    /// Binary sysfs attributes (e.g. `edid`), base64 in JSON.
    public var binaryAttributes: [String: Data]
    /// Symlinks under `/dev` (`S:` lines), without the `/dev/` prefix.
    public var links: [String]
    /// The id of the nearest parent device, if any.
    public var parentID: String?
    /// Facts gathered by kernel probes (ioctls), kept so snapshots can be re-classified.
    ///
    /// Most records have none and the value is large, so a record keeps it out of line, in an
    /// immutable box that a change replaces (a record stays a plain value).
    public var facts: KernelFacts {
        get { storedFacts?.value ?? KernelFacts() }
        set { storedFacts = FactsBox(newValue) }
    }
    /// The facts when there are any.
    private var storedFacts: FactsBox?

    /// udev properties (`E:` lines, or the live udev database / uevent).
    ///
    /// Stored densely, as pairs sorted by key; reading this builds a dictionary, so code that reads
    /// one value uses ``property(_:)``, and code that changes many assigns once.
    public var properties: [String: String] {
        get { propertyList.dictionary }
        set { propertyList = PropertyList(newValue) }
    }

    /// Creates a device record.
    /// - Parameters:
    ///   - id: The devpath without `/sys`.
    ///   - subsystem: The kernel subsystem.
    ///   - devtype: The `DEVTYPE`.
    ///   - driver: The bound driver.
    ///   - devnode: The device node path.
    ///   - properties: udev properties.
    ///   - attributes: Text sysfs attributes.
    ///   - binaryAttributes: Binary sysfs attributes.
    ///   - links: `/dev` symlinks (stored sorted).
    ///   - parentID: The parent's id; derived from `id` when `nil`.
    ///   - facts: Facts from kernel probes.
    public init(
        id: String, subsystem: String? = nil, devtype: String? = nil, driver: String? = nil,
        devnode: String? = nil, properties: [String: String] = [:],
        attributes: [String: String] = [:], binaryAttributes: [String: Data] = [:],
        links: [String] = [], parentID: String? = nil, facts: KernelFacts = KernelFacts()
    ) {
        self.init(
            decoded: id, subsystem: subsystem, devtype: devtype, driver: driver,
            devnode: devnode, properties: PropertyList(properties), attributes: attributes,
            binaryAttributes: binaryAttributes, links: links.sorted(), parentID: parentID,
            facts: facts)
    }

    /// A record exactly as a snapshot holds it (links kept in their order).
    package init(
        decoded id: String, subsystem: String?, devtype: String?, driver: String?,
        devnode: String?, properties: PropertyList, attributes: [String: String],
        binaryAttributes: [String: Data], links: [String], parentID: String?,
        facts: KernelFacts
    ) {
        self.id = id
        self.subsystem = subsystem
        self.devtype = devtype
        self.driver = driver
        self.devnode = devnode
        self.propertyList = properties
        self.attributes = attributes
        self.binaryAttributes = binaryAttributes
        self.links = links
        self.parentID = parentID
        self.storedFacts = FactsBox(facts)
    }

    /// The JSON keys, in the order the fields are declared.
    package enum CodingKeys: String, CodingKey {
        case id, subsystem, devtype, driver, devnode, properties, attributes, binaryAttributes
        case links, parentID, facts
    }

    /// Decodes a record: optionals may be missing or null, every other key is required.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // In the order of the keys, so a record with several faults reports the first.
        let id = try container.decode(String.self, forKey: .id)
        let subsystem = try container.decodeIfPresent(String.self, forKey: .subsystem)
        let devtype = try container.decodeIfPresent(String.self, forKey: .devtype)
        let driver = try container.decodeIfPresent(String.self, forKey: .driver)
        let devnode = try container.decodeIfPresent(String.self, forKey: .devnode)
        var properties: [PropertyList.Pair] = []
        try Self.forEachString(in: container, at: .properties) {
            properties.append(PropertyList.Pair(key: $0, value: $1))
        }
        var attributes: [String: String] = [:]
        try Self.forEachString(in: container, at: .attributes) { attributes[$0] = $1 }
        self.init(
            decoded: id, subsystem: subsystem, devtype: devtype, driver: driver, devnode: devnode,
            properties: PropertyList(collecting: properties), attributes: attributes,
            binaryAttributes: try container.decode([String: Data].self, forKey: .binaryAttributes),
            links: try container.decode([String].self, forKey: .links),
            parentID: try container.decodeIfPresent(String.self, forKey: .parentID),
            facts: try container.decode(KernelFacts.self, forKey: .facts))
    }

    /// Passes each member of an object of strings to `body`, read member by member: a
    /// `[String: String]` decoded as a whole goes through the generic dictionary path, which
    /// costs a snapshot's reader twice the time.
    private static func forEachString(
        in container: KeyedDecodingContainer<CodingKeys>, at key: CodingKeys,
        _ body: (String, String) -> Void
    ) throws {
        let object = try container.nestedContainer(keyedBy: MemberKey.self, forKey: key)
        for member in object.allKeys {
            body(member.stringValue, try object.decode(String.self, forKey: member))
        }
    }

    /// Any member name of a JSON object.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Encodes the record; absent optionals are left out.
    /// - Parameter encoder: The encoder.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(subsystem, forKey: .subsystem)
        try container.encodeIfPresent(devtype, forKey: .devtype)
        try container.encodeIfPresent(driver, forKey: .driver)
        try container.encodeIfPresent(devnode, forKey: .devnode)
        try container.encode(properties, forKey: .properties)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(binaryAttributes, forKey: .binaryAttributes)
        try container.encode(links, forKey: .links)
        try container.encodeIfPresent(parentID, forKey: .parentID)
        try container.encode(facts, forKey: .facts)
    }

    /// Why a listed attribute (or `uevent`) could not be read, when the source says so.
    /// - Parameter name: The attribute name.
    /// - Returns: The reason (`permission denied`), or `nil` when it was read or is not there.
    public func unreadable(_ name: String) -> String? {
        facts.unreadable[name]
    }

    /// The last path component of the id (`video0`, `hci0`, `0000:00:02.0`).
    public var sysname: String {
        // The last non-empty component, found from the end in the id's bytes without
        // splitting it (probers ask for it on every record); cut at ASCII slashes, valid
        // UTF-8 stays valid, so decoding repairs nothing.
        let id = self.id
        let inPlace = id.utf8.withContiguousStorageIfAvailable { bytes -> String in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return id }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return inPlace ?? id.split(separator: "/").last.map(String.init) ?? id
    }

    /// A property value, or `nil` when absent or empty.
    /// - Parameter key: The udev property name.
    /// - Returns: The non-empty value.
    public func property(_ key: String) -> String? {
        guard let value = propertyList[key], !value.isEmpty else { return nil }
        return value
    }

    /// An attribute value, or `nil` when absent.
    /// - Parameter key: The sysfs attribute name relative to the device directory.
    /// - Returns: The value with surrounding white space trimmed.
    public func attribute(_ key: String) -> String? {
        attributes[key]?.trimming(.whitespacesAndNewlines)
    }

    /// Whether the source carried any sysfs attributes for this device.
    public var hasAttributes: Bool { !attributes.isEmpty || !binaryAttributes.isEmpty }
}

extension Device {
    /// The sysfs attribute when recorded, else the udev property (dumps have only properties).
    /// - Parameters:
    ///   - attribute: The sysfs attribute name.
    ///   - property: The udev property name.
    /// - Returns: The trimmed non-empty value.
    package func value(attribute: String, property: String) -> String? {
        if let value = self.attribute(attribute), !value.isEmpty { return value }
        return self.property(property)
    }
}

/// A record's kernel facts, out of line; never empty.
private final class FactsBox: Sendable, Hashable {
    let value: KernelFacts

    /// Boxes the facts, or nothing when there are none.
    init?(_ value: KernelFacts) {
        if value.isEmpty { return nil }
        self.value = value
    }

    static func == (lhs: FactsBox, rhs: FactsBox) -> Bool { lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
