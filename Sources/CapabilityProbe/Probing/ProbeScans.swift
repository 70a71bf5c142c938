import Synchronization

/// Scans that several probers read, computed once per ``ProbeContext``: the Wi-Fi prober and
/// the location prober both need the Wi-Fi radios, the cellular and location probers the
/// modems.
final class ProbeScans: Sendable {
    /// A shared scan.
    enum Kind: Hashable, Sendable {
        /// ``WiFiProber/scan(_:)``.
        case wifi
        /// ``CellularProber/scan(_:)``.
        case cellular
    }

    /// The result of a radio scan: the functions found and the look-alikes ignored.
    typealias Radios = (radios: [RadioFunction], ignored: [Evidence])

    private let results = Mutex<[Kind: Radios]>([:])
    private let computed = Mutex<[Kind: Int]>([:])

    /// Creates an empty cache.
    init() {}

    /// The scan's result, computed by `make` on first use (outside the lock, so a scan may
    /// read other scans).
    func radios(_ kind: Kind, _ make: () -> Radios) -> Radios {
        if let cached = results.withLock({ $0[kind] }) { return cached }
        let value = make()
        computed.withLock { $0[kind, default: 0] += 1 }
        return results.withLock { stored in
            if let cached = stored[kind] { return cached }
            stored[kind] = value
            return value
        }
    }

    /// How many times a scan was computed (1 after any number of reads on one thread).
    func computations(of kind: Kind) -> Int { computed.withLock { $0[kind] ?? 0 } }
}
