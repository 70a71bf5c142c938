import Dispatch

/// The events of a running watch, as an `AsyncSequence`.
///
/// Cancelling the iterating task ends the iteration and asks the watch thread to stop; the
/// thread is joined (and its descriptors are closed) on ``stop()`` or when the last copy of
/// the stream and its iterators is gone.
public struct DeviceEventStream: AsyncSequence, Sendable {
    /// The events.
    public typealias Element = DeviceEvent

    /// Where the events come from.
    public let source: EventSource
    private let events: AsyncStream<DeviceEvent>
    private let stopper: Stopper

    /// Stops the watch when the last stream or iterator referencing it goes away.
    final class Stopper: Sendable {
        let control: WatchControl
        init(_ control: WatchControl) { self.control = control }
        deinit { control.stop() }
    }

    init(source: EventSource, events: AsyncStream<DeviceEvent>, control: WatchControl) {
        self.source = source
        self.events = events
        self.stopper = Stopper(control)
    }

    /// The descriptors the running watch owns (monitor socket, wake-up pipe), for tests.
    var descriptors: [Int32] { stopper.control.descriptors }

    /// The watch thread's `/proc/PID/task/TID` directory, for tests.
    var workerTaskPath: String? { stopper.control.workerTaskPath }

    /// Waits until the watch thread has released its libudev objects and descriptors,
    /// without joining it (for tests).
    /// - Parameter timeout: The latest time to wait until.
    /// - Returns: Whether it did in time.
    func waitForWorkerExit(timeout: DispatchTime) -> Bool {
        stopper.control.waitForWorkerExit(timeout: timeout)
    }

    /// Stops the watch now and waits for its thread; the iteration then ends. Idempotent.
    public func stop() { stopper.control.stop() }

    /// The iterator; it keeps the watch running while it lives.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<DeviceEvent>.Iterator
        let stopper: Stopper

        /// The next event, or nil when the watch has stopped.
        public mutating func next() async -> DeviceEvent? { await base.next() }
    }

    /// Makes an iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), stopper: stopper)
    }
}
