import Foundation

/// Ends `capcheck watch` once: a signal or the timeout may fire before the consuming task
/// exists (between installing the handlers and printing the first line), so the request is
/// remembered and applied to the task as soon as it is set.
final class WatchEndLatch: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var fired = false

    /// Requests the end: cancels the task now, or as soon as it is set.
    func fire() {
        lock.lock()
        fired = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Sets the consuming task; cancels it at once when the end was already requested.
    /// - Parameter task: The task that prints events.
    func set(_ task: Task<Void, Never>) {
        lock.lock()
        self.task = task
        let fired = self.fired
        lock.unlock()
        if fired { task.cancel() }
    }
}
