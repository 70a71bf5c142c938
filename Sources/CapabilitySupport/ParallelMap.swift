import Dispatch
import Synchronization

/// Work split across the machine's cores whose results come back in order, whatever order
/// the workers finish in: reading a fleet's files, the two halves of a large matrix.
package enum ParallelMap {
    /// `body(0)`, …, `body(count - 1)`, run on Dispatch's worker threads (one call alone runs
    /// on the calling thread).
    /// - Parameters:
    ///   - count: How many calls.
    ///   - body: One piece of work; it may run on any thread, at the same time as the others.
    /// - Returns: The results, in index order.
    package static func results<Value: Sendable>(
        count: Int, _ body: @Sendable (Int) -> Value
    ) -> [Value] {
        guard count > 1 else { return (0..<count).map(body) }
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, body(index))
        }
        // concurrentPerform returns after every call, so every slot is filled.
        return slots.values.compactMap { $0 }
    }

    /// One slot per call, written by the workers under a lock.
    private final class Slots<Value: Sendable>: Sendable {
        private let storage: Mutex<[Value?]>

        init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

        func set(_ index: Int, _ value: Value) {
            storage.withLock { $0[index] = value }
        }

        var values: [Value?] { storage.withLock { $0 } }
    }
}
