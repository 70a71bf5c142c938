import CapabilityModel

/// Decides `memory.total`: installed RAM in `details["bytes"]` (decisions.md).
///
/// The live source fills ``MachineIdentity/memoryBytes`` (DMI memory-device sizes, else
/// MemTotal rounded up to the next GiB). Recorded sources carry no memory size: `unknown`,
/// never `absent` (every machine has RAM).
package struct MemoryProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `memory.total`.
    package var ids: [CapabilityID] { [.memoryTotal] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `memory.total` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let machine = context.inventory.machine
        guard let bytes = machine.memoryBytes, bytes > 0 else {
            return [
                CapabilityFinding(
                    id: .memoryTotal, status: .unknown,
                    evidence: [
                        Evidence(
                            .file("/proc/meminfo"), reason: "the source records no memory size")
                    ])
            ]
        }
        let source = machine.memorySource ?? "/proc/meminfo"
        let reason =
            source.hasPrefix("/sys/firmware/dmi")
            ? "sum of DMI memory-device sizes" : "MemTotal rounded up to the next GiB"
        return [
            CapabilityFinding(
                id: .memoryTotal, status: .present, count: 1,
                evidence: [Evidence(.file(source), reason: reason)],
                details: ["bytes": .int(bytes), "gib": .double(Double(bytes) / Double(1 << 30))])
        ]
    }
}
