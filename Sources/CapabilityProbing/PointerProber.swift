import CapabilityModel

/// Decides `input.pointer` (a mouse or touchpad: Android's `faketouch`) and
/// `input.gamepad` (Android's `android.hardware.gamepad`).
///
/// With udev properties the `ID_INPUT_MOUSE`, `ID_INPUT_TOUCHPAD` and `ID_INPUT_JOYSTICK`
/// tags of the `inputN` device decide. Without udevd the capability bits do, as systemd's
/// `input_id` does: relative X+Y with a left button is a mouse; `BTN_TOOL_FINGER` (0x145)
/// without `INPUT_PROP_DIRECT` is a touchpad; `BTN_GAMEPAD` (0x130) or `BTN_JOYSTICK`
/// (0x120) is a game controller. A game pad function bound to its driver (`xpad`,
/// `hid-sony`, `hid-playstation`, …) whose input device is missing from a partial recording
/// still counts, with that fact in its evidence; so does a USB boot-protocol mouse interface
/// (class 3/1/2) bound to its driver with no input device recorded below its USB device, and a
/// USB device recorded alone whose `ID_USB_INTERFACES` lists one (`:030102:`).
package struct PointerProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// Drivers that bind only game controllers: the USB `xpad` driver and the kernel HID
    /// game-pad drivers (`hid-sony` registers as `sony`, `hid-playstation` as `playstation`,
    /// …; `hid-` prefixes are removed before comparing).
    static let gamepadDrivers: Set<String> = [
        "xpad", "sony", "playstation", "nintendo", "steam", "betop", "dragonrise", "zeroplus",
        "smartjoyplus", "xinmo", "pxrc", "thrustmaster", "shanwan", "xpadneo",
    ]

    /// Game-pad functions bound to a ``gamepadDrivers`` driver with no `inputN` below them.
    static func boundGamepadsWithoutInput(_ context: ProbeContext) -> [Evidence] {
        context.devices.compactMap { device -> Evidence? in
            guard var driver = device.driver?.lowercased() else { return nil }
            for prefix in ["hid-", "hid_"] where driver.hasPrefix(prefix) {
                driver.removeFirst(prefix.count)
            }
            guard gamepadDrivers.contains(driver) else { return nil }
            guard !context.descendants(of: device).contains(where: \.isInputDevice) else {
                return nil
            }
            let name = BusFacts.nearestName(device, in: context).map { " (\($0))" } ?? ""
            return Evidence(
                device: device.id,
                reason:
                    "game controller bound to \(device.driver ?? driver), no input device recorded"
                    + name)
        }
    }

    /// A USB HID boot-protocol interface (class 3, subclass 1).
    enum BootInterface: Int {
        /// Protocol 1.
        case keyboard = 1
        /// Protocol 2.
        case mouse = 2
    }

    /// USB boot-protocol keyboard or mouse interfaces (class 3, subclass 1, protocol 1 or 2)
    /// bound to a driver (`usbhid`, or a vendor driver) with no input device anywhere below
    /// their USB device: a partial recording of a mouse, receiver or keyboard. One evidence
    /// per interface, which says that the input device is not recorded.
    /// - Parameters:
    ///   - context: The records.
    ///   - kind: Keyboard or mouse.
    /// - Returns: The evidence of each such interface.
    static func boundBootInterfacesWithoutInput(_ context: ProbeContext, _ kind: BootInterface)
        -> [Evidence]
    {
        context.devices(in: .usb).compactMap { device -> Evidence? in
            guard BusFacts.isUSBInterface(device), let driver = device.driver,
                let klass = BusFacts.usbInterfaceClass(device),
                klass == (3, 1, kind.rawValue)
            else { return nil }
            let usbDevice = BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true)
            guard !context.descendants(ofID: usbDevice).contains(where: \.isInputDevice) else {
                return nil
            }
            let name = BusFacts.nearestName(device, in: context).map { " (\($0))" } ?? ""
            let what = kind == .keyboard ? "keyboard" : "mouse"
            return Evidence(
                device: device.id,
                reason:
                    "USB boot-protocol \(what) interface (class 3/1/\(kind.rawValue)) bound to \(driver), no input device recorded"
                    + name)
        }
    }

    /// USB device records whose `ID_USB_INTERFACES` (udev's list of the device's interface
    /// classes, `:030101:` for a boot-protocol keyboard) names a boot-protocol keyboard or
    /// mouse while no interface and no input device of the device is recorded: a recording
    /// of the device record alone. One evidence per device, which says what was read.
    /// - Parameters:
    ///   - context: The records.
    ///   - kind: Keyboard or mouse.
    /// - Returns: The evidence of each such USB device.
    static func listedBootInterfacesWithoutRecords(_ context: ProbeContext, _ kind: BootInterface)
        -> [Evidence]
    {
        let entry = ":0301" + (kind == .keyboard ? "01" : "02") + ":"
        return context.devices(in: .usb).compactMap { device -> Evidence? in
            guard BusFacts.isUSBDevice(device),
                let interfaces = device.property("ID_USB_INTERFACES")?.lowercased(),
                interfaces.contains(entry),
                !context.descendants(of: device).contains(where: {
                    BusFacts.isUSBInterface($0) || $0.isInputDevice
                })
            else { return nil }
            let name = BusFacts.nearestName(device, in: context).map { " (\($0))" } ?? ""
            let what = kind == .keyboard ? "keyboard" : "mouse"
            return Evidence(
                device: device.id,
                reason:
                    "USB device lists a boot-protocol \(what) interface (ID_USB_INTERFACES \(entry)), no interface or input device recorded"
                    + name)
        }
    }

    /// `input.pointer`, `input.gamepad`.
    package var ids: [CapabilityID] { [.inputGamepad, .inputPointer] }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: The two findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var pointers: [Evidence] = []
        var gamepads: [Evidence] = []
        let bits = context.wordBits
        for input in context.inputDevices {
            let keys = input.bitmask(attribute: "capabilities/key", property: "KEY", wordBits: bits)
            let rel = input.bitmask(attribute: "capabilities/rel", property: "REL", wordBits: bits)
            let props = input.bitmask(attribute: "properties", property: "PROP", wordBits: bits)
            let name = input.inputName.map { " (\($0))" } ?? ""
            if context.udevClassified(input) {
                if context.inputProperty("ID_INPUT_TOUCHPAD", of: input) == "1" {
                    pointers.append(
                        Evidence(device: input.id, reason: "touchpad (ID_INPUT_TOUCHPAD)" + name))
                } else if context.inputProperty("ID_INPUT_MOUSE", of: input) == "1" {
                    pointers.append(
                        Evidence(device: input.id, reason: "mouse (ID_INPUT_MOUSE)" + name))
                }
                if context.inputProperty("ID_INPUT_JOYSTICK", of: input) == "1" {
                    gamepads.append(
                        Evidence(
                            device: input.id, reason: "game controller (ID_INPUT_JOYSTICK)" + name))
                }
                continue
            }
            let direct = props?.contains(1) ?? false
            if let keys, keys.contains(0x145), !direct {
                pointers.append(
                    Evidence(
                        device: input.id, reason: "touchpad (BTN_TOOL_FINGER, not direct)" + name))
            } else if let keys, let rel, keys.contains(0x110), rel.contains(0), rel.contains(1) {
                pointers.append(
                    Evidence(device: input.id, reason: "mouse (REL_X, REL_Y, BTN_LEFT)" + name))
            }
            if let keys, keys.contains(0x130) || keys.contains(0x120) {
                gamepads.append(
                    Evidence(
                        device: input.id,
                        reason: "game controller (BTN_GAMEPAD/BTN_JOYSTICK)" + name))
            }
        }
        gamepads += Self.boundGamepadsWithoutInput(context)
        pointers += Self.boundBootInterfacesWithoutInput(context, .mouse)
        pointers += Self.listedBootInterfacesWithoutRecords(context, .mouse)
        func finding(_ id: CapabilityID, _ evidence: [Evidence]) -> CapabilityFinding {
            CapabilityFinding(
                id: id, status: evidence.isEmpty ? context.noCandidateStatus : .present,
                count: evidence.count, evidence: evidence)
        }
        return [finding(.inputGamepad, gamepads), finding(.inputPointer, pointers)]
    }
}
