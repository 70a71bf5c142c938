import Foundation
import Glibc

/// The watcher thread's body: owns the libudev objects from creation to release.
final class WatchWorker: @unchecked Sendable {
    private let options: WatchOptions
    private let source: EventSource
    private let control: WatchControl
    private let continuation: AsyncStream<DeviceEvent>.Continuation
    private let started = DispatchSemaphore(value: 0)
    private var failure: WatchError?

    /// Properties a monitor adds that enumeration records do not have.
    static let eventOnlyProperties: Set<String> = ["ACTION", "SEQNUM", "DEVPATH_OLD", "SYNTH_UUID"]

    init(
        options: WatchOptions, source: EventSource, control: WatchControl,
        continuation: AsyncStream<DeviceEvent>.Continuation
    ) {
        self.options = options
        self.source = source
        self.control = control
        self.continuation = continuation
    }

    /// Starter side: waits for set-up; the error when set-up failed (the thread then ends).
    func waitUntilStarted() -> WatchError? {
        started.wait()
        return failure
    }

    /// The thread's name (`/proc/self/task/*/comm`), at most 15 bytes.
    static let threadName = "capcheck-watch"

    /// Runs on the dedicated thread.
    func run() {
        // pthread_setname_np needs _GNU_SOURCE; /proc/thread-self/comm is the same knob.
        try? Self.threadName.write(
            toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        control.registerWorker()
        guard watch() else { return }
        control.workerExited()
        continuation.finish()
    }

    /// Sets up, signals the starter, loops; false when set-up failed (nothing to clean up
    /// beyond what is released on return). Every libudev object dies when this returns.
    private func watch() -> Bool {
        let context: UdevContext
        let monitor: UdevMonitor
        let baseline: DeviceInventory
        do {
            context = try UdevContext()
            monitor = try UdevMonitor(context: context, source: source)
            try monitor.filter(subsystems: WatchOptions.subsystems)
            // Listen before enumerating so nothing falls between the two.
            try monitor.enableReceiving()
        } catch {
            failure = .udev(function: Self.function(error), errno: Self.code(error))
            started.signal()
            return false
        }
        let liveSource = UdevDeviceSource(sysfsRoot: options.sysfsRoot)
        do {
            baseline = try liveSource.inventory()
        } catch {
            failure = .source(error)
            started.signal()
            return false
        }
        let hwdb = try? UdevHwdb(context: context)
        let pci = PCINames()
        let switches = EvdevSwitchReader()
        defer { switches.closeAll() }
        var state = WatchState(
            inventory: baseline, kinds: options.kinds,
            classifier: CapabilityClassifier(probers: options.probers))
        let collector = KernelFactsCollector()
        if options.kinds.contains(.proximity) {
            // The baseline is what the enumeration (and its kernel probes) recorded.
            _ = state.update(near: recordedProximity(state))
        }
        control.registerMonitor(monitor.fileDescriptor)
        started.signal()

        let now = { () -> Double in
            var spec = timespec()
            clock_gettime(CLOCK_MONOTONIC, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        var nextBattery = now() + options.batteryPollInterval
        var nextProximity = now() + options.proximityPollInterval
        var settled = Double.infinity
        var descriptors = [
            pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: control.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let pollBattery = state.pollsBattery
            let pollProximity = state.pollsProximity
            var deadline = Double.infinity
            if pollBattery { deadline = min(deadline, nextBattery) }
            if pollProximity { deadline = min(deadline, nextProximity) }
            deadline = min(deadline, settled)
            let timeout =
                deadline.isInfinite ? -1 : Int32(max(0, (deadline - now()) * 1000).rounded(.up))
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[1].revents != 0 { break }
            if descriptors[0].revents & Int16(POLLIN) != 0, let udev = monitor.receive() {
                let action = udev.action ?? "change"
                var record = liveSource.record(
                    udev, syspath: udev.syspath ?? options.sysfsRoot + (udev.devpath ?? ""),
                    hwdb: hwdb, pci: pci)
                for key in Self.eventOnlyProperties { record.properties[key] = nil }
                if action != "remove" {
                    // Kernel facts as `list` collects them, so hot-plugged devices classify
                    // the same.
                    let parent = state.parentID(of: record).flatMap { state.devices[$0] }
                    record.facts.merge(collector.facts(for: record, parent: parent))
                }
                emit(state.apply(action: action, device: record))
                if state.needsReclassification { settled = now() + options.settleInterval }
            } else if descriptors[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                break
            }
            let time = now()
            if pollBattery, time >= nextBattery {
                nextBattery = time + options.batteryPollInterval
                let refreshed = state.batteries.map {
                    SystemBattery.refreshed($0, sysfsRoot: options.sysfsRoot)
                }
                emit(state.refreshBatteries(refreshed))
            }
            if time >= settled {
                settled = .infinity
                emit(state.reclassify())
            }
            if pollProximity, time >= nextProximity {
                nextProximity = time + options.proximityPollInterval
                emit(state.update(near: readProximity(state, switches)))
            }
        }
        return true
    }

    /// The first sensor's value as recorded, without touching the devices.
    private func recordedProximity(_ state: WatchState) -> Bool? {
        for sensor in state.proximitySensors {
            if let record = state.devices[sensor.id], let near = sensor.recorded(record) {
                return near
            }
        }
        return nil
    }

    /// The first readable sensor's value, read now.
    private func readProximity(_ state: WatchState, _ switches: EvdevSwitchReader) -> Bool? {
        for sensor in state.proximitySensors {
            if let record = state.devices[sensor.id],
                let near = sensor.read(record, sysfsRoot: options.sysfsRoot, switches: switches)
            {
                return near
            }
        }
        return nil
    }

    private func emit(_ events: [DeviceEvent]) {
        for event in events { continuation.yield(event) }
    }

    private static func function(_ error: UdevError) -> String {
        switch error {
        case .call(let function, _): return function
        }
    }

    private static func code(_ error: UdevError) -> Int32 {
        switch error {
        case .call(_, let errno): return errno
        }
    }
}
