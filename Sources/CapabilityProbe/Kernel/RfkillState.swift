/// An rfkill switch's state: blocked is a state of a radio that exists, never absence.
public struct RfkillState: Sendable, Equatable {
    /// Blocked by software (`soft` = 1).
    public var softBlocked: Bool
    /// Blocked by a hardware switch (`hard` = 1).
    public var hardBlocked: Bool

    /// Creates a state.
    /// - Parameters:
    ///   - softBlocked: Soft block.
    ///   - hardBlocked: Hard block.
    public init(softBlocked: Bool, hardBlocked: Bool) {
        self.softBlocked = softBlocked
        self.hardBlocked = hardBlocked
    }

    /// Reads an rfkill record: `soft`/`hard` attributes, else the `state` attribute or the
    /// uevent `RFKILL_STATE` (0 soft blocked, 1 unblocked, 2 hard blocked).
    /// - Parameter device: The rfkill record.
    /// - Returns: The state, or `nil` when the record says nothing.
    public static func of(_ device: Device) -> RfkillState? {
        if let soft = device.attribute("soft"), let hard = device.attribute("hard") {
            return RfkillState(softBlocked: soft == "1", hardBlocked: hard == "1")
        }
        switch device.attribute("state") ?? device.property("RFKILL_STATE") {
        case "0": return RfkillState(softBlocked: true, hardBlocked: false)
        case "1": return RfkillState(softBlocked: false, hardBlocked: false)
        case "2": return RfkillState(softBlocked: false, hardBlocked: true)
        default: return nil
        }
    }

    /// The state of the rfkill switch whose parent is `parentID` (a phy or an hciN).
    /// - Parameters:
    ///   - parentID: The radio's id.
    ///   - devices: All records.
    /// - Returns: The state, or `nil` when no readable switch hangs below the radio.
    public static func below(_ parentID: String, in devices: [Device]) -> RfkillState? {
        devices.first { $0.subsystem == "rfkill" && $0.parentID == parentID }.flatMap(of)
    }

    /// `unblocked`, `blocked (soft)`, `blocked (hard)` or `blocked (soft, hard)`.
    public var text: String {
        switch (softBlocked, hardBlocked) {
        case (false, false): return "unblocked"
        case (true, false): return "blocked (soft)"
        case (false, true): return "blocked (hard)"
        case (true, true): return "blocked (soft, hard)"
        }
    }
}
