import Foundation

/// The battery state as iOS's `UIDeviceBatteryState` names it.
///
/// Mapping from the kernel's `power_supply` `status` (case-insensitive, as upower reads it):
/// - `Charging` → ``charging``; `Discharging` → ``unplugged``; `Full` → ``full``;
/// - `Not charging` → ``full`` at a capacity of 95 % or more (charge thresholds stop
///   charging a nearly full battery), else ``unknown``;
/// - `Empty` (upower's EMPTY) → ``unplugged``: it is reached by discharging;
/// - `Unknown`, missing or anything else → ``unknown``, except that with the AC supply
///   known to be offline the battery must be powering the machine → ``unplugged``.
public enum BatteryState: String, Sendable, Equatable, CaseIterable {
    /// The state cannot be told (also: no system battery).
    case unknown
    /// Running on battery.
    case unplugged
    /// Plugged in and charging.
    case charging
    /// Plugged in and full.
    case full

    /// Maps a `status` value.
    /// - Parameters:
    ///   - status: The `status` attribute (or `POWER_SUPPLY_STATUS`), if any.
    ///   - capacity: The charge in percent, if known.
    ///   - acOnline: Whether a mains/USB supply is online, if known.
    /// - Returns: The state.
    public static func map(status: String?, capacity: Int?, acOnline: Bool? = nil) -> BatteryState {
        let normalized = status?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        switch normalized {
        case "charging": return .charging
        case "discharging", "empty": return .unplugged
        case "full": return .full
        case "not charging":
            guard let capacity else { return .unknown }
            return capacity >= 95 ? .full : .unknown
        default:
            return acOnline == false ? .unplugged : .unknown
        }
    }
}
