import Foundation

/// What the watcher adds to ``SystemBattery``: whole-percent levels and re-reading the
/// values that change without a uevent.
///
/// Levels are coalesced to whole percent: the kernel's `capacity` is already an integer
/// percent, and energy-based levels of several batteries would otherwise change on every
/// poll by fractions nobody acts on. iOS reports in 5 % steps; 1 % keeps the full
/// resolution the kernel gives without flooding the stream.
extension SystemBattery {
    /// The attributes re-read on every poll (capacity changes often raise no uevent).
    static let polledAttributes = [
        "capacity", "status", "present", "energy_now", "energy_full", "charge_now", "charge_full",
    ]

    /// ``level`` rounded to whole percent; -1 (no system battery) stays -1.
    var wholePercentLevel: Double {
        level < 0 ? -1 : (level * 100).rounded() / 100
    }

    /// Whether a record is a present system battery (``role(of:)`` is ``SupplyRole/system``).
    static func isSystemBattery(_ device: Device) -> Bool {
        device.subsystem == "power_supply" && role(of: device) == .system
    }

    /// The record with ``polledAttributes`` re-read from sysfs (missing files drop out).
    /// - Parameters:
    ///   - device: A power_supply record.
    ///   - sysfsRoot: The sysfs mount point.
    /// - Returns: The refreshed record.
    static func refreshed(_ device: Device, sysfsRoot: String) -> Device {
        device.rereading(polledAttributes, sysfsRoot: sysfsRoot)
    }
}
