import CapabilityModel
import FoundationEssentials

/// Writes a ``CapabilityReport`` (the `capcheck list --json` snapshot) as ``JSONOutput``
/// does, its device records streamed by ``JSONStream``: `JSONEncoder` alone took a live
/// `list --json` from 0.67 to 0.78 of `udevadm info --export-db`'s time.
public enum SnapshotJSONWriter {
    /// The JSON document with a final newline.
    /// - Parameter report: The classified machine.
    /// - Returns: Pretty, sorted JSON text; it decodes to `report`.
    /// - Throws: `EncodingError` for a number JSON cannot hold.
    public static func json(_ report: CapabilityReport) throws -> String {
        var document: [UInt8] = []
        try write(report) { document.append(contentsOf: $0) }
        return String(decoding: document, as: UTF8.self)
    }

    /// Writes the document of ``json(_:)`` in pieces of about `pieceSize` bytes, each ending
    /// after a whole device record.
    /// - Parameters:
    ///   - report: The classified machine.
    ///   - pieceSize: About how many bytes a piece holds (64 KiB unless told).
    ///   - output: Receives the UTF-8 bytes, in order.
    /// - Throws: `EncodingError` for a number JSON cannot hold, before any byte is handed on.
    public static func write(
        _ report: CapabilityReport, pieceSize: Int = 1 << 16, to output: ([UInt8]) -> Void
    ) throws {
        // The facts, the only numbers of a record, are encoded first (most records have none).
        let encoder = JSONOutput.encoder()
        let facts = try report.devices.map { device in
            device.facts.isEmpty ? nil : Array(try encoder.encode(device.facts))
        }
        var frame = report
        frame.devices = []
        try JSONStream.write(
            frame, streaming: "devices", elements: report.devices.indices, pieceSize: pieceSize,
            element: { append(report.devices[$0], facts: facts[$0], to: &$1) }, to: output)
    }

    /// A record's object, two containers deep, keys in order as `JSONEncoder` sorts them.
    private static func append(_ device: Device, facts: [UInt8]?, to bytes: inout [UInt8]) {
        JSONStream.add("{\n      \"attributes\" : ", to: &bytes)
        JSONStream.object(sorted(device.attributes), to: &bytes)
        JSONStream.add(",\n      \"binaryAttributes\" : ", to: &bytes)
        JSONStream.object(
            sorted(device.binaryAttributes.mapValues { $0.base64EncodedString() }), to: &bytes)
        JSONStream.add(",\n      \"devnode\" : ", device.devnode, to: &bytes)
        JSONStream.add(",\n      \"devtype\" : ", device.devtype, to: &bytes)
        JSONStream.add(",\n      \"driver\" : ", device.driver, to: &bytes)
        JSONStream.add(",\n      \"facts\" : ", to: &bytes)
        if let facts {
            JSONStream.fragment(facts, to: &bytes)
        } else {
            JSONStream.add("{\n\n      }", to: &bytes)
        }
        JSONStream.add(",\n      \"id\" : ", device.id, to: &bytes)
        JSONStream.add(",\n      \"links\" : ", to: &bytes)
        JSONStream.array(device.links, to: &bytes)
        JSONStream.add(",\n      \"parentID\" : ", device.parentID, to: &bytes)
        JSONStream.add(",\n      \"properties\" : ", to: &bytes)
        JSONStream.object(device.propertyList.pairs.lazy.map { ($0.key, $0.value) }, to: &bytes)
        JSONStream.add(",\n      \"subsystem\" : ", device.subsystem, to: &bytes)
        JSONStream.add("\n    }", to: &bytes)
    }

    /// A dictionary's pairs in `JSONEncoder`'s `.sortedKeys` order: UTF-8 byte order.
    private static func sorted(_ members: [String: String]) -> [(key: String, value: String)] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
