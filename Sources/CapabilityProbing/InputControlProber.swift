import CapabilityModel

/// Decides the input controls AppStream names that no other prober covers:
/// `input.keyboard`, `input.tablet` (a pen tablet) and `input.remote` (a TV remote receiver).
///
/// - Keyboard: udev's `ID_INPUT_KEYBOARD=1` (what libappstream asks udev for); without udevd,
///   systemd's input_id rule: all of the first word's keys, KEY_ESC (1) … KEY_S (31). A USB
///   boot-protocol keyboard interface (class 3/1/1) bound to its driver with no input device
///   recorded below its USB device (a partial recording) counts too, and so does a USB device
///   recorded alone whose `ID_USB_INTERFACES` lists one (`:030101:`); the evidence says so.
///   A security token, bar code scanner or card reader that types like a keyboard
///   (``KeyboardLookalikes``) is not counted; it is listed in `details["notKeyboards"]`, and
///   is the evidence ("not a keyboard: …") when no keyboard is present.
/// - Tablet: `ID_INPUT_TABLET=1`; without udevd, BTN_TOOL_PEN (0x140) on a device with
///   absolute axes.
/// - Remote: a remote-control receiver — an `rc` device (kernel IR receivers, also CEC
///   adapters that pass remote keys), a `lirc` node or a `cec` adapter.
package struct InputControlProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `input.keyboard`, `input.remote`, `input.tablet`.
    package var ids: [CapabilityID] { [.inputKeyboard, .inputRemote, .inputTablet] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The three findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var keyboards: [Evidence] = []
        var tablets: [Evidence] = []
        let bits = context.wordBits
        for input in context.inputDevices {
            let name = input.inputName.map { " (\($0))" } ?? ""
            if context.udevClassified(input) {
                if context.inputProperty("ID_INPUT_KEYBOARD", of: input) == "1" {
                    keyboards.append(
                        Evidence(device: input.id, reason: "keyboard (ID_INPUT_KEYBOARD)" + name))
                }
                if context.inputProperty("ID_INPUT_TABLET", of: input) == "1" {
                    tablets.append(
                        Evidence(device: input.id, reason: "pen tablet (ID_INPUT_TABLET)" + name))
                }
                continue
            }
            let keys = input.bitmask(attribute: "capabilities/key", property: "KEY", wordBits: bits)
            let abs = input.bitmask(attribute: "capabilities/abs", property: "ABS", wordBits: bits)
            if let keys, (1...31).allSatisfy(keys.contains) {
                keyboards.append(
                    Evidence(device: input.id, reason: "keyboard (KEY_ESC…KEY_S)" + name))
            }
            if let keys, keys.contains(0x140), let abs, abs.contains(0), abs.contains(1) {
                tablets.append(
                    Evidence(device: input.id, reason: "pen tablet (BTN_TOOL_PEN, ABS_X/Y)" + name))
            }
        }
        keyboards += PointerProber.boundBootInterfacesWithoutInput(context, .keyboard)
        keyboards += PointerProber.listedBootInterfacesWithoutRecords(context, .keyboard)
        // Tokens, scanners and readers type like keyboards: listed, not counted.
        var lookalikes: [JSONValue] = []
        var notCounted: [Evidence] = []
        keyboards.removeAll { evidence in
            guard let device = context.device(evidence.device),
                let reason = KeyboardLookalikes.reason(device, in: context)
            else { return false }
            var entry: [String: JSONValue] = [
                "device": .string(evidence.device), "reason": .string(reason),
            ]
            let name = BusFacts.nearestName(device, in: context)
            if let name { entry["name"] = .string(name) }
            lookalikes.append(.object(entry))
            notCounted.append(
                Evidence(
                    device: evidence.device,
                    reason: "not a keyboard: " + reason + (name.map { " (\($0))" } ?? "")))
            return true
        }
        var remotes: [Evidence] = []
        for (subsystem, what) in [
            (Subsystem.rc, "remote-control receiver"), (.lirc, "LIRC IR receiver"),
            (.cec, "HDMI-CEC adapter"),
        ] {
            for device in context.devices(in: subsystem) {
                let driver =
                    (device.driver ?? context.parent(of: device)?.driver).map { ", \($0)" } ?? ""
                remotes.append(
                    Evidence(device: device.id, reason: "\(what) \(device.sysname)\(driver)"))
            }
        }
        func finding(_ id: CapabilityID, _ evidence: [Evidence]) -> CapabilityFinding {
            CapabilityFinding(
                id: id, status: evidence.isEmpty ? context.noCandidateStatus : .present,
                count: evidence.count, evidence: evidence)
        }
        var keyboard = finding(.inputKeyboard, keyboards)
        if !lookalikes.isEmpty { keyboard.details["notKeyboards"] = .array(lookalikes) }
        // With no keyboard, the look-alikes are why: shown as the evidence, as HDMI-only cards
        // are for audio output.
        if keyboards.isEmpty { keyboard.evidence = notCounted }
        return [keyboard, finding(.inputRemote, remotes), finding(.inputTablet, tablets)]
    }
}
