import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel
@testable import CapabilityWatch

/// The live watcher on this machine's /sys: start, stop, and nothing left behind.
@Suite(.serialized) struct WatchStreamTests {
    static var canWatch: Bool { TestHost.hasSysfs }

    static func openDescriptors() -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
    }

    /// What each open descriptor points at (`socket:[123]`, `pipe:[456]`); inode numbers
    /// are unique while open, so this is immune to other tests opening files meanwhile.
    static func openTargets() -> Set<String> {
        Set(
            openDescriptors().compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
            })
    }

    /// Whether the watch's own thread still exists (other suites may run watches of their
    /// own meanwhile, so threads are not counted by name).
    static func threadAlive(_ stream: DeviceEventStream) -> Bool {
        stream.workerTaskPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
    }

    /// Whether the worker's /proc entry is gone within two seconds: `pthread_join` returns
    /// when the thread has cleared its id, which the kernel does before it removes the
    /// thread's /proc entry, so a loaded machine can show the entry a moment longer.
    static func threadGone(_ stream: DeviceEventStream) -> Bool {
        for _ in 0..<200 {
            if !threadAlive(stream) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Starts a watch and returns it with what its own descriptors point at.
    static func startWatch() throws -> (DeviceEventStream, Set<String>) {
        let stream = try DeviceWatcher.start(options)
        let opened = Set(
            stream.descriptors.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            })
        return (stream, opened)
    }

    /// Only the device kinds: no polling, so the stream stays quiet until stopped.
    static let options = WatchOptions(kinds: [.devices], probers: [])

    @Test(.enabled(if: canWatch, "watches this machine's /sys"))
    func cancellingTheIteratingTaskEndsItAndStopJoinsTheThread() async throws {
        let (stream, opened) = try Self.startWatch()
        // The netlink socket and the wake-up pipe (both ends share one inode).
        #expect(opened.count == 2)
        #expect(Self.threadAlive(stream))
        let task = Task {
            var seen = 0
            for await _ in stream { seen += 1 }
            return seen
        }
        // A safety net, not a timing check: if cancelling did not end the iteration, stop()
        // ends it after a minute and the test fails instead of hanging.
        let safetyNet = Task { () -> Bool in
            guard (try? await Task.sleep(for: .seconds(60))) != nil else { return false }
            stream.stop()
            return true
        }
        task.cancel()
        // Uevents from elsewhere on the machine may arrive before the cancel; how many the
        // loop saw does not matter, only that cancelling ended it.
        _ = await task.value
        safetyNet.cancel()
        #expect(await safetyNet.value == false)
        stream.stop()
        #expect(Self.openTargets().isDisjoint(with: opened))
        #expect(Self.threadGone(stream))
    }

    /// A test double for a live battery: the watch starts from a recorded laptop (BAT0 at
    /// 80 %) and re-reads BAT0's values under a directory this test owns, where BAT0 has
    /// drained to 7 %, so every battery poll has news to yield. Nothing is written to /sys.
    static func drainingBattery() throws -> (WatchOptions, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "capcheck-watch-\(UUID().uuidString)")
        let battery = root.appendingPathComponent(
            "devices/LNXSYSTM:00/LNXSYBUS:00/PNP0C0A:00/power_supply/BAT0")
        try FileManager.default.createDirectory(at: battery, withIntermediateDirectories: true)
        for (name, value) in [
            ("capacity", "7"), ("status", "Discharging"), ("present", "1"),
            ("energy_now", "3500000"), ("energy_full", "50000000"),
        ] {
            try Data((value + "\n").utf8).write(to: battery.appendingPathComponent(name))
        }
        let options = WatchOptions(
            kinds: [.battery], source: .kernel, batteryPollInterval: 0.01, probers: [],
            sysfsRoot: root.path
        ).startingFrom(try Fixtures.inventory("umockdev/laptop-battery-ac.umockdev"))
        return (options, root)
    }

    @Test(.enabled(if: canWatch, "opens a netlink monitor on this machine"))
    func cancellingTheConsumerMidStreamStopsTheWorkerWithoutStop() async throws {
        let (options, root) = try Self.drainingBattery()
        defer { try? FileManager.default.removeItem(at: root) }
        let stream = try DeviceWatcher.start(options)
        let opened = Set(
            stream.descriptors.compactMap {
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")
            })
        let consumer = Task {
            var seen: [DeviceEvent] = []
            for await event in stream {
                seen.append(event)
                // Cancelled while events are still queued or on their way.
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return seen
        }
        // A safety net, not a timing check: when no event ever arrives the test fails
        // instead of hanging.
        let safetyNet = Task {
            if (try? await Task.sleep(for: .seconds(60))) != nil { stream.stop() }
        }
        let seen = await consumer.value
        safetyNet.cancel()
        await safetyNet.value
        #expect(seen.first == .batteryLevelChanged(old: 0.8, new: 0.07))
        // Cancellation alone (no stop()) ends the worker and closes what it owned.
        #expect(stream.waitForWorkerExit(timeout: .now() + 60))
        #expect(opened.count == 2)
        #expect(Self.openTargets().isDisjoint(with: opened))
        stream.stop()
        #expect(Self.threadGone(stream))
    }

    @Test(.enabled(if: canWatch, "watches this machine's /sys"))
    func droppingTheLastStreamCopyJoinsTheThread() throws {
        var opened: Set<String> = []
        var thread: String?
        do {
            let (stream, descriptors) = try Self.startWatch()
            opened = descriptors
            thread = stream.workerTaskPath
            #expect(Self.threadAlive(stream))
            #expect(stream.source == EventSource.detect())
        }
        #expect(opened.count == 2)
        #expect(Self.openTargets().isDisjoint(with: opened))
        let path = try #require(thread)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(.enabled(if: canWatch, "watches this machine's /sys"))
    func stopEndsTheIterationAndClosesEveryDescriptor() async throws {
        let (stream, opened) = try Self.startWatch()
        #expect(opened.count == 2)
        let task = Task {
            var seen = 0
            for await _ in stream { seen += 1 }
            return seen
        }
        stream.stop()
        _ = await task.value
        #expect(Self.openTargets().isDisjoint(with: opened))
        #expect(Self.threadGone(stream))
    }

    @Test(.enabled(if: canWatch, "watches this machine's /sys"))
    func stopIsIdempotent() throws {
        let (stream, opened) = try Self.startWatch()
        stream.stop()
        stream.stop()
        #expect(Self.openTargets().isDisjoint(with: opened))
        #expect(Self.threadGone(stream))
    }

    @Test(.enabled(if: canWatch, "watches this machine's /sys"))
    func reportsTheSourceItListensTo() throws {
        let stream = try DeviceWatcher.start(
            WatchOptions(kinds: [.devices], source: .kernel, probers: []))
        defer { stream.stop() }
        #expect(stream.source == .kernel)
        #expect(EventSource.detect(controlSocket: "/nonexistent/udev/control") == .kernel)
    }
}
