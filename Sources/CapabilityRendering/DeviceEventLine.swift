import FoundationEssentials
import CapabilityModel

/// Renders watch output: one compact JSON object or one readable line per event.
///
/// Pure: the time is passed in (the CLI reads the clock, tests inject one).
public enum DeviceEventLine {
    /// ISO 8601 UTC with milliseconds, e.g. `2026-11-30T09:21:35.123Z`.
    /// - Parameter time: The instant.
    /// - Returns: The text.
    static func timestamp(_ time: Date) -> String {
        time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The first line: which uevent source is used and what is watched (not an event).
    /// - Parameters:
    ///   - source: The uevent source.
    ///   - kinds: What is watched.
    ///   - time: When the watch started.
    /// - Returns: `{"kind":"source","note":…,"source":"kernel","time":…,"watching":[…]}`.
    public static func json(source: EventSource, kinds: Set<WatchKind>, time: Date) -> String {
        encode([
            "kind": .string("source"), "source": .string(source.rawValue),
            "note": .string(source.note),
            "watching": .array(kinds.sorted().map { .string($0.rawValue) }),
            "time": .string(timestamp(time)),
        ])
    }

    /// One event as a compact JSON object with sorted keys and a `time` key.
    /// - Parameters:
    ///   - event: The event.
    ///   - time: When it was seen.
    /// - Returns: The line, without a newline.
    public static func json(_ event: DeviceEvent, time: Date) -> String {
        var fields = event.fields
        fields["time"] = .string(timestamp(time))
        return encode(fields)
    }

    /// The first line for people.
    /// - Parameters:
    ///   - source: The uevent source.
    ///   - kinds: What is watched.
    ///   - time: When the watch started.
    /// - Returns: The line.
    public static func text(source: EventSource, kinds: Set<WatchKind>, time: Date) -> String {
        let watching = kinds.sorted().map(\.rawValue).joined(separator: ", ")
        return
            "\(timestamp(time))  watching \(watching) · source: \(source.rawValue) — \(source.note)"
    }

    /// One event for people; device strings are sanitized for the terminal.
    /// - Parameters:
    ///   - event: The event.
    ///   - time: When it was seen.
    /// - Returns: The line.
    public static func text(_ event: DeviceEvent, time: Date) -> String {
        let body: String
        switch event {
        case .deviceAdded(let id, let subsystem):
            body = "device added    " + device(id, subsystem)
        case .deviceRemoved(let id, let subsystem):
            body = "device removed  " + device(id, subsystem)
        case .deviceChanged(let id, let subsystem):
            body = "device changed  " + device(id, subsystem)
        case .batteryLevelChanged(let old, let new):
            body = "battery level   \(percent(old)) → \(percent(new))"
        case .batteryStateChanged(let old, let new):
            body = "battery state   \(old.rawValue) → \(new.rawValue)"
        case .proximityChanged(let near):
            body = "proximity       " + (near ? "near" : "far")
        case .capabilityChanged(let id, let old, let new):
            body = "capability      \(TerminalText.sanitize(id)) \(old.rawValue) → \(new.rawValue)"
        }
        return timestamp(time) + "  " + body
    }

    private static func device(_ id: String, _ subsystem: String?) -> String {
        TerminalText.sanitize(id) + (subsystem.map { " (\(TerminalText.sanitize($0)))" } ?? "")
    }

    private static func percent(_ level: Double) -> String {
        level < 0 ? "no battery" : "\(Int((level * 100).rounded()))%"
    }

    private static func encode(_ fields: [String: JSONValue]) -> String {
        (try? JSONOutput.compactString(JSONValue.object(fields))) ?? "{}"
    }
}
