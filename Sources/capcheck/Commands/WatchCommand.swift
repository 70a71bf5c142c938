import CapabilityModel
import CapabilityProbe
import Dispatch
import FoundationEssentials
import Glibc

/// `capcheck watch`: battery, proximity, capability and device changes as they happen.
struct WatchCommand: Command {
    static let name = "watch"
    static let abstract = "Print battery, proximity, capability and device changes as they happen"
    static let usage =
        "capcheck watch \(formats.usage) \(formats.aliasUsage) [--count N] [--timeout S]\n"
        + "               [--only battery,proximity,capabilities,devices]"

    /// One line `watch` prints.
    enum Line {
        /// The first line: the uevent source and the kinds watched (not an event).
        case source(EventSource, kinds: Set<WatchKind>, time: Date)
        /// One event.
        case event(DeviceEvent, time: Date)
    }

    /// The `--format` choices; `--json` is kept as a short form. Neither is the default: json
    /// when standard output is not a terminal, else text.
    static let formats = FormatRegistry<Line>(
        .init("text", "one readable line per event, the default on a terminal") { line, out in
            switch line {
            case .source(let source, let kinds, let time):
                out.line(DeviceEventLine.text(source: source, kinds: kinds, time: time))
            case .event(let event, let time): out.line(DeviceEventLine.text(event, time: time))
            }
        },
        .init(
            "json",
            "one compact JSON object per line, sorted keys: {time, kind, …}, the default when standard output is not a terminal"
        ) { line, out in
            switch line {
            case .source(let source, let kinds, let time):
                out.line(DeviceEventLine.json(source: source, kinds: kinds, time: time))
            case .event(let event, let time): out.line(DeviceEventLine.json(event, time: time))
            }
        },
        firstIsDefault: false, aliases: ["json"])

    static var table: OptionTable<Self> {
        OptionTable([
            OptionTable.Option(specs: [formats.option] + formats.aliasOptions) {
                (arguments, command) throws(UsageError) in
                command.format = try formats.parse(&arguments, command: name)
            },
            .value(
                OptionSpec(
                    "count", value: "N",
                    "Stop after N events (the first line, naming the source, is not an event)"),
                \.count
            ) { (text, command) throws(UsageError) in
                guard let value = Int(text), value > 0 else {
                    throw UsageError(
                        "option '--count' needs a positive whole number, got '\(text)'",
                        command: command)
                }
                return value
            },
            .value(
                OptionSpec(
                    "timeout", value: "S",
                    "Stop after S seconds, even with fewer than N events (exit 0)"),
                \.timeout
            ) { (text, command) throws(UsageError) in
                guard let value = Double(text), value.isFinite, value > 0 else {
                    throw UsageError(
                        "option '--timeout' needs a positive number of seconds, got '\(text)'",
                        command: command)
                }
                return value
            },
            .values(
                OptionSpec(
                    "only", value: "KINDS",
                    "Comma-separated: battery, proximity, capabilities, devices (default: all)",
                    completion: .choices(WatchKind.allCases.map(\.rawValue)), repeatable: true),
                \.kinds, kinds),
        ])
    }
    static var options: [OptionSpec] { table.specs }
    static let notes = """
        The first line names the uevent source: "udev" when udevd runs, else "kernel" (raw
        uevents still arrive without udevd). SIGINT and SIGTERM end the watch with exit 0.
        The battery is re-read every 5 s while watched (capacity often changes without a
        uevent), proximity sensors every 0.5 s and only while proximity is watched;
        CAPCHECK_WATCH_POLL_SECONDS=S sets the battery interval (and the proximity one when
        shorter). Battery levels are reported in whole percent (1 % steps: the kernel's
        capacity is a whole percent; iOS uses 5 % steps). Capability changes are computed
        once a burst of add/remove uevents has settled (0.5 s without one).
        """

    /// The format named by `--format` or `--json`; nil: decided by standard output.
    var format: FormatRegistry<Line>.Format?
    var count: Int?
    var timeout: Double?
    var kinds = Set(WatchKind.allCases)
    /// The clock for the `time` field (replaced in tests).
    var clock: @Sendable () -> Date = { Date() }

