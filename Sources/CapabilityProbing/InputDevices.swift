import CapabilityModel

/// Input-device record helpers shared by the input-device probers.
extension Device {
    /// The input device name (`name` attribute, else the quoted `NAME` property).
    var inputName: String? {
        guard let raw = value(attribute: "name", property: "NAME") else { return nil }
        var name = Substring(raw)
        if name.count >= 2, name.first == "\"", name.last == "\"" {
            name = name.dropFirst().dropLast()
        }
        return name.isEmpty ? nil : String(name)
    }

    /// Whether this is an `inputN` device (not an `eventN`/`mouseN`/`jsN` node child).
    var isInputDevice: Bool {
        guard self.is(.input), sysname.hasPrefix("input") else { return false }
        return sysname.dropFirst("input".count).allSatisfy(\.isNumber) && sysname.count > 5
    }

    /// The input bus type (`id/bustype` attribute, else the first field of `PRODUCT`).
    var inputBusType: Int? {
        if let text = attribute("id/bustype"), let value = Int(text, radix: 16) { return value }
        if let product = property("PRODUCT"), let first = product.split(separator: "/").first {
            return Int(first, radix: 16)
        }
        return nil
    }
}

/// Input-device helpers shared by the sensor, touchscreen and vibration probers.
extension ProbeContext {
    /// The kernel `long` size of the machine the records come from (64 when unknown).
    package var wordBits: Int { Bitmask.wordBits(arch: inventory.machine.arch) }

    /// Every `inputN` record, sorted by id (from the `input` records alone: five probers ask).
    var inputDevices: [Device] { devices(in: .input).filter(\.isInputDevice) }

    /// The evdev ioctl facts of an input device, stored on its `eventN` child by the live
    /// source (or on the `inputN` record itself).
    /// - Parameter input: The `inputN` record.
    /// - Returns: The ``KernelFacts/evdev`` value, if any.
    func evdevFacts(of input: Device) -> EvdevFacts? {
        if let facts = input.facts.evdev { return facts }
        for child in children(of: input) where child.is(.input) {
            if let facts = child.facts.evdev { return facts }
        }
        return nil
    }

    /// A udev property of an `inputN` record or, failing that, of its node children
    /// (`ID_INPUT_WIDTH_MM`, `ACCEL_LOCATION` live on `eventN`).
    /// - Parameters:
    ///   - key: The property.
    ///   - input: The `inputN` record.
    /// - Returns: The value.
    func inputProperty(_ key: String, of input: Device) -> String? {
        if let value = input.property(key) { return value }
        for child in children(of: input) where child.is(.input) {
            if let value = child.property(key) { return value }
        }
        return nil
    }

    /// Whether udev classified this input device (`ID_INPUT=1` recorded); without udevd the
    /// type must be derived from the capability bits.
    /// - Parameter input: The `inputN` record.
    /// - Returns: `true` when udev's input_id ran.
    func udevClassified(_ input: Device) -> Bool {
        input.flag("ID_INPUT") || children(of: input).contains { $0.flag("ID_INPUT") }
    }

    /// Whether an input device or another `inputN` of the same parent is a game controller
    /// (`ID_INPUT_JOYSTICK=1`, or joystick/gamepad buttons when udev did not classify it).
    /// - Parameter input: The `inputN` record.
    /// - Returns: `true` for game pads, wheels and joysticks.
    func isGameController(_ input: Device) -> Bool {
        let siblings =
            parent(of: input).map { parent in
                children(of: parent).flatMap { child in
                    child.isInputDevice ? [child] : children(of: child).filter(\.isInputDevice)
                }
            } ?? []
        for candidate in [input] + siblings {
            if inputProperty("ID_INPUT_JOYSTICK", of: candidate) == "1" { return true }
            if !udevClassified(candidate),
                let keys = candidate.bitmask(
                    attribute: "capabilities/key", property: "KEY", wordBits: wordBits),
                keys.containsAny(0x120...0x13f)
            {
                return true
            }
        }
        return false
    }
}
