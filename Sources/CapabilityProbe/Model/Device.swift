import Foundation

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
    /// udev properties (`E:` lines, or the live udev database / uevent).
    public var properties: [String: String]
    /// Text sysfs attributes the probers use (trailing newline removed).
    public var attributes: [String: String]
    /// Binary sysfs attributes (e.g. `edid`), base64 in JSON.
    public var binaryAttributes: [String: Data]
    /// Symlinks under `/dev` (`S:` lines), without the `/dev/` prefix.
    public var links: [String]
    /// The id of the nearest parent device, if any.
    public var parentID: String?
    /// Facts gathered by kernel probes (ioctls), kept so snapshots can be re-classified.
    public var facts: KernelFacts

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
        self.id = id
        self.subsystem = subsystem
        self.devtype = devtype
        self.driver = driver
        self.devnode = devnode
        self.properties = properties
        self.attributes = attributes
        self.binaryAttributes = binaryAttributes
        self.links = links.sorted()
        self.parentID = parentID
        self.facts = facts
    }

    /// Why a listed attribute (or `uevent`) could not be read, when the source says so.
    /// - Parameter name: The attribute name.
    /// - Returns: The reason (`permission denied`), or `nil` when it was read or is not there.
    public func unreadable(_ name: String) -> String? {
        facts.unreadable[name]
    }

    /// The last path component of the id (`video0`, `hci0`, `0000:00:02.0`).
    public var sysname: String {
        // The last non-empty component, found from the end without splitting the whole id.
        let bytes = id.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
            end = bytes.index(before: end)
        }
        guard end > bytes.startIndex else { return id }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != UInt8(ascii: "/") {
            start = bytes.index(before: start)
        }
        return String(id[start..<end])
    }

    /// A property value, or `nil` when absent or empty.
    /// - Parameter key: The udev property name.
    /// - Returns: The non-empty value.
    public func property(_ key: String) -> String? {
        guard let value = properties[key], !value.isEmpty else { return nil }
        return value
    }

    /// An attribute value, or `nil` when absent.
    /// - Parameter key: The sysfs attribute name relative to the device directory.
    /// - Returns: The value with surrounding white space trimmed.
    public func attribute(_ key: String) -> String? {
        attributes[key]?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the source carried any sysfs attributes for this device.
    public var hasAttributes: Bool { !attributes.isEmpty || !binaryAttributes.isEmpty }
}
