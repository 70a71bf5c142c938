import Foundation
import Glibc

/// Watches devices come, go and change, and yields typed events.
///
/// One dedicated thread owns every libudev object (they are thread-bound): it creates the
/// monitor, enumerates the baseline, then polls the monitor socket, a pipe for stop
/// requests, and — while battery or proximity are watched — the sysfs values that raise no
/// uevent. Only ``DeviceEvent`` values cross to the consumer.
public enum DeviceWatcher {
    /// Starts watching; returns once the monitor is listening and the baseline is read, so
    /// every later change is reported.
    /// - Parameter options: What to watch.
    /// - Returns: The running stream of events.
    /// - Throws: ``WatchError`` when the monitor, the baseline or the thread cannot be set up.
    public static func start(_ options: WatchOptions = WatchOptions()) throws(WatchError)
        -> DeviceEventStream
    {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw .system(function: "pipe", errno: errno) }
        for end in pipeEnds {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let control = WatchControl(readEnd: pipeEnds[0], writeEnd: pipeEnds[1])
        let (events, continuation) = AsyncStream.makeStream(
            of: DeviceEvent.self, bufferingPolicy: .unbounded)
        // Only a request here: cancellation handlers run under the task's status lock, and
        // the worker needs that lock to finish the stream. The join happens in `stop()`.
        continuation.onTermination = { _ in control.requestStop() }
        let source = options.source ?? EventSource.detect()
        let worker = WatchWorker(
            options: options, source: source, control: control, continuation: continuation)
        var handle = pthread_t()
        let box = Unmanaged.passRetained(worker).toOpaque()
        let rc = pthread_create(
            &handle, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<WatchWorker>.fromOpaque(argument).takeRetainedValue().run()
                return nil
            }, box)
        guard rc == 0 else {
            Unmanaged<WatchWorker>.fromOpaque(box).release()
            control.closeDescriptors()
            throw .system(function: "pthread_create", errno: rc)
        }
        control.setThread(handle)
        if let failure = worker.waitUntilStarted() {
            // The worker returned without touching the stream: reap it and clean up.
            pthread_join(handle, nil)
            control.closeDescriptors()
            continuation.onTermination = nil
            continuation.finish()
            throw failure
        }
        return DeviceEventStream(source: source, events: events, control: control)
    }
}
