import Synchronization

/// Values the process keeps until it exits rather than free: a command that is done with a
/// 100 000-row table and its results is about to exit, and freeing them one allocation at a
/// time would only add milliseconds after the output is written. They stay reachable, so a
/// leak checker counts them as in use, not lost.
enum ProcessEnd {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` until the process exits.
    static func keep(_ value: any Sendable) {
        kept.withLock { $0.append(value) }
    }
}
