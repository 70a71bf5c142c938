import CapabilityModel

/// Decides `haptics.vibration` (detection.md §14).
///
/// A device vibrator is an `inputN` device with `EV_FF` (bit 0x15 of `capabilities/ev`) and
/// `FF_RUMBLE` or `FF_PERIODIC` when the effect bitmap is recorded, that is not a game
/// controller (`ID_INPUT_JOYSTICK` on it or a sibling) and not on USB or Bluetooth (external
/// HID rumble). feedbackd's vibrator names (`FEEDBACKD_TYPE=vibra`) are accepted as well.
/// Laptops have none; game pads and wheels are listed in `details["excluded"]`.
package struct VibrationProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `haptics.vibration`.
    package var ids: [CapabilityID] { [.hapticsVibration] }

    /// Input device names feedbackd's `72-feedbackd.rules` tags as vibrators.
    static let vibratorNames: Set<String> = [
        "gpio-vibrator", "pwm-vibrator", "regulator-haptic", "max77693-haptic", "twl4030:vibrator",
        "pm8xxx_vib_ffmemless", "spmi_haptics", "drv260x:haptics", "drv2624:haptics",
        "aw8695-haptics", "aw86927-haptics",
    ]

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `haptics.vibration` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var evidence: [Evidence] = []
        var devices: [JSONValue] = []
        var excluded: [JSONValue] = []
        let bits = context.wordBits
        for input in context.inputDevices {
            let name = input.inputName
            let tagged = context.inputProperty("FEEDBACKD_TYPE", of: input) == "vibra"
            let known = name.map(Self.vibratorNames.contains) ?? false
            let events = input.bitmask(attribute: "capabilities/ev", property: "EV", wordBits: bits)
            let hasFF = events?.contains(0x15) ?? false
            guard hasFF || tagged || known else { continue }
            var detail: [String: JSONValue] = ["device": .string(input.id)]
            if let name { detail["name"] = .string(name) }
            if tagged || known {
                evidence.append(
                    Evidence(
                        device: input.id,
                        reason: tagged
                            ? "feedbackd vibrator (FEEDBACKD_TYPE=vibra)"
                            : "feedbackd vibrator name"))
                devices.append(.object(detail))
                continue
            }
            if let effects = input.bitmask(
                attribute: "capabilities/ff", property: "FF", wordBits: bits),
                !effects.contains(0x50) && !effects.contains(0x51)
            {
                continue
            }
            let bus = input.inputBusType
            if context.isGameController(input) || bus == 0x03 || bus == 0x05 {
                detail["reason"] = .string(
                    context.isGameController(input)
                        ? "game controller" : "external USB/Bluetooth HID")
                excluded.append(.object(detail))
                continue
            }
            evidence.append(
                Evidence(
                    device: input.id, reason: "force-feedback input device (EV_FF rumble/periodic)")
            )
            devices.append(.object(detail))
        }
        var details: [String: JSONValue] = [:]
        if !devices.isEmpty { details["devices"] = .array(devices) }
        if !excluded.isEmpty { details["excluded"] = .array(excluded) }
        let status: CapabilityStatus = evidence.isEmpty ? context.noCandidateStatus : .present
        return [
            CapabilityFinding(
                id: .hapticsVibration, status: status, count: evidence.count, evidence: evidence,
                details: details)
        ]
    }
}
