import CapabilityModel

/// A pure classifier: device records in, findings out.
///
/// Probers never touch the machine; they see the same records whether those came from
/// libudev, a dump, a recording or a snapshot.
public protocol CapabilityProber: Sendable {
    /// The capability ids this prober decides.
    var ids: [CapabilityID] { get }
    /// Classifies the records.
    /// - Parameter context: The records and what the source can prove.
    /// - Returns: One finding per id in ``ids``.
    func evaluate(_ context: ProbeContext) -> [CapabilityFinding]
}

/// The default, ordered list of probers.
public enum Probers {
    /// Every prober capcheck runs, in a fixed order.
    public static let all: [any CapabilityProber] = [
        CameraProber(),
        AudioProber(),
        WiFiProber(),
        BluetoothProber(),
        CellularProber(),
        NFCProber(),
        LocationProber(),
        SensorProber(),
        TouchscreenProber(),
        PointerProber(),
        InputControlProber(),
        VibrationProber(),
        GPUProber(),
        DisplayProber(),
        BatteryProber(),
        CPUArchProber(),
        MemoryProber(),
    ]
}

/// Runs the probers over an inventory and builds the report.
public struct CapabilityClassifier: Sendable {
    /// The probers to run.
    public let probers: [any CapabilityProber]

    /// Creates a classifier.
    /// - Parameter probers: The probers; defaults to ``Probers/all``.
    public init(probers: [any CapabilityProber] = Probers.all) {
        self.probers = probers
    }

    /// Classifies an inventory.
    /// - Parameter inventory: The device records.
    /// - Returns: The report with one finding per capability id, sorted by id.
    public func classify(_ inventory: DeviceInventory) -> CapabilityReport {
        classify(ProbeContext(inventory))
    }

    /// Classifies an indexed inventory (tests pass a context with a ``LookupCounter``).
    package func classify(_ context: ProbeContext) -> CapabilityReport {
        let inventory = context.inventory
        var findings: [CapabilityID: CapabilityFinding] = [:]
        for prober in probers {
            for var finding in prober.evaluate(context) {
                // Every verdict carries its why: findings without device evidence get the
                // rule that was looked for.
                if finding.evidence.isEmpty, finding.details["reason"] == nil,
                    let reason = Self.reason(for: finding, source: inventory.source)
                {
                    finding.details["reason"] = .string(reason)
                }
                findings[finding.id] = finding
            }
        }
        return CapabilityReport(
            source: inventory.source, machine: inventory.machine,
            capabilities: Array(findings.values), devices: inventory.devices)
    }

    /// The reason shown for a finding without device evidence: the rule that was looked for
    /// (``CapabilityID/Definition/rule``).
    /// - Parameters:
    ///   - finding: The finding.
    ///   - source: Where the records came from.
    /// - Returns: A reason in words, or `nil` for present findings.
    package static func reason(for finding: CapabilityFinding, source: SourceInfo) -> String? {
        let rule = finding.id.definition.rule ?? "a device providing \(finding.id)"
        switch finding.status {
        case .absent:
            return "none found; looked for \(rule)"
        case .unknown:
            return source.complete
                ? "cannot decide; looked for \(rule)"
                : "partial source, proves no absence; looked for \(rule)"
        case .present:
            return nil
        }
    }
}
