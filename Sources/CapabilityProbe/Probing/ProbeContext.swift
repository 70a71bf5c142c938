/// Device records indexed for probers, with what the source can prove.
public struct ProbeContext: Sendable {
    /// The inventory being classified.
    public let inventory: DeviceInventory
    private let byID: [String: Device]
    private let childrenByID: [String: [Device]]

    /// Indexes an inventory.
    /// - Parameter inventory: The records.
    public init(_ inventory: DeviceInventory) {
        self.inventory = inventory
        var byID: [String: Device] = [:]
        var children: [String: [Device]] = [:]
        for device in inventory.devices {
            byID[device.id] = device
            if let parent = device.parentID { children[parent, default: []].append(device) }
        }
        self.byID = byID
        self.childrenByID = children
    }

    /// All records, sorted by id.
    public var devices: [Device] { inventory.devices }
    /// Where the records came from.
    public var source: SourceInfo { inventory.source }

    /// The record with an id.
    /// - Parameter id: The device id.
    /// - Returns: The record, if present.
    public func device(_ id: String) -> Device? { byID[id] }

    /// The parent record of a device.
    /// - Parameter device: The child.
    /// - Returns: Its parent, if recorded.
    public func parent(of device: Device) -> Device? {
        device.parentID.flatMap { byID[$0] }
    }

    /// The chain of recorded ancestors, nearest first.
    ///
    /// Sources reject parent cycles; an inventory built by hand with one still ends, because
    /// no chain is longer than the number of records.
    /// - Parameter device: The device.
    /// - Returns: Parent, grandparent, ….
    public func ancestors(of device: Device) -> [Device] {
        var chain: [Device] = []
        var current = parent(of: device)
        while let next = current, chain.count < byID.count {
            chain.append(next)
            current = parent(of: next)
        }
        return chain
    }

    /// The nearest ancestor (or the device itself) that matches a predicate.
    /// - Parameters:
    ///   - device: Where to start.
    ///   - predicate: The test.
    /// - Returns: The first match walking up.
    public func nearest(from device: Device, where predicate: (Device) -> Bool) -> Device? {
        if predicate(device) { return device }
        return ancestors(of: device).first(where: predicate)
    }

    /// The direct children of a device, sorted by id.
    /// - Parameter device: The parent.
    /// - Returns: Its children.
    public func children(of device: Device) -> [Device] {
        childrenByID[device.id] ?? []
    }

    /// Every recorded descendant of a device, sorted by id.
    /// - Parameter device: The ancestor.
    /// - Returns: Its descendants.
    public func descendants(of device: Device) -> [Device] {
        devices.filter { $0.id.hasPrefix(device.id + "/") }
    }

    /// Records of one subsystem.
    /// - Parameter subsystem: The subsystem name.
    /// - Returns: Matching records, sorted by id.
    public func devices(in subsystem: String) -> [Device] {
        devices.filter { $0.subsystem == subsystem }
    }

    /// The status to report when no candidate was found: `absent` for a complete source,
    /// `unknown` for a partial one.
    public var noCandidateStatus: CapabilityStatus {
        source.complete ? .absent : .unknown
    }
}
