import CapabilityManifest
import CapabilityModel

/// The `apple` built-in catalog: every iPhone, iPad, iPod touch, Apple TV (from Apple TV HD)
/// and Apple Vision Pro model, one row per model (Wi-Fi and cellular iPads as rows of one
/// family), with one column per `UIRequiredDeviceCapabilities` key. Read from
/// `Catalogs/apple/apple-devices.csv`, whose `#` lines name the sources and the rule each key
/// column follows.
public struct AppleCatalog: Sendable {
    /// One model.
    public struct Device: Sendable, Hashable {
        /// Apple's marketing name (`iPhone 16 Pro Max`, `iPad Air 11-inch (M2) Wi-Fi`).
        public var name: String
        /// The model its variants belong to.
        public var family: String
        /// `iPhone`, `iPad`, `iPod touch`, `Apple TV` or `Apple Vision Pro`.
        public var group: String
        /// Hardware identifiers (`iPhone17,2`).
        public var identifiers: [String]
        /// Release year.
        public var year: Int?
        /// The chip (`A18 Pro`, `M4`).
        public var soc: String
        /// The other fact columns in table order (`RAM GB`, `Display Points`, …), as written.
        public var facts: [CatalogFact]
        /// Each key column: yes, no or unknown.
        public var keys: [String: CatalogCell]
        /// Apple's footnotes and the catalog's own remarks for this row.
        public var notes: String
        /// The source ids (`S1;S3`), defined in the catalog's `# source:` lines.
        public var sources: [String]
        /// The newest OS the model runs (the `Max OS` column), if the cell says.
        public var newestOS: NewestOS?
        /// The line of the row.
        public var line: Int

        /// The `UIDeviceFamily` number of its kind: 1 iPhone and iPod touch, 2 iPad, 3 Apple
        /// TV, 7 Apple Vision.
        public var deviceFamily: Int? {
            switch group {
            case "iPhone", "iPod touch": return 1
            case "iPad": return 2
            case "Apple TV": return 3
            case "Apple Vision Pro": return 7
            default: return nil
            }
        }

        /// The OS its kind runs (`iOS`, `iPadOS`, `tvOS`, `visionOS`).
        var platform: String {
            switch group {
            case "iPad": return "iPadOS"
            case "Apple TV": return "tvOS"
            case "Apple Vision Pro": return "visionOS"
            default: return "iOS"
            }
        }
    }

    /// The models, in table order.
    public var devices: [Device]
    /// The `#` lines (sources, date, rules), without the `#`.
    public var provenance: [String]
    /// The key columns, in table order.
    public var keyColumns: [String]

    /// The columns before the key columns.
    static let factColumns = [
        "Device", "Family", "Identifiers", "Year", "SoC", "RAM GB", "Display Points",
        "Display Scale", "Max OS", "Cellular", "Rear Camera MP", "Front Camera MP",
    ]

    /// Reads the catalog.
    /// - Parameters:
    ///   - text: The CSV text.
    ///   - path: The name used in messages.
    /// - Returns: The catalog.
    /// - Throws: ``MatrixError/malformed(path:line:reason:)`` for a header that is not the
    ///   catalog's, a short row or a key cell other than yes, no or unknown.
    public static func parse(text: String, path: String) throws(MatrixError) -> AppleCatalog {
        var reader = CSVReader(bytes: Array(text.utf8), path: path)
        var provenance: [String] = []
        var current: [String: OSVersion] = [:]
        var header: [String]?
        var devices: [Device] = []
        while let record = try reader.next() {
            switch record {
            case .comment(let text, _):
                provenance.append(text)
                let trimmed = text.drop { $0 == " " }
                if trimmed.hasPrefix("current:") {
                    current = NewestOS.currentVersions(String(trimmed.dropFirst(8)))
                }
            case .fields(let fields, let line):
                guard let columns = header else {
                    guard Array(fields.prefix(factColumns.count)) == factColumns,
                        fields.last == "Sources", fields.dropLast().last == "Notes"
                    else {
                        throw .malformed(
                            path: path, line: line,
                            reason:
                                "not the Apple catalog's header (\(factColumns[0]), …, Notes, Sources)"
                        )
                    }
                    header = fields
                    continue
                }
                devices.append(
                    try device(fields, columns: columns, line: line, path: path, current: current))
            }
        }
        guard let columns = header else {
            throw .malformed(path: path, line: nil, reason: "no header row")
        }
        let keyColumns = Array(columns[factColumns.count..<(columns.count - 2)])
        return AppleCatalog(devices: devices, provenance: provenance, keyColumns: keyColumns)
    }

    private static func device(
        _ fields: [String], columns: [String], line: Int, path: String,
        current: [String: OSVersion]
    ) throws(MatrixError) -> Device {
        guard fields.count == columns.count else {
            throw .malformed(
                path: path, line: line,
                reason: "\(fields.count) cells, the header has \(columns.count)")
        }
        var keys: [String: CatalogCell] = [:]
        for index in factColumns.count..<(columns.count - 2) {
            guard let cell = CatalogCell(rawValue: fields[index]) else {
                throw .malformed(
                    path: path, line: line,
                    reason: "\(columns[index]) is '\(fields[index])', expected yes, no or unknown")
            }
            keys[columns[index]] = cell
        }
        let name = fields[0]
        let kind = group(of: name)
        var device = Device(
            name: name, family: fields[1], group: kind,
            identifiers: fields[2].split(separator: ";").map(String.init), year: Int(fields[3]),
            soc: fields[4],
            facts: (5..<factColumns.count).map {
                CatalogFact(name: columns[$0], value: fields[$0])
            },
            keys: keys,
            notes: fields[columns.count - 2],
            sources: fields[columns.count - 1].split(separator: ";").map(String.init),
            newestOS: nil, line: line)
        if let index = columns.firstIndex(of: "Max OS") {
            device.newestOS = NewestOS.parse(
                fields[index], platform: device.platform, current: current)
        }
        return device
    }

    /// The device kind a marketing name starts with.
    static func group(of name: String) -> String {
        for group in ["iPhone", "iPad", "iPod touch", "Apple TV", "Apple Vision Pro"]
        where name.hasPrefix(group) {
            return group
        }
        return "other"
    }
}

/// One cell of a catalog's key column.
public enum CatalogCell: String, Sendable, Hashable, Codable {
    /// The device has it.
    case yes
    /// The device does not have it.
    case no
    /// No source decides it (the row's notes say why).
    case unknown
}

/// One fact column of a catalog row, as written (`RAM GB` = `8`).
public struct CatalogFact: Sendable, Hashable {
    /// The column.
    public var name: String
    /// The cell.
    public var value: String
}
