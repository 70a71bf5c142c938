/// The seed's hardware table for real machines: features as rows, machines as columns.
public struct FeatureTable: Sendable, Hashable, Codable {
    /// The JSON schema version of this document.
    public static let currentSchema = 1

    /// One machine column.
    public struct Machine: Sendable, Hashable, Codable {
        /// The column name: vendor and model, else the file name (untrusted text).
        public var name: String
        /// Where its records came from (`udevadm`, `snapshot`, …) and the file, if any.
        public var source: String
        /// Whether the source proves absence (a partial dump does not).
        public var complete: Bool
        /// The manifest verdict, when a manifest was given: satisfied, unsatisfied, undecided.
        public var verdict: String?
        /// The failing or unknown keys behind the verdict.
        public var verdictKeys: [String]?
    }

    /// One feature row.
    public struct Row: Sendable, Hashable, Codable {
        /// The capability id (or `id:detail` for a value row such as `camera.any:megapixels`).
        public var id: String
        /// The label: the seed's column name where there is one, else the id.
        public var label: String
        /// One cell per machine: `present`, `absent`, `unknown`; for value rows the value, or empty
        /// when the machine has none.
        public var cells: [String]
    }

    /// The schema version.
    public var schema: Int
    /// The machines, in the order given.
    public var machines: [Machine]
    /// The feature rows: the seed's features first, then every other id found, then values.
    public var rows: [Row]
    /// The manifest path, when a verdict row was asked for.
    public var manifest: String?

    /// The seed's Table 1-1 features in its order, with its labels.
    public static let seedFeatures: [(id: CapabilityID, label: String)] = [
        (.cellular, "Cellular"), (.netWiFi, "WiFi"), (.bluetooth, "Bluetooth"),
        (.audioOutput, "Speaker"), (.audioInput, "Audio In"),
        (.sensorAccelerometer, "Accelerometer"), (.sensorMagnetometer, "Magnetometer"),
        (.sensorGyroscope, "Gyroscope"), (.locationGNSS, "GPS"),
        (.sensorProximity, "Proximity Sensor"), (.cameraAny, "Camera"),
        (.cameraVideo, "Video"),
        (.hapticsVibration, "Vibration"),
    ]

    /// Numeric details shown as value rows when any machine has them.
    static let valueRows: [(id: CapabilityID, key: String, label: String)] = [
        (.cameraAny, "megapixels", "Camera megapixels"), (.cameraVideo, "modes", "Video modes"),
        (.memoryTotal, "bytes", "Memory"), (.display, "scale", "Display scale"),
        (.display, "dpi", "Display DPI"), (.inputTouchscreen, "points", "Touch points"),
    ]

    /// Builds the table.
    /// - Parameters:
    ///   - machines: Each machine's column name and report, in column order.
    ///   - verdicts: Per machine (same order), the manifest evaluation, when a manifest was given.
    ///   - manifest: The manifest path.
    public init(
        machines: [(name: String, report: CapabilityReport)], verdicts: [RowEvaluation]? = nil,
        manifest: String? = nil
    ) {
        self.schema = Self.currentSchema
        self.manifest = manifest
        var names: [String] = []
        for (name, _) in machines {
            var unique = name.isEmpty ? "machine" : name
            var counter = 2
            while names.contains(unique) {
                unique = "\(name) (\(counter))"
                counter += 1
            }
            names.append(unique)
        }
        self.machines = zip(names, machines).enumerated().map { index, pair in
            let source = pair.1.report.source
            let evaluation = verdicts.flatMap { index < $0.count ? $0[index] : nil }
            return Machine(
                name: pair.0, source: source.kind.rawValue + (source.path.map { " " + $0 } ?? ""),
                complete: source.complete, verdict: evaluation.map(Self.verdictWord),
                verdictKeys: evaluation.map {
                    ($0.failing.isEmpty ? $0.unknown : $0.failing).map(\.key)
                })
        }
        let seedIDs = Set(Self.seedFeatures.map(\.id))
        let otherIDs = Set(machines.flatMap { $0.report.capabilities.map(\.id) }).subtracting(
            seedIDs
        ).sorted()
        var rows: [Row] = []
        for (id, label) in Self.seedFeatures
            + otherIDs.map({ ($0, $0.definition.name) })
        {
            rows.append(
                Row(
                    id: id.rawValue, label: label,
                    cells: machines.map { $0.report.finding(id)?.status.rawValue ?? "unknown" }))
        }
        for (id, key, label) in Self.valueRows {
            let cells = machines.map { Self.value($0.report.finding(id)?.details[key], key: key) }
            guard cells.contains(where: { !$0.isEmpty }) else { continue }
            rows.append(Row(id: "\(id):\(key)", label: label, cells: cells))
        }
        self.rows = rows
    }

    static func verdictWord(_ evaluation: RowEvaluation) -> String {
        switch evaluation.verdict {
        case .eligible: return "satisfied"
        case .excluded: return "unsatisfied"
        case .undecided: return "undecided"
        }
    }

    /// A detail value as table text: `5.0`, `1280x720@30 640x480@30`, `8 GiB`.
    static func value(_ value: JSONValue?, key: String) -> String {
        switch value {
        case .int(let number) where key == "bytes":
            let gib = Double(number) / 1_073_741_824
            return gib >= 1
                ? "\(formatted(gib)) GiB" : "\(formatted(Double(number) / 1_048_576)) MiB"
        case .int(let number): return String(number)
        case .double(let number): return formatted(number)
        case .string(let text): return text
        case .array(let items): return items.compactMap(\.stringValue).joined(separator: " ")
        default: return ""
        }
    }

    static func formatted(_ number: Double) -> String {
        let rounded = (number * 100).rounded() / 100
        guard rounded.isFinite, rounded == rounded.rounded(), abs(rounded) < 1e15 else {
            return String(rounded)
        }
        return String(Int(rounded))
    }
}
