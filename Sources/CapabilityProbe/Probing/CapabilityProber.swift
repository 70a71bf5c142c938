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
