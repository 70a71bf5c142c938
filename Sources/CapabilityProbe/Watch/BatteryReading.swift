/// The system battery as UIDevice shows it: a level and a state.
struct BatteryReading: Sendable, Hashable {
    /// 0.0–1.0 in whole percent, or -1 when there is no system battery (as on iOS).
    var level: Double
    /// The charging state.
    var state: DeviceEvent.BatteryState

    /// No system battery: level -1, state unknown.
    static let none = BatteryReading(level: -1, state: .unknown)
}
