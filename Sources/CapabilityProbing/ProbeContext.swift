import Synchronization
import CapabilityModel

/// Device records indexed for probers, with what the source can prove.
///
/// The indexes (by id, by parent, by subsystem) are built once, in one pass, so every
/// look-up a prober makes is O(1) or O(log n) and a classification stays linear in the
/// number of devices. Scans that several probers share (Wi-Fi radios, modems) are computed
/// once per context (``ProbeScans``).
public struct ProbeContext: Sendable {
    /// The inventory being classified.
    public let inventory: DeviceInventory
    private let byID: [String: Device]
    private let childrenByID: [String: [Device]]
    private let bySubsystem: [String: [Device]]
    /// Shared scans, computed on first use.
    let scans = ProbeScans()
    #if CAPCHECK_TEST_HOOKS
        /// Counts the records look-ups visit, when a test asks for it (debug builds only).
        package let counter: LookupCounter?
    #endif

    /// Indexes an inventory.
    /// - Parameter inventory: The records.
    public init(_ inventory: DeviceInventory) {
        #if CAPCHECK_TEST_HOOKS
            self.init(inventory, counter: nil)
        #else
            self.inventory = inventory
            (byID, childrenByID, bySubsystem) = Self.index(inventory)
        #endif
    }

    #if CAPCHECK_TEST_HOOKS
        /// Indexes an inventory and counts the records every look-up visits.
        init(_ inventory: DeviceInventory, counter: LookupCounter?) {
            self.inventory = inventory
            self.counter = counter
            (byID, childrenByID, bySubsystem) = Self.index(inventory)
            counter?.add(inventory.devices.count)
        }
    #endif

    /// Adds visited records to the test counter (debug builds only; nothing in a release).
    @inline(__always)
    private func visit(_ count: Int) {
        #if CAPCHECK_TEST_HOOKS
            counter?.add(count)
        #endif
    }

    /// The indexes by id, by parent and by subsystem, built in one pass.
    private static func index(_ inventory: DeviceInventory) -> (
        [String: Device], [String: [Device]], [String: [Device]]
    ) {
        var byID: [String: Device] = [:]
        var children: [String: [Device]] = [:]
        var bySubsystem: [String: [Device]] = [:]
        byID.reserveCapacity(inventory.devices.count)
        for device in inventory.devices {
            byID[device.id] = device
            if let parent = device.parentID { children[parent, default: []].append(device) }
            if let subsystem = device.subsystem {
                bySubsystem[subsystem, default: []].append(device)
            }
        }
        return (byID, children, bySubsystem)
    }

    /// All records, sorted by id (a full pass: counted as one visit per record).
    public var devices: [Device] {
        visit(inventory.devices.count)
        return inventory.devices
    }
    /// Where the records came from.
    public var source: SourceInfo { inventory.source }

    /// The record with an id.
    /// - Parameter id: The device id.
    /// - Returns: The record, if present.
    public func device(_ id: String) -> Device? {
        visit(1)
        return byID[id]
    }

    /// The parent record of a device.
    /// - Parameter device: The child.
    /// - Returns: Its parent, if recorded.
    public func parent(of device: Device) -> Device? {
        visit(1)
        return device.parentID.flatMap { byID[$0] }
    }

    /// The record with an id, else its nearest recorded ancestor by path (`/a/b/c` → `/a/b`
    /// → `/a`): O(path depth), never a search through all records.
    /// - Parameter id: A device id, recorded or not.
    /// - Returns: The record or nearest recorded ancestor, if any.
    public func deviceOrNearestAncestor(_ id: String) -> Device? {
        if let device = device(id) { return device }
        for path in Self.pathAncestors(of: id) {
            if let device = device(path) { return device }
        }
        return nil
    }

