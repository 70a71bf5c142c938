import Foundation

extension DeviceEvent {
    /// UIDeviceBatteryState values.
    ///
    /// From the kernel's `status` (decisions.md): `Charging` → charging, `Discharging` →
    /// unplugged, `Full` → full, `Not charging` → full at ≥ 95 %, else unknown; anything
    /// else, or no system battery → unknown.
    public enum BatteryState: String, Codable, Sendable, Hashable, CaseIterable {
        /// The state cannot be told (or there is no system battery).
        case unknown
        /// Running on battery.
        case unplugged
        /// Plugged in, charging.
        case charging
        /// Plugged in, full.
        case full

        /// Maps a power_supply `status` attribute.
        /// - Parameters:
        ///   - status: The raw `status` text (`Charging`, `Discharging`, `Full`, `Not charging`).
        ///   - percent: The capacity in percent, used for `Not charging`.
        /// - Returns: The state.
        public static func from(status: String?, percent: Double?) -> BatteryState {
            switch status?.trimmingCharacters(in: .whitespacesAndNewlines) {
            case "Charging": return .charging
            case "Discharging": return .unplugged
            case "Full": return .full
            case "Not charging":
                guard let percent else { return .unknown }
                return percent >= 95 ? .full : .unknown
            default: return .unknown
            }
        }
    }
}
