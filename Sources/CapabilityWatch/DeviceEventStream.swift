import CapabilitySupport
import Dispatch
import FoundationEssentials
import Glibc
import CapabilityModel

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
    package final class Stopper: Sendable {
        package let control: WatchControl
        init(_ control: WatchControl) { self.control = control }
        deinit { control.stop() }
    }

    package init(source: EventSource, events: AsyncStream<DeviceEvent>, control: WatchControl) {
        self.source = source
        self.events = events
        self.stopper = Stopper(control)
    }

    /// The watch's stop machinery (test hooks in `CapabilityProbeTesting` read it).
    package var control: WatchControl { stopper.control }

    /// Stops the watch now and waits for its thread; the iteration then ends. Idempotent.
    public func stop() { stopper.control.stop() }

    /// The iterator; it keeps the watch running while it lives.
    public struct Iterator: AsyncIteratorProtocol {
        package var base: AsyncStream<DeviceEvent>.Iterator
        let stopper: Stopper

        /// The next event, or nil when the watch has stopped.
        public mutating func next() async -> DeviceEvent? { await base.next() }
    }

    /// Makes an iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), stopper: stopper)
    }
}

/// Stops the watcher thread: wakes it through a pipe and joins it.
///
/// The thread closes both pipe ends as it exits; ``stop()`` writes only while the thread
/// has not exited (under the lock), so a descriptor is never used after it was closed.
package final class WatchControl: @unchecked Sendable {
    private let lock = Lock()
    private let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor
    private var thread: pthread_t?
    private var workerID: pthread_t?
    private var workerTask: String?
    private var exited = false
    private var wakeSent = false
    private var joined = false
    private var monitorDescriptor: Int32?
    private let exitSignal = DispatchSemaphore(value: 0)

    /// Takes ownership of both ends of a non-blocking pipe.
    init(readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        self.readEnd = readEnd
        self.writeEnd = writeEnd
    }

    /// The descriptor the worker polls for a stop request.
    var wakeDescriptor: Int32 { readEnd.rawValue }

    /// Records the thread handle (starter side).
    func setThread(_ handle: pthread_t) {
        lock.lock()
        thread = handle
        lock.unlock()
    }

    /// Records the monitor's socket (worker side, before start-up completes).
    func registerMonitor(_ descriptor: Int32) {
        lock.lock()
        monitorDescriptor = descriptor
        lock.unlock()
    }

    #if CAPCHECK_TEST_HOOKS
        /// The descriptors the watch owns while it runs: the monitor socket and the pipe ends.
        package var descriptors: [Int32] {
            lock.lock()
            defer { lock.unlock() }
            return [monitorDescriptor, readEnd.rawValue, writeEnd.rawValue].compactMap { $0 }
        }
    #endif

    /// Records the worker's own identity (worker side, first thing it does).
    func registerWorker() {
        // "PID/task/TID": the kernel's name for this thread, to see it in /proc.
        let task = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")
        lock.lock()
        workerID = pthread_self()
        workerTask = task.map { "/proc/" + $0 }
        lock.unlock()
    }

    #if CAPCHECK_TEST_HOOKS
        /// The worker thread's `/proc/PID/task/TID` directory (for tests: it is gone once the
        /// thread was joined); nil before the worker started or without /proc.
        package var workerTaskPath: String? {
            lock.lock()
            defer { lock.unlock() }
            return workerTask
        }
    #endif

    /// Worker side, last thing before returning (its libudev objects are released by
    /// then): closes the pipe and wakes ``waitForWorkerExit(timeout:)``.
    func workerExited() {
        closeDescriptors()
        exitSignal.signal()
    }

    #if CAPCHECK_TEST_HOOKS
        /// Waits until the worker has released everything it owned, without joining it (tests
        /// use this to see that cancellation alone stops the worker).
        /// - Parameter timeout: The latest time to wait until.
        /// - Returns: Whether the worker exited in time.
        package func waitForWorkerExit(timeout: DispatchTime) -> Bool {
            guard exitSignal.wait(timeout: timeout) == .success else { return false }
            exitSignal.signal()
            return true
        }
    #endif

    /// Closes both pipe ends once (also used when start-up fails).
    func closeDescriptors() {
        lock.lock()
        if !exited {
            exited = true
            try? readEnd.close()
            try? writeEnd.close()
        }
        lock.unlock()
    }

    /// Asks the worker to stop without waiting. Safe anywhere, including inside a task
    /// cancellation handler (where blocking would deadlock the task runtime).
    func requestStop() {
        lock.lock()
        if !exited, !wakeSent {
            wakeSent = true
            _ = [UInt8(1)].withUnsafeBytes { try? writeEnd.write($0) }
        }
        lock.unlock()
    }

    /// Asks the worker to stop and waits for it (join). On the worker itself, detaches
    /// instead. Idempotent.
    package func stop() {
        requestStop()
        lock.lock()
        if joined {
            lock.unlock()
            return
        }
        joined = true
        let handle = thread
        let worker = workerID
        lock.unlock()
        guard let handle else { return }
        if let worker, pthread_equal(worker, pthread_self()) != 0 {
            pthread_detach(handle)
        } else {
            pthread_join(handle, nil)
        }
    }
}
