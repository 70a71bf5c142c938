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
        var byID: [String: Device] = [:]
        for device in devices { byID[device.id] = device }
        self.devices = byID.values.sorted { $0.id < $1.id }
    }
}
