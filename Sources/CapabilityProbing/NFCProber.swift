import CapabilityModel

/// NFC: `nfc` (detection.md §13).
///
/// Present when a kernel NFC class device (`nfcN`) exists; one per controller. USB CCID
/// readers (class 0x0b) go through pcscd and are not kernel NFC, so they do not count.
package struct NFCProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.nfc] }

    /// Classifies NFC controllers.
    /// - Parameter context: The records.
    /// - Returns: The `nfc` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var controllers: [String: RadioFunction] = [:]
        for device in context.devices(in: .nfc) {
            let key = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
            var controller = controllers[key] ?? RadioFunction(id: key, context: context)
            controller.reasons.append("NFC controller \(device.sysname) (kernel nfc class)")
            controller.nodes.append(device.sysname)
            controllers[key] = controller
        }
        let sorted = controllers.keys.sorted().compactMap { controllers[$0] }
        let details: [String: JSONValue] = ["devices": .array(sorted.map(\.detail))]
        guard !sorted.isEmpty else {
            return [
                CapabilityFinding(id: .nfc, status: context.noCandidateStatus, details: details)
            ]
        }
        return [
            CapabilityFinding(
                id: .nfc, status: .present, count: sorted.count,
                evidence: sorted.map {
                    Evidence(device: $0.id, reason: $0.reasons.joined(separator: "; "))
                },
                details: details)
        ]
    }
}
