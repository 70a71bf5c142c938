import CapabilitySupport
import FoundationEssentials
import Glibc
import CapabilityModel
import CapabilityProbing
import CapabilityLive

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
        let pipeEnds: (read: FileDescriptor, write: FileDescriptor)
        do {
            pipeEnds = try FileDescriptor.pipe()
        } catch {
            throw .system(function: "pipe", errno: error.code)
        }
        for end in [pipeEnds.read, pipeEnds.write] {
            _ = fcntl(end.rawValue, F_SETFL, fcntl(end.rawValue, F_GETFL) | O_NONBLOCK)
        }
        let control = WatchControl(readEnd: pipeEnds.read, writeEnd: pipeEnds.write)
        let (events, continuation) = AsyncStream.makeStream(
            of: DeviceEvent.self, bufferingPolicy: .unbounded)
        // Only a request here: cancellation handlers run under the task's status lock, and
        // the worker needs that lock to finish the stream. The join happens in `stop()`.
        continuation.onTermination = { _ in control.requestStop() }
        let source = options.source ?? EventSource.detect(controlSocket: options.controlSocket)
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

/// What to watch and how often to poll what raises no uevent.
public struct WatchOptions: Sendable {
    /// The subsystems the monitor receives: every subsystem the probers classify, as each
    /// declares itself (``Subsystem/Roles/watched``).
    package static let subsystems: [Subsystem] = Subsystem.watched

    /// The event kinds to report (default: all).
    public var kinds: Set<WatchKind>
    /// The uevent source; nil picks one with ``EventSource/detect(controlSocket:)``.
    public var source: EventSource?
    /// Seconds between battery polls while the battery is watched (default 5 s).
    ///
    /// `capacity` often changes without a uevent (many fuel gauges only emit one on status
    /// changes), so `capacity`/`status` are re-read this often, like upower does. 5 s keeps
    /// 1 % steps timely (a laptop drains 1 % in about a minute) at the cost of a few small
    /// sysfs reads.
    public var batteryPollInterval: Double
    /// Seconds between proximity polls while proximity is watched (default 0.5 s).
    ///
    /// IIO proximity channels and input switches raise no uevent when the value changes;
    /// 2 Hz notices a hand or an ear within half a second for one small read per sensor.
    public var proximityPollInterval: Double
    /// Seconds without an `add`/`remove` uevent before capabilities are re-classified
    /// (default 0.5 s).
    ///
    /// A device arrives as a burst of uevents (a USB headset: device, interfaces, sound
    /// card, then its PCMs); classifying in the middle would report passing states such as
    /// "sound card without PCMs → unknown". Waiting for the burst to settle reports the
    /// change once.
    public var settleInterval: Double
    /// The probers used to re-classify after devices come and go.
    public var probers: [any CapabilityProber]
    /// The sysfs mount point (umockdev redirects `/sys` in tests).
    public var sysfsRoot: String
    /// The root the host's files other than sysfs are read under (procfs for ALSA's PCM
    /// names, the udev database, udevd's control socket); `nil` follows the sysfs root as the
    /// live source does (``SysfsDeviceSource/userspaceRoot``), so a test bed never mixes in the
    /// host.
    public var userspaceRoot: String?
    #if CAPCHECK_TEST_HOOKS
        /// The machine the watch starts from; nil enumerates the live one (tests set a
        /// recorded one through `CapabilityProbeTesting`; debug builds only).
        package var baseline: DeviceInventory?
    #endif

    /// The recorded machine a test asked the watch to start from (never in a release build).
    var recordedBaseline: DeviceInventory? {
        #if CAPCHECK_TEST_HOOKS
            baseline
        #else
            nil
        #endif
    }

    /// Creates options.
    /// - Parameters:
    ///   - kinds: The kinds to report.
    ///   - source: The uevent source, or nil to detect.
    ///   - batteryPollInterval: Seconds between battery polls.
    ///   - proximityPollInterval: Seconds between proximity polls.
    ///   - settleInterval: Quiet seconds before capabilities are re-classified.
    ///   - probers: Probers for capability changes.
    ///   - sysfsRoot: The sysfs mount point.
    ///   - userspaceRoot: The root the host's other files are read under; `nil` follows the
    ///     sysfs root (see ``userspaceRoot``).
    public init(
        kinds: Set<WatchKind> = Set(WatchKind.allCases), source: EventSource? = nil,
        batteryPollInterval: Double = 5, proximityPollInterval: Double = 0.5,
        settleInterval: Double = 0.5, probers: [any CapabilityProber] = Probers.all,
        sysfsRoot: String = "/sys", userspaceRoot: String? = nil
    ) {
        self.kinds = kinds
        self.source = source
        self.batteryPollInterval = batteryPollInterval
        self.proximityPollInterval = proximityPollInterval
        self.settleInterval = settleInterval
        self.probers = probers
        self.sysfsRoot = sysfsRoot
        self.userspaceRoot = userspaceRoot
    }

    /// The resolved root the host's other files are read under (``HostRoot``).
    package var hostRoot: String {
        HostRoot.resolve(
            userspaceRoot, sysfsRoot: sysfsRoot, environment: ProcessInfo.processInfo.environment)
    }

    /// udevd's control socket under ``hostRoot`` (`/run/udev/control` on the machine itself).
    var controlSocket: String { HostRoot.path("/run/udev/control", under: hostRoot) }

    /// The procfs mount point under ``hostRoot`` the watch's kernel probes read ALSA's PCM
    /// names from (`/proc` on the machine itself).
    package var procRoot: String { HostRoot.path("/proc", under: hostRoot) }
}

/// Why a watch could not start.
public enum WatchError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A libudev call failed.
    case udev(function: String, errno: Int32)
    /// A system call (pipe, pthread_create) failed.
    case system(function: String, errno: Int32)
    /// The initial enumeration failed.
    case source(SourceError)

    /// A one-line message naming the call and the reason.
    public var description: String {
        switch self {
        case .udev(let function, let errno): return "\(function) failed: errno \(errno)"
        case .system(let function, let errno): return "\(function) failed: errno \(errno)"
        case .source(let error): return error.description
        }
    }
}
