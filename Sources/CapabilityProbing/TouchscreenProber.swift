import CapabilityModel

/// Decides `input.touchscreen` (detection.md §15).
///
/// - With udev: an `inputN` device (or its node child) with `ID_INPUT_TOUCHSCREEN=1`, unless
///   udev also says `ID_INPUT_TOUCHPAD=1` (older udev flagged some I2C-HID touchpads both
///   ways; a touchpad is never a touchscreen).
/// - Without udevd: systemd input_id's pointer rules on the capability bits: absolute X/Y (or
///   multi-touch X/Y), no pen, not (finger tool without `INPUT_PROP_DIRECT`), no mouse
///   button, and `BTN_TOUCH` or `INPUT_PROP_DIRECT`. A PS/2 touchpad whose recorded
///   `properties` has the DIRECT bit (synaptics fixture, `properties=12`) still has
///   `BTN_LEFT`, so it is a mouse/touchpad, never a touchscreen.
/// - The Raspberry Pi firmware touchscreen (`raspberrypi-ts`, a device-tree node) exists
///   whenever the firmware declares it; it counts only when a DSI connector exists (the
///   official display is attached), otherwise the finding is `unknown`.
///
/// `count` counts physical touch controllers: inputs are deduplicated by their HID device
/// (or parent). `details["points"]` = the `ABS_MT_SLOT` range from the evdev facts
/// (``EvdevFacts/touchPoints(from:)``), the largest over the panels; a panel whose facts are
/// missing or refused says why in `pointsUnknown`.
package struct TouchscreenProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// `input.touchscreen`.
    package var ids: [CapabilityID] { [.inputTouchscreen] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The `input.touchscreen` finding.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var evidence: [Evidence] = []
        var unsure: [Evidence] = []
        var functions: Set<String> = []
        var devices: [JSONValue] = []
        var points: Int?
        let hasDSI = context.devices(in: .drm).contains { $0.sysname.contains("-DSI-") }
        for input in context.inputDevices {
            guard let reason = Self.touchscreenReason(input, context: context) else { continue }
            if input.inputName == "raspberrypi-ts" && !hasDSI {
                unsure.append(
                    Evidence(
                        device: input.id,
                        reason:
                            "raspberrypi-ts firmware node without a DSI connector: panel attachment unknown"
                    ))
                continue
            }
            let function =
                context.nearest(from: input) { $0.is(.hid) }?.id ?? input.parentID
                ?? input.id
            functions.insert(function)
            evidence.append(Evidence(device: input.id, reason: reason))
            var detail: [String: JSONValue] = ["device": .string(input.id)]
            if let name = input.inputName { detail["name"] = .string(name) }
            if let bus = input.inputBusType { detail["bus"] = .string(Self.busName(bus)) }
            if let width = context.inputProperty("ID_INPUT_WIDTH_MM", of: input).flatMap({ Int($0) }
            ) {
                detail["widthMM"] = .int(width)
            }
            if let height = context.inputProperty("ID_INPUT_HEIGHT_MM", of: input).flatMap({
                Int($0)
            }) {
                detail["heightMM"] = .int(height)
            }
            switch EvdevFacts.touchPoints(from: context.evdevFacts(of: input)) {
            case .value(let slots):
                detail["points"] = .int(slots)
                points = max(points ?? 0, slots)
            case .unknown(let reason):
                detail["pointsUnknown"] = .string(reason)
            }
            devices.append(.object(detail))
        }
        var details: [String: JSONValue] = [:]
        if !devices.isEmpty { details["devices"] = .array(devices) }
        if let points { details["points"] = .int(points) }
        let (status, reported) = context.verdict(found: evidence, unsure: unsure)
        return [
            CapabilityFinding(
                id: .inputTouchscreen, status: status,
                count: status == .present ? functions.count : 0,
                evidence: reported, details: details)
        ]
    }

    /// Why an input device is a touchscreen, or `nil`.
    static func touchscreenReason(_ input: Device, context: ProbeContext) -> String? {
        if context.udevClassified(input) {
            guard context.inputProperty("ID_INPUT_TOUCHSCREEN", of: input) == "1" else {
                return nil
            }
            guard context.inputProperty("ID_INPUT_TOUCHPAD", of: input) != "1" else { return nil }
            return "udev ID_INPUT_TOUCHSCREEN=1"
        }
        let bits = context.wordBits
        guard
            let abs = input.bitmask(attribute: "capabilities/abs", property: "ABS", wordBits: bits)
        else {
            return nil
        }
        let keys = input.bitmask(attribute: "capabilities/key", property: "KEY", wordBits: bits)
        let props = input.bitmask(attribute: "properties", property: "PROP", wordBits: bits)
        func key(_ code: Int) -> Bool { keys?.contains(code) ?? false }
        let coordinates =
            (abs.contains(0x00) && abs.contains(0x01)) || (abs.contains(0x35) && abs.contains(0x36))
        guard coordinates else { return nil }
        let direct = props?.contains(1) ?? false
        let pen = key(0x140) || key(0x14b)
        let finger = key(0x145) && !key(0x140)
        if pen { return nil }  // tablet
        if finger && !direct { return nil }  // touchpad
        if key(0x110) { return nil }  // mouse button: mouse or touchpad
        if key(0x14a) { return "absolute X/Y with BTN_TOUCH (systemd input_id rule)" }
        if direct { return "absolute X/Y with INPUT_PROP_DIRECT (systemd input_id rule)" }
        return nil
    }

    /// A readable bus name for an input bus type.
    static func busName(_ bus: Int) -> String {
        switch bus {
        case 0x03: return "usb"
        case 0x05: return "bluetooth"
        case 0x06: return "virtual"
        case 0x11: return "i8042"
        case 0x18: return "i2c"
        case 0x19: return "host"
        case 0x1c: return "spi"
        default: return "0x" + String(bus, radix: 16)
        }
    }
}
