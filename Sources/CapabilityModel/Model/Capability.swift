/// Whether a capability is there.
public enum CapabilityStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// At least one device provides it.
    case present
    /// The source is complete and no candidate device exists.
    case absent
    /// A candidate exists but the deciding fact is missing, refused or out of reach.
    case unknown
}

/// Why a finding says what it says: where the fact came from and which rule.
public struct Evidence: Codable, Sendable, Hashable, Comparable {
    /// Where a piece of evidence came from.
    public enum Source: Sendable, Hashable {
        /// A device record, by id (devpath without `/sys`).
        case device(String)
        /// A host file the source read that is not a device (`/proc/meminfo`, a DMI file).
        case file(String)
        /// The kernel's machine name (`uname -m`).
        case uname
        /// The caller's assumption (a capability assumed present or absent).
        case assumption
        /// A device-matrix column, by header.
        case matrixColumn(String)
        /// A device-matrix row's value columns (sizes, modes, scale).
        case matrixValues
        /// A device-matrix cell of a related capability (parent or sub-capability).
        case matrixImplication

        /// The source as one string: the device id or file path itself, else a word.
        public var text: String {
            switch self {
            case .device(let id): return id
            case .file(let path): return path
            case .uname: return "uname"
            case .assumption: return "assumption"
            case .matrixColumn(let header): return "matrix column '\(header)'"
            case .matrixValues: return "matrix values"
            case .matrixImplication: return "matrix implication"
            }
        }

        /// The source a string written by ``text`` stands for.
        /// - Parameter text: The string (the `device` field of JSON evidence).
        public init(text: String) {
            switch text {
            case "uname": self = .uname
            case "assumption": self = .assumption
            case "matrix values": self = .matrixValues
            case "matrix implication": self = .matrixImplication
            default:
                let column = "matrix column '"
                if text.hasPrefix(column), text.hasSuffix("'"), text.count > column.count {
                    self = .matrixColumn(String(text.dropFirst(column.count).dropLast()))
                } else if text.hasPrefix("/proc/") || text.hasPrefix("/sys/")
                    || text.hasPrefix("/etc/")
                {
                    self = .file(text)
                } else {
                    self = .device(text)
                }
            }
        }
    }

    /// Where it came from.
    public var source: Source
    /// The rule that matched, in words.
    public var reason: String

    /// The source as one string: a device id (devpath without `/sys`), a file path such as
    /// `/proc/meminfo`, or a word for the other sources (`uname`, `matrix values`).
    public var device: String { source.text }

    /// Creates evidence.
    /// - Parameters:
    ///   - source: Where it came from.
    ///   - reason: The rule in words.
    public init(_ source: Source, reason: String) {
        self.source = source
        self.reason = reason
    }

    /// Creates evidence that points at a device record.
    /// - Parameters:
    ///   - device: The device id.
    ///   - reason: The rule in words.
    public init(device: String, reason: String) {
        self.init(.device(device), reason: reason)
    }

    private enum CodingKeys: String, CodingKey {
        case device, reason
    }

    /// Decodes `{"device": …, "reason": …}`.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            Source(text: try container.decode(String.self, forKey: .device)),
            reason: try container.decode(String.self, forKey: .reason))
    }

    /// Encodes `{"device": …, "reason": …}`.
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(device, forKey: .device)
        try container.encode(reason, forKey: .reason)
    }

    /// Orders by source text, then reason.
    public static func < (lhs: Evidence, rhs: Evidence) -> Bool {
        (lhs.device, lhs.reason) < (rhs.device, rhs.reason)
    }
}

/// The verdict on one capability id, with its evidence and details.
public struct CapabilityFinding: Codable, Sendable, Hashable, Identifiable {
    /// The capability, e.g. ``CapabilityID/cameraAny`` (`camera.any`).
    public var id: CapabilityID
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
        id: CapabilityID, status: CapabilityStatus, count: Int = 0, evidence: [Evidence] = [],
        details: [String: JSONValue] = [:]
    ) {
        self.id = id
        self.status = status
        self.count = count
        self.evidence = evidence.sorted()
        self.details = details
    }
}
