/// Whether a capability is there.
public enum CapabilityStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// At least one device provides it.
    case present
    /// The source is complete and no candidate device exists.
    case absent
    /// A candidate exists but the deciding fact is missing, refused or out of reach.
    case unknown
}

/// Why a finding says what it says: which device and which rule.
public struct Evidence: Codable, Sendable, Hashable, Comparable {
    /// The device id (devpath without `/sys`), or a pseudo path such as `/proc/meminfo`.
    public var device: String
    /// The rule that matched, in words.
    public var reason: String

    /// Creates evidence.
    /// - Parameters:
    ///   - device: The device id.
    ///   - reason: The rule in words.
    public init(device: String, reason: String) {
        self.device = device
        self.reason = reason
    }

    /// Orders by device, then reason.
    public static func < (lhs: Evidence, rhs: Evidence) -> Bool {
        (lhs.device, lhs.reason) < (rhs.device, rhs.reason)
    }
}

/// The verdict on one capability id, with its evidence and details.
public struct CapabilityFinding: Codable, Sendable, Hashable, Identifiable {
    /// The dotted capability id, e.g. `camera.any`.
    public var id: String
    /// Present, absent or unknown.
    public var status: CapabilityStatus
    /// The number of physical functions that provide it (0 unless present).
    public var count: Int
    /// The devices and rules behind the status.
    public var evidence: [Evidence]
    /// Open details: names, PCI ids, numeric facts (documented per capability).
    public var details: [String: JSONValue]

    /// Creates a finding; evidence is sorted.
    /// - Parameters:
    ///   - id: The capability id.
    ///   - status: The status.
    ///   - count: Physical functions providing it.
    ///   - evidence: Devices and rules.
    ///   - details: Extra facts.
    public init(
        id: String, status: CapabilityStatus, count: Int = 0, evidence: [Evidence] = [],
        details: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.status = status
        self.count = count
        self.evidence = evidence.sorted()
        self.details = details
    }
}
