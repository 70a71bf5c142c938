import Foundation

/// One `power_supply` battery as read from its record: status, level and energy.
///
/// Values come from sysfs attributes (live, umockdev) and fall back to the uevent
/// `POWER_SUPPLY_*` properties (udevadm dumps), which are only as fresh as the last uevent.
public struct BatteryReading: Sendable, Equatable {
    /// The supply name (`BAT0`).
    public var name: String
    /// The raw `status` text, if any.
    public var status: String?
    /// `capacity` in percent, clamped to 0–100.
    public var capacity: Int?
    /// Energy now and full (µWh), or charge now and full (µAh) times the voltage when given.
    public var energyNow: Double?
    /// Full energy, in the unit of ``energyNow``.
    public var energyFull: Double?
    /// Whether the energy values are charge (µAh) rather than energy (µWh).
    public var isCharge: Bool
    /// Attributes the source listed but could not read (`status`, `capacity`, …), with why:
    /// what they decide is unknown, not guessed from the mains supply.
    public var unreadable: [String: String] = [:]

    /// Creates a reading.
    /// - Parameters:
    ///   - name: The supply name.
    ///   - status: The raw status.
    ///   - capacity: Percent.
    ///   - energyNow: Energy (or charge) now.
    ///   - energyFull: Energy (or charge) when full.
    ///   - isCharge: Whether the values are charge.
    public init(
        name: String, status: String?, capacity: Int?, energyNow: Double? = nil,
        energyFull: Double? = nil,
        isCharge: Bool = false
    ) {
        self.name = name
        self.status = status
        self.capacity = capacity.map { min(100, max(0, $0)) }
        self.energyNow = energyNow
        self.energyFull = energyFull
        self.isCharge = isCharge
    }

    /// Reads a `power_supply` record.
    /// - Parameter device: The record.
    public init(device: Device) {
        let value = { (name: String) -> String? in SystemBattery.value(device, name) }
        let number = { (name: String) -> Double? in value(name).flatMap { CheckedNumber.finite($0) }
        }
        var now = number("energy_now")
        var full = number("energy_full")
        var charge = false
        if now == nil || full == nil {
            now = number("charge_now")
            full = number("charge_full")
            charge = now != nil && full != nil
        }
        self.init(
            name: device.sysname, status: value("status"),
            capacity: value("capacity").flatMap { Int($0) },
            energyNow: now, energyFull: full, isCharge: charge)
        for name in Self.decidingAttributes {
            if let reason = device.unreadable(name) { unreadable[name] = reason }
        }
    }

    /// The level 0.0–1.0: `capacity`, else energy now / full, else charge now / full.
    public var level: Double? {
        if let capacity { return Double(capacity) / 100 }
        if let energyNow, let energyFull, energyFull > 0 {
            return min(1, max(0, energyNow / energyFull))
        }
        return nil
    }

    /// The attributes a level or state rests on.
    static let decidingAttributes = [
        "status", "capacity", "energy_now", "energy_full", "charge_now", "charge_full", "uevent",
    ]

    /// The state of this battery.
    /// - Parameter acOnline: Whether a mains/USB supply is online, if known.
    /// - Returns: The mapped state; unknown when `status` was there but could not be read.
    public func state(acOnline: Bool?) -> BatteryState {
        if status == nil, unreadable["status"] != nil || unreadable["uevent"] != nil {
            return .unknown
        }
        let percent = capacity ?? level.flatMap { CheckedNumber.int($0 * 100) }
        return BatteryState.map(status: status, capacity: percent, acOnline: acOnline)
    }
}
