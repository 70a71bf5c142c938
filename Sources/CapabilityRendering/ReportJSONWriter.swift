import FoundationEssentials
import CapabilityModel

/// Writes a ``CapabilityReport`` (the `capcheck list --json` snapshot) in one pass, byte for
/// byte what ``JSONOutput/string(_:)`` writes, without `JSONEncoder`: keys in sorted order
/// are written straight from the records, absent optionals are left out as the synthesized
/// `Codable` conformances do.
public enum ReportJSONWriter {
    /// How many bytes ``write(_:to:)`` collects before it hands them on.
    static let chunkSize = 64 * 1024

    /// The JSON document with a final newline.
    /// - Parameter report: The classified machine.
    /// - Returns: Pretty, sorted JSON text; it decodes to `report`.
    /// - Throws: ``JSONTextError`` for a non-finite number in a detail (as `JSONEncoder`
    ///   refuses one).
    public static func json(_ report: CapabilityReport) throws -> String {
        var document: [UInt8] = []
        document.reserveCapacity(4096 + report.devices.count * 768)
        try write(report) { document.append(contentsOf: $0) }
        return String(decoding: document, as: UTF8.self)
    }

    /// Writes the JSON document of ``json(_:)`` in pieces of about ``chunkSize`` bytes, each
    /// ending after a whole device record, so a machine of a million records never has its
    /// whole document in memory.
    /// - Parameters:
    ///   - report: The classified machine.
    ///   - output: Receives the UTF-8 bytes, in order.
    /// - Throws: ``JSONTextError`` as ``json(_:)`` does, before any byte is handed on.
    public static func write(_ report: CapabilityReport, to output: ([UInt8]) -> Void) throws {
        // Everything that can fail is checked before the first piece goes out: the findings
        // are written (and not handed on) first, and the facts, the only numbers of a record,
        // are checked here.
        for device in report.devices where !device.facts.isEmpty {
            try JSONTextWriter.checkFinite(facts(of: device))
        }
        var out = JSONTextWriter(capacity: chunkSize + 4096)
        out.openObject()
        out.key("capabilities")
        out.openArray()
        for finding in report.capabilities { try write(finding, to: &out) }
        out.close()
        out.key("devices")
        out.openArray()
        for device in report.devices {
            try write(device, to: &out)
            if out.bytes.count >= chunkSize { out.flush(to: output) }
        }
        out.close()
        out.key("machine")
        write(report.machine, to: &out)
        out.key("schema")
        out.int(report.schema)
        out.key("source")
        write(report.source, to: &out)
        out.close()
        out.newline()
        out.flush(to: output)
    }

    private static func write(_ finding: CapabilityFinding, to out: inout JSONTextWriter)
        throws(JSONTextError)
    {
        out.openObject()
        out.key("count")
        out.int(finding.count)
        out.key("details")
        try out.value(.object(finding.details))
        out.key("evidence")
        out.openArray()
        for evidence in finding.evidence {
            out.openObject()
            out.key("device")
            out.string(evidence.device)
            out.key("reason")
            out.string(evidence.reason)
            out.close()
        }
        out.close()
        out.key("id")
        out.string(finding.id.rawValue)
        out.key("status")
        out.string(finding.status.rawValue)
        out.close()
    }

    private static func write(_ device: Device, to out: inout JSONTextWriter)
        throws(JSONTextError)
    {
        out.openObject()
        out.key("attributes")
        out.object(device.attributes)
        out.key("binaryAttributes")
        out.object(device.binaryAttributes.mapValues { $0.base64EncodedString() })
        optional("devnode", device.devnode, &out)
        optional("devtype", device.devtype, &out)
        optional("driver", device.driver, &out)
        out.key("facts")
        try out.value(facts(of: device))
        out.key("id")
        out.string(device.id)
        out.key("links")
        out.array(device.links)
        optional("parentID", device.parentID, &out)
        out.key("properties")
        out.object(device.propertyList)
        optional("subsystem", device.subsystem, &out)
        out.close()
    }

    /// A record's kernel facts as the JSON tree `JSONEncoder` writes for them (most records
    /// have none). Their encoding cannot fail: the numbers are integers, Booleans, finite
    /// megapixels, or came from JSON; an object that did fail would be left empty.
    private static func facts(of device: Device) -> JSONValue {
        guard !device.facts.isEmpty else { return .object([:]) }
        return (try? JSONValue(encoding: device.facts)) ?? .object([:])
    }

    private static func write(_ machine: MachineIdentity, to out: inout JSONTextWriter) {
        out.openObject()
        optional("arch", machine.arch, &out)
        optional("chassis", machine.chassis, &out)
        optional("hostname", machine.hostname, &out)
        optional("kernel", machine.kernel, &out)
        if let bytes = machine.memoryBytes {
            out.key("memoryBytes")
            out.int(bytes)
        }
        optional("memorySource", machine.memorySource, &out)
        optional("model", machine.model, &out)
        optional("os", machine.os, &out)
        if let runs = machine.runs32BitARM {
            out.key("runs32BitARM")
            out.bool(runs)
        }
        optional("vendor", machine.vendor, &out)
        out.close()
    }

    private static func write(_ source: SourceInfo, to out: inout JSONTextWriter) {
        out.openObject()
        out.key("attributes")
        out.bool(source.attributes)
        out.key("complete")
        out.bool(source.complete)
        out.key("kind")
        out.string(source.kind.rawValue)
        out.key("notes")
        out.array(source.notes)
        optional("path", source.path, &out)
        out.key("udevDatabase")
        out.bool(source.udevDatabase)
        // Only when there are any, as `SourceInfo`'s own encoding does.
        if !source.warnings.isEmpty {
            out.key("warnings")
            out.openArray()
            for warning in source.warnings {
                out.openObject()
                if let line = warning.line {
                    out.key("line")
                    out.int(line)
                }
                out.key("reason")
                out.string(warning.reason)
                out.close()
            }
            out.close()
        }
        if source.warningsOmitted > 0 {
            out.key("warningsOmitted")
            out.int(source.warningsOmitted)
        }
        out.close()
    }

    private static func optional(_ key: String, _ value: String?, _ out: inout JSONTextWriter) {
        guard let value else { return }
        out.key(key)
        out.string(value)
    }
}
