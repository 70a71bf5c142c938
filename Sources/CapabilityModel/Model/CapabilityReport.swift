/// The classified view of one machine: the `capcheck list --json` document.
public struct CapabilityReport: Codable, Sendable, Hashable {
    /// The JSON schema version; changes only with a breaking change.
    public static let currentSchema = 1

    /// The schema version of this document.
    public var schema: Int
    /// Where the records came from.
    public var source: SourceInfo
    /// The machine's identity.
    public var machine: MachineIdentity
    /// One finding per capability id, sorted by id.
    public private(set) var capabilities: [CapabilityFinding]
    /// The device records the findings were computed from, sorted by id.
    public var devices: [Device]

    /// Creates a report; findings are sorted by id.
    /// - Parameters:
    ///   - source: Where the records came from.
    ///   - machine: The machine's identity.
    ///   - capabilities: The findings.
    ///   - devices: The records.
    public init(
        source: SourceInfo, machine: MachineIdentity, capabilities: [CapabilityFinding],
        devices: [Device]
    ) {
        self.schema = Self.currentSchema
        self.source = source
        self.machine = machine
        self.capabilities = capabilities.sorted { $0.id < $1.id }
        self.devices = devices
    }

    /// The finding for an id, if the report has one.
    /// - Parameter id: The capability id.
    /// - Returns: The finding.
    public func finding(_ id: CapabilityID) -> CapabilityFinding? {
        capabilities.first { $0.id == id }
    }

    /// The finding for an id written as text (`camera.any`), if the id is known and the
    /// report has a finding for it.
    /// - Parameter rawID: The dotted id.
    /// - Returns: The finding.
    public func finding(_ rawID: String) -> CapabilityFinding? {
        CapabilityID(rawValue: rawID).flatMap { finding($0) }
    }

    /// Replaces or adds a finding, keeping the order.
    /// - Parameter finding: The new finding.
    public mutating func set(_ finding: CapabilityFinding) {
        var all = capabilities.filter { $0.id != finding.id }
        all.append(finding)
        capabilities = all.sorted { $0.id < $1.id }
    }
}