    /// Every proper path prefix of an id, longest first (`/a/b/c` → `/a/b`, `/a`).
    static func pathAncestors(of id: String) -> [String] {
        var result: [String] = []
        var path = Substring(id)
        while let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            path = path[..<slash]
            result.append(String(path))
        }
        return result
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
        var current = parent(of: device)
        while let next = current {
            if predicate(next) { return next }
            current = parent(of: next)
        }
        return nil
    }

    /// The direct children of a device, sorted by id.
    /// - Parameter device: The parent.
    /// - Returns: Its children.
    public func children(of device: Device) -> [Device] {
        let children = childrenByID[device.id] ?? []
        visit(1 + children.count)
        return children
    }

    /// Every recorded descendant of a device, sorted by id: a binary search for the first id
    /// below it, then the contiguous run of ids that start with `id/`.
    /// - Parameter device: The ancestor.
    /// - Returns: Its descendants.
    public func descendants(of device: Device) -> [Device] {
        descendants(ofID: device.id)
    }

    /// Every recorded descendant of a path, whether or not the path itself is recorded.
    /// - Parameter id: The ancestor's device id.
    /// - Returns: The records below it, sorted by id.
    public func descendants(ofID id: String) -> [Device] {
        let all = inventory.devices
        let prefix = id + "/"
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            visit(1)
            if all[middle].id < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < all.count, all[end].id.hasPrefix(prefix) { end += 1 }
        visit(end - low)
        return Array(all[low..<end])
    }

    /// Records of one subsystem.
    /// - Parameter subsystem: The subsystem name.
    /// - Returns: Matching records, sorted by id.
    public func devices(in subsystem: String) -> [Device] {
        let devices = bySubsystem[subsystem] ?? []
        visit(1 + devices.count)
        return devices
    }

    /// Records of one subsystem of ``Subsystem``'s table.
    /// - Parameter subsystem: The subsystem.
    /// - Returns: Matching records, sorted by id.
    package func devices(in subsystem: Subsystem) -> [Device] { devices(in: subsystem.rawValue) }

    /// The status to report when no candidate was found: `absent` for a complete source,
    /// `unknown` for a partial one.
    public var noCandidateStatus: CapabilityStatus {
        source.complete ? .absent : .unknown
    }
}

extension ProbeContext {
    /// The status shared by the probers: `present` with the matching evidence when any device
    /// matched, else `unknown` with the evidence of the candidates that could not be decided,
    /// else ``noCandidateStatus`` (absent only for a complete source).
    /// - Parameters:
    ///   - found: Evidence of the devices that provide the capability.
    ///   - unsure: Evidence of the candidates whose deciding fact is missing.
    /// - Returns: The status and the evidence to report.
    package func verdict(found: [Evidence], unsure: [Evidence]) -> (
        status: CapabilityStatus, evidence: [Evidence]
    ) {
        if !found.isEmpty { return (.present, found) }
        if !unsure.isEmpty { return (.unknown, unsure) }
        return (noCandidateStatus, [])
    }
}

/// Scans that several probers read, computed once per ``ProbeContext``: the Wi-Fi prober and
/// the location prober both need the Wi-Fi radios, the cellular and location probers the
/// modems.
package final class ProbeScans: Sendable {
    /// A shared scan.
    package enum Kind: Hashable, Sendable {
        /// ``WiFiProber/scan(_:)``.
        case wifi
        /// ``CellularProber/scan(_:)``.
        case cellular
    }

    /// The result of a radio scan: the functions found and the look-alikes ignored.
    package typealias Radios = (radios: [RadioFunction], ignored: [Evidence])

    private let results = Mutex<[Kind: Radios]>([:])
    private let computed = Mutex<[Kind: Int]>([:])

    /// Creates an empty cache.
    init() {}

    /// The scan's result, computed by `make` on first use (outside the lock, so a scan may
    /// read other scans).
    package func radios(_ kind: Kind, _ make: () -> Radios) -> Radios {
        if let cached = results.withLock({ $0[kind] }) { return cached }
        let value = make()
        computed.withLock { $0[kind, default: 0] += 1 }
        return results.withLock { stored in
            if let cached = stored[kind] { return cached }
            stored[kind] = value
            return value
        }
    }

    #if CAPCHECK_TEST_HOOKS
        /// How many times a scan was computed (1 after any number of reads on one thread).
        func computations(of kind: Kind) -> Int { computed.withLock { $0[kind] ?? 0 } }
    #endif
}

#if CAPCHECK_TEST_HOOKS
    /// Counts the device records that ``ProbeContext`` look-ups visit: a full pass over the
    /// records counts each record, an index look-up counts one, a child or subsystem list counts
    /// its length. Tests use it to prove that classification is linear in the number of devices
    /// (a count, not a clock); production contexts carry none.
    package final class LookupCounter: Sendable {
        private let visits = Atomic<Int>(0)

        /// Creates a counter at zero.
        init() {}

        /// Adds visited records.
        package func add(_ count: Int) { visits.add(count, ordering: .relaxed) }

        /// The records visited so far.
        package var total: Int { visits.load(ordering: .relaxed) }
    }
#endif
