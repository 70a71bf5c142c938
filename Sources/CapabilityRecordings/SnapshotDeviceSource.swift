import FoundationEssentials
import CapabilityModel
import CapabilityInput

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
        var source: Lenient<SourceInfo>?
        var machine: Lenient<MachineIdentity>?
        var devices: Records
    }

    /// The most device records a snapshot may hold: ten times the largest real machine's
    /// (about 2 000 records) and as many as the largest recording the benchmarks read.
    public static let maximumDevices = 200_000

    /// The `devices` array, counted before any record is decoded; each record is decoded on
    /// its own, so one that cannot be read is skipped with its error.
    private struct Records: Decodable {
        var devices: [Device] = []
        /// The errors of the records that could not be read, in their order.
        var failures: [DecodingError] = []

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            if let count = container.count, count > SnapshotDeviceSource.maximumDevices {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription:
                            "\(count) device records, more than \(SnapshotDeviceSource.maximumDevices) (the most capcheck reads)"
                    ))
            }
            devices.reserveCapacity(container.count ?? 0)
            while !container.isAtEnd {
                switch try container.decode(Lenient<Device>.self).result {
                case .success(let device): devices.append(device)
                case .failure(let error): failures.append(error)
                }
            }
        }
    }

    /// A value that failed to decode is kept as its error, so one odd record is skipped
    /// instead of failing the whole snapshot.
    private struct Lenient<Value: Decodable>: Decodable {
        var result: Result<Value, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try Value(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            } catch {
                // The decoder throws its own error, not a DecodingError, for a number the
                // field's type cannot hold (`1e300` or `1.5` as a byte count); without this
                // it reached the top and read "the given data was not valid JSON".
                result = .failure(
                    .dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath,
                            debugDescription: Lenient.numberOutOfRange, underlyingError: nil)))
            }
        }

        /// What a decoder error other than a `DecodingError` means here.
        static var numberOutOfRange: String {
            "a number out of range for its field (counts are whole numbers below 2^63)"
        }
    }

    /// Decodes the snapshot; a device record, the source or the machine that cannot be read
    /// is skipped with a warning (the machine is then derived from the records).
    /// - Returns: The inventory.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` with the coding path when the
    ///   document is not a snapshot (not JSON, no `schema` or `devices`, another schema) or
    ///   none of its device records can be read, or it holds more than ``maximumDevices``.
    public func inventory() throws(SourceError) -> DeviceInventory {
        if let problem = JSONCheck.problem(in: data), !problem.isSyntax {
            throw .malformed(path: path, line: problem.place?.line, reason: problem.reason)
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
        var warnings = WarningLog()
        func value<Value>(_ lenient: Lenient<Value>?) -> Value? {
            switch lenient?.result {
            case .success(let value): return value
            case .failure(let error):
                warnings.add(line: nil, Self.describe(error) + ": skipped")
                return nil
            case nil: return nil
            }
        }
        let recorded = value(envelope.source)
        let machine = value(envelope.machine)
        var devices = envelope.devices.devices
        for error in envelope.devices.failures {
            warnings.add(line: nil, Self.describe(error) + ": device record skipped")
        }
        if devices.isEmpty, let firstFailure = envelope.devices.failures.first {
            throw .malformed(
                path: path, line: nil,
                reason: Self.describe(firstFailure) + " (no device record is readable)")
        }
        var notes = recorded?.notes ?? []
        notes.append("snapshot of a \(recorded?.kind.rawValue ?? "unknown") source, re-classified")
        // The recorded source's warnings first, then this file's, within one limit.
        let all = (recorded?.warnings ?? []) + warnings.kept
        let kept = Array(all.prefix(SourceWarning.keptLimit))
        let source = SourceInfo(
            kind: .snapshot, path: path, udevDatabase: recorded?.udevDatabase ?? true,
            attributes: recorded?.attributes ?? false, complete: recorded?.complete ?? false,
            notes: notes, warnings: kept,
            warningsOmitted: (recorded?.warningsOmitted ?? 0) + warnings.omitted + all.count
                - kept.count)
        if let cycle = DeviceTree.parentCycle(in: devices) {
            throw .malformed(
                path: path, line: nil,
                reason: "devices: parent links form a cycle: \(cycle.joined(separator: " → "))")
        }
        devices = DeviceTree.linkParents(devices)
        return DeviceInventory(
            source: source,
            machine: machine ?? MachineIdentityReader.fromRecords(devices),
            devices: devices)
    }

    /// A one-line description of a decoding error with its coding path.
    package static func describe(_ error: DecodingError) -> String {
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
            return "\(where_(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
