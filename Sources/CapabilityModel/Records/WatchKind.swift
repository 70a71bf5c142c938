/// What a watch reports; each kind is only polled or diffed while it is watched.
public enum WatchKind: String, Codable, Sendable, Hashable, CaseIterable, Comparable {
    /// System battery level and state (`batteryLevelChanged`, `batteryStateChanged`).
    case battery
    /// Proximity sensor near/far (`proximityChanged`).
    case proximity
    /// Capability status changes after devices come and go (`capabilityChanged`).
    case capabilities
    /// Raw device add/remove/change (`deviceAdded`, `deviceRemoved`, `deviceChanged`).
    case devices

    /// Orders by declaration order.
    public static func < (lhs: WatchKind, rhs: WatchKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
