import CapabilitySupport
import FoundationEssentials

/// One device record: what a source knows about a single sysfs device.
///
/// Records are plain values, identical in shape whether they come from the live
/// machine, a `udevadm info --export-db` dump, a umockdev recording or a snapshot.
/// Probers classify these records and nothing else.
public struct Device: Codable, Sendable, Hashable, Identifiable {
    /// The fields, shared by every copy of the record until one copy changes (copy on write):
    /// the inventory, the classifier's indexes by id, parent and subsystem and the report all
    /// hold the same records, and a copy costs one reference instead of the whole record.
    private var storage: Storage

    /// The devpath without `/sys`, e.g. `/devices/pci0000:00/0000:00:02.0`.
    public var id: String {
        get { storage.id }
        _modify { yield &unique().id }
    }
    /// The kernel subsystem (`pci`, `usb`, `video4linux`, …), if known.
    public var subsystem: String? {
        get { storage.subsystem }
        _modify { yield &unique().subsystem }
    }
    /// The device type (`DEVTYPE`), e.g. `wlan`, `usb_interface`, `drm_minor`.
    public var devtype: String? {
        get { storage.devtype }
        _modify { yield &unique().devtype }
    }
    /// The bound driver, if any.
    public var driver: String? {
        get { storage.driver }
        _modify { yield &unique().driver }
    }
    /// The device node, e.g. `/dev/video0`.
    public var devnode: String? {
        get { storage.devnode }
        _modify { yield &unique().devnode }
    }
    /// udev properties (`E:` lines, or the live udev database / uevent).
    ///
    /// Stored densely, as pairs sorted by key; reading this builds a dictionary, so code that reads
    /// one value uses ``property(_:)``, and code that changes many assigns once.
    public var properties: [String: String] {
        get { storage.properties.dictionary }
        set { unique().properties = PropertyList(newValue) }
    }
    /// The properties as stored: sorted by key.
    package var propertyList: PropertyList {
        get { storage.properties }
        _modify { yield &unique().properties }
    }
    /// Text sysfs attributes the probers use (trailing newline removed).
    public var attributes: [String: String] {
        get { storage.attributes }
        _modify { yield &unique().attributes }
    }
    /// Binary sysfs attributes (e.g. `edid`), base64 in JSON.
    public var binaryAttributes: [String: Data] {
        get { storage.binaryAttributes }
        _modify { yield &unique().binaryAttributes }
    }
    /// Symlinks under `/dev` (`S:` lines), without the `/dev/` prefix.
    public var links: [String] {
        get { storage.links }
        _modify { yield &unique().links }
    }
    /// The id of the nearest parent device, if any.
    public var parentID: String? {
        get { storage.parentID }
        _modify { yield &unique().parentID }
    }
    /// Facts gathered by kernel probes (ioctls), kept so snapshots can be re-classified.
    public var facts: KernelFacts {
        get { storage.facts?.facts ?? KernelFacts() }
        set { unique().facts = newValue.isEmpty ? nil : FactsBox(newValue) }
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
    ///   - links: `/dev` symlinks.
    ///   - parentID: The parent's id; derived from `id` when `nil`.
    ///   - facts: Facts from kernel probes.
    public init(
        id: String, subsystem: String? = nil, devtype: String? = nil, driver: String? = nil,
        devnode: String? = nil, properties: [String: String] = [:],
        attributes: [String: String] = [:], binaryAttributes: [String: Data] = [:],
        links: [String] = [], parentID: String? = nil, facts: KernelFacts = KernelFacts()
    ) {
        storage = Storage(id: id)
        storage.subsystem = subsystem
        storage.devtype = devtype
        storage.driver = driver
        storage.devnode = devnode
        storage.properties = PropertyList(properties)
        storage.attributes = attributes
        storage.binaryAttributes = binaryAttributes
        storage.links = links.sorted()
        storage.parentID = parentID
        storage.facts = facts.isEmpty ? nil : FactsBox(facts)
    }

    /// A record exactly as a snapshot holds it, built field by field the way
    /// ``init(from:)`` builds it (links kept in their order, empty facts stored as none).
    package init(
        decoded id: String, subsystem: String?, devtype: String?, driver: String?,
        devnode: String?, properties: PropertyList, attributes: [String: String],
        binaryAttributes: [String: Data], links: [String], parentID: String?,
        facts: KernelFacts
    ) {
        storage = Storage(id: id)
        storage.subsystem = subsystem
        storage.devtype = devtype
        storage.driver = driver
        storage.devnode = devnode
        storage.properties = properties
        storage.attributes = attributes
        storage.binaryAttributes = binaryAttributes
        storage.links = links
        storage.parentID = parentID
        storage.facts = facts.isEmpty ? nil : FactsBox(facts)
    }

    /// The storage, copied first when another record shares it.
    private mutating func unique() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The record's fields. Only a uniquely referenced instance is ever changed
    /// (``Device/unique()``), so sharing one between threads is safe.
    ///
    /// The fields skip the runtime's exclusivity check (a tenth of the instructions of reading
    /// a recording went to it): every access goes through a `Device`, whose own exclusivity
    /// the compiler enforces, and a shared instance is never changed, so two accesses to one
    /// field cannot overlap.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var subsystem: String?
        @exclusivity(unchecked) var devtype: String?
        @exclusivity(unchecked) var driver: String?
        @exclusivity(unchecked) var devnode: String?
        @exclusivity(unchecked) var properties = PropertyList()
        @exclusivity(unchecked) var attributes: [String: String] = [:]
        @exclusivity(unchecked) var binaryAttributes: [String: Data] = [:]
        @exclusivity(unchecked) var links: [String] = []
        @exclusivity(unchecked) var parentID: String?
        /// `nil` when no probe stored anything (most records): the facts are large.
        @exclusivity(unchecked) var facts: FactsBox?

        init(id: String) { self.id = id }

        func copy() -> Storage {
            let copy = Storage(id: id)
            copy.subsystem = subsystem
            copy.devtype = devtype
            copy.driver = driver
            copy.devnode = devnode
            copy.properties = properties
            copy.attributes = attributes
            copy.binaryAttributes = binaryAttributes
            copy.links = links
            copy.parentID = parentID
            copy.facts = facts
            return copy
        }
    }

