/// All device records of one machine, with where they came from.
///
/// Devices are kept sorted by id so every consumer sees the same order.
public struct DeviceInventory: Codable, Sendable, Hashable {
    /// Where the records came from.
    public var source: SourceInfo
    /// The machine's identity.
    public var machine: MachineIdentity
    /// The device records, sorted by id.
    public private(set) var devices: [Device]

    /// Creates an inventory; devices are sorted by id and duplicates merged (last wins).
    /// - Parameters:
    ///   - source: Where the records came from.
    ///   - machine: The machine's identity.
    ///   - devices: The records in any order.
    public init(source: SourceInfo, machine: MachineIdentity, devices: [Device]) {
        self.source = source
        self.machine = machine
        self.devices = Self.sortedUnique(devices)
    }

    /// The records sorted by id, of each id only the last; records already in that order
    /// (every recording once read, a re-made inventory) are taken as they are.
    private static func sortedUnique(_ devices: [Device]) -> [Device] {
        if zip(devices, devices.dropFirst()).allSatisfy({ $0.id < $1.id }) { return devices }
        // Stable by position, so of equal ids the last comes last and is the one kept.
        let order = devices.indices.sorted { left, right in
            let (a, b) = (devices[left].id, devices[right].id)
            return a != b ? a < b : left < right
        }
        var result: [Device] = []
        result.reserveCapacity(order.count)
        for (rank, position) in order.enumerated() {
            if rank + 1 < order.count, devices[order[rank + 1]].id == devices[position].id {
                continue
            }
            result.append(devices[position])
        }
        return result
    }

    /// Changes records in place without changing their ids (the order stays valid).
    /// - Parameter change: Called with each record.
    package mutating func updateDevices(_ change: (inout Device) -> Void) {
        for position in devices.indices { change(&devices[position]) }
    }
}
