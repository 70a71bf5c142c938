import Synchronization

/// Counts the device records that ``ProbeContext`` look-ups visit: a full pass over the
/// records counts each record, an index look-up counts one, a child or subsystem list counts
/// its length. Tests use it to prove that classification is linear in the number of devices
/// (a count, not a clock); production contexts carry none.
final class LookupCounter: Sendable {
    private let visits = Atomic<Int>(0)

    /// Creates a counter at zero.
    init() {}

    /// Adds visited records.
    func add(_ count: Int) { visits.add(count, ordering: .relaxed) }

    /// The records visited so far.
    var total: Int { visits.load(ordering: .relaxed) }
}
