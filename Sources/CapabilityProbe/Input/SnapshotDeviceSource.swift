import Foundation

/// Device records from a snapshot written by `capcheck list --json`.
///
/// Only the records, the machine identity and the original source description are
/// taken; the capabilities are computed again by the probers.
public struct SnapshotDeviceSource: DeviceSource {
    /// The snapshot bytes.
    public let data: Data
    /// The file name used in messages.
    public let path: String

    /// Creates a source over snapshot JSON.
    /// - Parameters:
    ///   - data: The JSON.
    ///   - path: The file name for messages.
    public init(data: Data, path: String) {
        self.data = data
        self.path = path
    }

    private struct Envelope: Decodable {
        var schema: Int
        var source: SourceInfo?
        var machine: MachineIdentity?
        var devices: [Device]
    }

    /// Decodes the snapshot.
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` with the coding path.
    public func inventory() throws(SourceError) -> DeviceInventory {
        if let problem = JSONStructureCheck.problem(in: data) {
            throw .malformed(path: path, line: problem.place.line, reason: problem.description)
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch let error as DecodingError {
            throw .malformed(path: path, line: nil, reason: Self.describe(error))
        } catch {
            throw .malformed(path: path, line: nil, reason: "\(error)")
        }
        guard envelope.schema == CapabilityReport.currentSchema else {
            throw .malformed(
                path: path, line: nil,
                reason:
                    "schema: unsupported version \(envelope.schema) (this capcheck reads \(CapabilityReport.currentSchema))"
            )
        }
        let recorded = envelope.source
        var notes = recorded?.notes ?? []
        notes.append("snapshot of a \(recorded?.kind.rawValue ?? "unknown") source, re-classified")
        let source = SourceInfo(
            kind: .snapshot, path: path, udevDatabase: recorded?.udevDatabase ?? true,
            attributes: recorded?.attributes ?? false, complete: recorded?.complete ?? false,
            notes: notes)
        if let cycle = DeviceTree.parentCycle(in: envelope.devices) {
            throw .malformed(
                path: path, line: nil,
                reason: "devices: parent links form a cycle: \(cycle.joined(separator: " → "))")
        }
        let devices = DeviceTree.linkParents(envelope.devices)
        return DeviceInventory(
            source: source,
            machine: envelope.machine ?? MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    /// A one-line description of a decoding error with its coding path.
    static func describe(_ error: DecodingError) -> String {
        func where_(_ path: [any CodingKey]) -> String {
            let text = path.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined()
            let trimmed = text.hasPrefix(".") ? String(text.dropFirst()) : text
            return trimmed.isEmpty ? "top level" : trimmed
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(where_(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(where_(context.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "\(where_(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.localizedDescription
            return "\(where_(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
