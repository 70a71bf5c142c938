import CapabilitySupport
import Dispatch
import FoundationEssentials
import Glibc
import CapabilityModel
import CapabilityProbing
import CapabilityLive

/// The watcher thread's body: owns the libudev objects from creation to release.
package final class WatchWorker: @unchecked Sendable {
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
    package func run() {
        // pthread_setname_np needs _GNU_SOURCE; /proc/thread-self/comm is the same knob.
        try? Self.threadName.write(
            toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
        control.registerWorker()
        guard watch() else { return }
        control.workerExited()
        continuation.finish()
    }

    /// What one watch holds from set-up to return, on the watcher thread: the libudev
    /// objects (thread-bound, released when the watch returns), the readers and the state.
    private struct Session {
        let context: UdevContext
        let monitor: UdevMonitor
        /// Reads a hot-plugged device's directory as the baseline's walk read it.
        var reader: SysfsRecordReader
        let hwdb: UdevHwdb?
        let pci = PCINames()
        let switches = EvdevSwitchReader()
        let collector: KernelFactsCollector
        var state: WatchState
    }

    /// When the loop next has work without a uevent (monotonic seconds).
    private struct Deadlines {
        var battery: Double
        var proximity: Double
        /// When the last add/remove burst has settled; infinity while nothing is pending.
        var settled = Double.infinity
    }

    /// Sets up, signals the starter, loops; false when set-up failed (nothing to clean up
    /// beyond what is released on return). Every libudev object dies when this returns.
    private func watch() -> Bool {
        var session: Session
        switch setUp() {
        case .success(let value): session = value
        case .failure(let error):
            failure = error
            started.signal()
            return false
        }
        defer { session.switches.closeAll() }
        control.registerMonitor(session.monitor.fileDescriptor)
        started.signal()
        loop(&session)
        return true
    }

    /// Step 1: the monitor listens before the baseline is read, so nothing falls between
    /// the two; proximity starts from what the enumeration recorded.
    private func setUp() -> Result<Session, WatchError> {
        let context: UdevContext
        let monitor: UdevMonitor
        do {
            context = try UdevContext()
            monitor = try UdevMonitor(context: context, source: source)
            try monitor.filter(subsystems: WatchOptions.subsystems)
            // Listen before enumerating so nothing falls between the two.
            try monitor.enableReceiving()
        } catch {
            guard case .udev(let function, let errno) = error else {
                return .failure(.source(error))
            }
            return .failure(.udev(function: function, errno: errno))
        }
        let baseline: DeviceInventory
        if let recorded = options.recordedBaseline {
            baseline = recorded
        } else {
            do {
                baseline = try SysfsDeviceSource(
                    sysfsRoot: options.sysfsRoot, userspaceRoot: options.hostRoot
                ).inventory()
            } catch {
                return .failure(.source(error))
            }
        }
        var state = WatchState(
            inventory: baseline, kinds: options.kinds,
            classifier: CapabilityClassifier(probers: options.probers))
        if options.kinds.contains(.proximity) {
            // The baseline is what the enumeration (and its kernel probes) recorded.
            _ = state.update(near: recordedProximity(state))
        }
        let hwdb = try? UdevHwdb(context: context)
        let database = LiveMachine.hasUdevDatabase(hostRoot: options.hostRoot) ? context : nil
        return .success(
            Session(
                context: context, monitor: monitor,
                reader: SysfsRecordReader(
                    sysfsRoot: options.sysfsRoot, hwdb: hwdb, database: database),
                hwdb: hwdb, collector: KernelFactsCollector(procRoot: options.procRoot),
                state: state))
    }

    /// Step 2: polls the monitor and the stop pipe until a stop request, an error or a
    /// closed monitor; between uevents, the timed work runs when it is due.
    private func loop(_ session: inout Session) {
        var deadlines = Deadlines(
            battery: Self.now() + options.batteryPollInterval,
            proximity: Self.now() + options.proximityPollInterval)
        var descriptors = [
            pollfd(fd: session.monitor.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: control.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let pollBattery = session.state.pollsBattery
            let pollProximity = session.state.pollsProximity
            var deadline = deadlines.settled
            if pollBattery { deadline = min(deadline, deadlines.battery) }
            if pollProximity { deadline = min(deadline, deadlines.proximity) }
            // The timeout is measured again when a signal interrupts the poll.
            let timeout = {
                deadline.isInfinite
                    ? -1 : Int32(max(0, (deadline - Self.now()) * 1000).rounded(.up))
            }
            for index in descriptors.indices { descriptors[index].revents = 0 }
            let count = nfds_t(descriptors.count)
            guard (try? Retrying.call({ poll(&descriptors, count, timeout()) })) != nil else {
                return
            }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents & Int16(POLLIN) != 0,
                let udev = session.monitor.receive()
            {
                receive(udev, in: &session)
                if session.state.needsReclassification {
                    deadlines.settled = Self.now() + options.settleInterval
                }
            } else if descriptors[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                return
            }
            runTimedWork(
                &session, &deadlines, battery: pollBattery, proximity: pollProximity)
        }
    }

    /// Step 3: one uevent becomes a record (kernel facts as `list` collects them, so
    /// hot-plugged devices classify the same) and the events its change implies.
    private func receive(_ udev: UdevDevice, in session: inout Session) {
        let action = udev.action ?? "change"
        let id = udev.devpath ?? String((udev.syspath ?? "").dropFirst(options.sysfsRoot.count))
        var record: Device
        if action != "remove", let read = session.reader.read(id: id) {
            record = read
        } else {
            // Gone (or going) from sysfs: what the uevent itself carries.
            record = Self.record(uevent: udev, id: id, hwdb: session.hwdb, pci: session.pci)
        }
        for key in Self.eventOnlyProperties { record.propertyList[key] = nil }
        if action != "remove" {
            let parent = session.state.parentID(of: record).flatMap { session.state.devices[$0] }
            record.facts.merge(session.collector.facts(for: record, parent: parent))
        }
        emit(session.state.apply(action: action, device: record))
    }

    /// A record from a uevent alone (its properties, links and node; no attributes), named
    /// as the walk names a device udevd did not name.
    private static func record(uevent udev: UdevDevice, id: String, hwdb: UdevHwdb?, pci: PCINames?)
        -> Device
    {
        var properties = udev.properties
        LiveAttributes.addNames(
            to: &properties, attributes: [:],
            subsystem: udev.subsystem.flatMap(Subsystem.init(rawValue:)), hwdb: hwdb,
            pci: { pci })
        return Device(
            id: id, subsystem: udev.subsystem, devtype: udev.devtype, driver: udev.driver,
            devnode: udev.devnode, properties: properties, links: udev.links)
    }

    /// Step 4: what raises no uevent, each when due: battery values, the re-classification
    /// once a burst has settled, proximity.
    private func runTimedWork(
        _ session: inout Session, _ deadlines: inout Deadlines, battery: Bool, proximity: Bool
    ) {
        let time = Self.now()
        if battery, time >= deadlines.battery {
            deadlines.battery = time + options.batteryPollInterval
            let refreshed = session.state.batteries.map {
                SystemBattery.refreshed($0, sysfsRoot: options.sysfsRoot)
            }
            emit(session.state.refreshBatteries(refreshed))
        }
        if time >= deadlines.settled {
            deadlines.settled = .infinity
            emit(session.state.reclassify())
        }
        if proximity, time >= deadlines.proximity {
            deadlines.proximity = time + options.proximityPollInterval
            emit(session.state.update(near: readProximity(session.state, session.switches)))
        }
    }

    /// Monotonic seconds.
    private static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
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
}