    /// Kernel facts that are not empty, stored once and never changed.
    private final class FactsBox: Sendable {
        let facts: KernelFacts
        init(_ facts: KernelFacts) { self.facts = facts }
    }

    /// The JSON keys, in the order the fields are declared.
    package enum CodingKeys: String, CodingKey {
        case id, subsystem, devtype, driver, devnode, properties, attributes, binaryAttributes
        case links, parentID, facts
    }

    /// Decodes a record as the synthesized conformance of a plain struct with these fields
    /// would: optionals may be missing or null, every other key is required.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a missing key or a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        storage = Storage(id: try container.decode(String.self, forKey: .id))
        storage.subsystem = try container.decodeIfPresent(String.self, forKey: .subsystem)
        storage.devtype = try container.decodeIfPresent(String.self, forKey: .devtype)
        storage.driver = try container.decodeIfPresent(String.self, forKey: .driver)
        storage.devnode = try container.decodeIfPresent(String.self, forKey: .devnode)
        storage.properties = PropertyList(
            try container.decode([String: String].self, forKey: .properties))
        storage.attributes = try container.decode([String: String].self, forKey: .attributes)
        storage.binaryAttributes = try container.decode(
            [String: Data].self, forKey: .binaryAttributes)
        storage.links = try container.decode([String].self, forKey: .links)
        storage.parentID = try container.decodeIfPresent(String.self, forKey: .parentID)
        let facts = try container.decode(KernelFacts.self, forKey: .facts)
        storage.facts = facts.isEmpty ? nil : FactsBox(facts)
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

    /// Whether two records hold the same fields.
    public static func == (lhs: Device, rhs: Device) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.id == rhs.id && lhs.subsystem == rhs.subsystem && lhs.devtype == rhs.devtype
            && lhs.driver == rhs.driver && lhs.devnode == rhs.devnode
            && lhs.propertyList == rhs.propertyList && lhs.attributes == rhs.attributes
            && lhs.binaryAttributes == rhs.binaryAttributes && lhs.links == rhs.links
            && lhs.parentID == rhs.parentID && lhs.facts == rhs.facts
    }

    /// Hashes every field, as `==` compares them.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(subsystem)
        hasher.combine(devtype)
        hasher.combine(driver)
        hasher.combine(devnode)
        hasher.combine(propertyList)
        hasher.combine(attributes)
        hasher.combine(binaryAttributes)
        hasher.combine(links)
        hasher.combine(parentID)
        hasher.combine(facts)
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
        guard let value = storage.properties[key], !value.isEmpty else { return nil }
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