    init(_ arguments: inout ArgumentCursor) throws(UsageError) {
        try Self.table.parse(&arguments, into: &self)
    }

    /// The kinds `--only` names (comma-separated, repeatable).
    /// - Parameters:
    ///   - texts: The values given.
    ///   - command: The command name, for the usage error.
    /// - Returns: The kinds.
    /// - Throws: `UsageError` for an unknown kind or none.
    static func kinds(_ texts: [String], command: String) throws(UsageError) -> Set<WatchKind> {
        var kinds = Set<WatchKind>()
        for name in texts.flatMap({ $0.split(separator: ",") }).map({
            $0.trimming(.whitespaces)
        }) {
            guard let kind = WatchKind(rawValue: name) else {
                let suggestion = EditDistance.nearest(name, in: WatchKind.allCases.map(\.rawValue))
                let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError("option '--only': unknown kind '\(name)'\(hint)", command: command)
            }
            kinds.insert(kind)
        }
        guard !kinds.isEmpty else {
            throw UsageError(
                "option '--only' needs at least one of battery, proximity, capabilities, devices",
                command: command)
        }
        return kinds
    }

    func run(in env: CommandEnvironment) -> ExitCode {
        var options = WatchOptions(kinds: kinds)
        if let text = env.variables["CAPCHECK_WATCH_POLL_SECONDS"], let seconds = Double(text),
            seconds > 0
        {
            options.batteryPollInterval = seconds
            options.proximityPollInterval = min(options.proximityPollInterval, seconds)
        }
        // SIGINT/SIGTERM and --timeout end the watch normally (exit 0). The handlers are in
        // place before the first line is printed, so a signal sent on reading it is honoured.
        let end = WatchEndLatch()
        let signals = Self.handleSignals(end)
        defer { Self.restoreSignals(signals) }
        let stream: DeviceEventStream
        do {
            stream = try DeviceWatcher.start(options)
        } catch {
            if case .source = error { return env.fail(error) }
            return env.fail(error, as: "cannot watch devices: \(error.description)")
        }
        defer { stream.stop() }
        let format =
            self.format
            ?? (env.stdout.isTerminal ? Self.formats.first : Self.formats.format(named: "json"))
            ?? Self.formats.first
        let clock = self.clock
        let kinds = self.kinds
        let count = self.count
        // The renderers cannot fail: they write lines.
        try? format.write(.source(stream.source, kinds: kinds, time: clock()), env.stdout)
        // Nobody reads any more (a closed pipe, a full disk): CapCheck.main reports it.
        guard env.stdout.failure == nil else { return .ok }
        let done = DispatchSemaphore(value: 0)
        end.set(
            Task {
                var seen = 0
                for await event in stream {
                    try? format.write(.event(event, time: clock()), env.stdout)
                    if env.stdout.failure != nil { break }
                    seen += 1
                    if let count, seen >= count { break }
                }
                done.signal()
            })
        if let timeout {
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { end.fire() }
        }
        done.wait()
        return .ok
    }

    /// The signals that end a watch with exit 0.
    static let endingSignals = [SIGINT, SIGTERM]

    /// Ignores the default action of ``endingSignals`` and fires `end` on each instead.
    private static func handleSignals(_ end: WatchEndLatch) -> [any DispatchSourceSignal] {
        endingSignals.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { end.fire() }
            source.resume()
            return source
        }
    }

    /// Cancels the handlers and restores the default actions.
    private static func restoreSignals(_ sources: [any DispatchSourceSignal]) {
        for (number, source) in zip(endingSignals, sources) {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }
}

/// Ends `capcheck watch` once: a signal or the timeout may fire before the consuming task
/// exists (between installing the handlers and printing the first line), so the request is
/// remembered and applied to the task as soon as it is set.
final class WatchEndLatch: @unchecked Sendable {
    private let lock = Lock()
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
