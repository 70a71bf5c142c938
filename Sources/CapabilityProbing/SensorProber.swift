import CapabilityModel

/// Decides the `sensor.*` capabilities from IIO devices, HID sensor hub functions and
/// input devices (detection.md §5–9).
///
/// - IIO devices are classified by their channel attributes (`in_accel_x_raw`,
///   `scan_elements/in_anglvel_x_en`, `in_steps_input`, …); without channel attributes
///   (dumps) by the `HID-SENSOR-<usage>` parent, iio-sensor-proxy's `IIO_SENSOR_PROXY_TYPE`
///   and ``IIOChipTable`` (the IIO `name`, then the parent's `OF_COMPATIBLE_*`, `MODALIAS`,
///   ACPI id and `DRIVER`; evidence names the token and "by driver table"). A chip named by
///   the parent counts once however many IIO devices it has (`st_lsm6dsx`). An IIO device
///   with channels but none of ours, or a converter or monitor by the table (ADC, DAC,
///   Xilinx AMS), is another kind of IIO device: listed in `details["otherIIO"]`, never
///   making a kind `unknown`. One that cannot be classified at all makes the still-undecided
///   kinds `unknown`.
/// - HID usage 0x200011 ("prox", IIO name `prox`) is laptop human-presence detection, not a
///   phone ear-proximity sensor: it is listed in `details["presence"]` of
///   `sensor.proximity` and never counted.
/// - Input accelerometers: udev `ID_INPUT_ACCELEROMETER=1`, or without udevd
///   `INPUT_PROP_ACCELEROMETER` (bit 6 of `properties`) or absolute X/Y/Z without keys (the
///   systemd input_id rule); game-pad motion sensors (a sibling `ID_INPUT_JOYSTICK`) are
///   skipped as iio-sensor-proxy does. HP `lis3lv02d` is a real 3-axis accelerometer in the
///   laptop base (`location` = `base` in details).
/// - Dell `smo8800` (ACPI SMO88xx, `/dev/freefall`) is a free-fall interrupt with no axes:
///   not an accelerometer (Checkbox counts it); listed in `details["freefall"]`.
/// - Input proximity: `SW_FRONT_PROXIMITY` (bit 11 of `capabilities/sw`); `near` from the
///   evdev switch state when the live source recorded it (``EvdevFacts/near(from:)``). IIO
///   proximity: `near` by ``ProximityState/near(iio:)`` (raw reading against the near level,
///   with iio-sensor-proxy's 10 % band). An unreadable state is `nearUnknown` with the reason.
///
/// `count` counts IIO devices (a HID sensor hub function counts once) and input devices.
package struct SensorProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The `sensor.*` ids.
    package var ids: [CapabilityID] { SensorKind.allCases.map(\.id) }

    /// One device providing one kind.
    private struct Hit {
        var kind: SensorKind
        var function: String
        var evidence: Evidence
        var detail: [String: JSONValue]
    }

    /// What the scans of IIO devices, HID sensor hub functions and input devices found.
    private struct Scan {
        /// Devices providing a kind.
        var hits: [Hit] = []
        /// IIO devices whose kind cannot be told: still-undecided kinds become `unknown`.
        var unclassified: [Evidence] = []
        /// Human-presence sensors (HID usage 0x200011), never counted.
        var presence: [JSONValue] = []
        /// IIO devices of other kinds (ADCs, monitors), listed in `otherIIO`.
        var ignored: [JSONValue] = []
        /// Game-pad motion sensors, skipped.
        var gamepads: [JSONValue] = []
        /// Free-fall interrupts without axes, listed in `freefall`.
        var freefall: [JSONValue] = []
    }

    /// Classifies the records.
    /// - Parameter context: The records.
    /// - Returns: One finding per sensor kind.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        var scan = Scan()
        let functionsWithIIO = Self.scanIIODevices(context, into: &scan)
        Self.scanUnboundHIDSensors(context, except: functionsWithIIO, into: &scan)
        Self.scanInputDevices(context, into: &scan)
        scan.freefall = Self.freefallSensors(context)
        return SensorKind.allCases.map { Self.finding(kind: $0, scan: scan, context: context) }
    }

    /// The kinds an IIO device's own records name, each with its reason: channel attributes
    /// (`in_accel_x_raw`, `scan_elements/…_en`), the HID sensor usage of its hub function, and
    /// iio-sensor-proxy's `IIO_SENSOR_PROXY_TYPE`, in that order of precedence.
    private static func recordedKinds(
        of device: Device, channels: [String], usage: String?
    ) -> (kinds: [SensorKind: String], isPresence: Bool) {
        var kinds: [SensorKind: String] = [:]
        var isPresence = false
        for kind in SensorKind.allCases {
            let matches = channels.filter { channel in
                kind.channelPrefixes.contains { channel.hasPrefix($0) }
            }.sorted()
            if let first = matches.first { kinds[kind] = "IIO channel \(first)" }
        }
        if let name = device.attribute("name"), IIOChipTable.lookup(name)?.chip == .presence {
            isPresence = true
        }
        if let usage, let mapped = SensorKind.hidUsages[usage] {
            if let kind = mapped {
                kinds[kind] = kinds[kind] ?? "HID sensor usage 0x\(usage)"
            } else {
                isPresence = true
            }
        }
        for token in (device.property("IIO_SENSOR_PROXY_TYPE") ?? "").split(separator: " ") {
            if let kind = SensorKind.proxyTypes[String(token)] {
                kinds[kind] = kinds[kind] ?? "udev IIO_SENSOR_PROXY_TYPE \(token)"
            }
        }
        return (kinds, isPresence)
    }

    /// Classifies every `iio:deviceN`: the recorded kinds, else (no channel attributes, as in
    /// dumps) the chip table; presence sensors, other IIO kinds and unreadable devices are
    /// set aside.
    /// - Returns: The HID sensor hub functions that have an IIO device.
    private static func scanIIODevices(_ context: ProbeContext, into scan: inout Scan) -> Set<
        String
    > {
        var functionsWithIIO: Set<String> = []
        for device in context.devices(in: .iio) where device.sysname.hasPrefix("iio:device") {
            let hid = context.nearest(from: device) { $0.sysname.hasPrefix("HID-SENSOR-") }
            if let hid { functionsWithIIO.insert(hid.id) }
            let usage = hid.flatMap(Self.hidUsage)
            let channels = device.attributes.keys.map { key in
                key.hasPrefix("scan_elements/")
                    ? String(key.dropFirst("scan_elements/".count)) : key
            }.filter { $0.hasPrefix("in_") || $0.hasPrefix("out_") }
            var (kinds, isPresence) = recordedKinds(of: device, channels: channels, usage: usage)
            // Without channel attributes (dumps), the chip table decides from names.
            var chipFunction: String?
            var otherChip: String?
            if channels.isEmpty, !isPresence, let match = Self.chipMatch(device, context: context) {
                switch match.rule.chip {
                case .sensors(let chipKinds):
                    for kind in chipKinds {
                        kinds[kind] =
                            kinds[kind]
                            ?? "\(match.place) \(match.token): \(kind.words) by driver table"
                    }
                    chipFunction = match.function
                case .presence:
                    isPresence = true
                case .other(let what):
                    otherChip = "\(match.place) \(match.token): \(what) by driver table"
                }
            }
            let name = device.attribute("name") ?? device.attribute("label") ?? hid?.sysname
            if isPresence {
                scan.presence.append(.object(Self.describe(device, name: name, source: "iio")))
                continue
            }
            if kinds.isEmpty {
                if device.hasAttributes || otherChip != nil
                    || usage.map(SensorKind.otherHIDUsages.contains) == true
                {
                    var detail = Self.describe(device, name: name, source: "iio")
                    if let otherChip { detail["reason"] = .string(otherChip) }
                    scan.ignored.append(.object(detail))
                } else {
                    scan.unclassified.append(
                        Evidence(
                            device: device.id,
                            reason:
                                "IIO device without channel attributes or a known name: kind unreadable"
                        ))
                }
                continue
            }
            for (kind, reason) in kinds {
                var detail = Self.describe(device, name: name, source: "iio")
                if let location = Self.location(device, context: context) {
                    detail["location"] = .string(location)
                }
                if kind == .proximity {
                    Self.record(ProximityState.near(iio: device), in: &detail)
                }
                scan.hits.append(
                    Hit(
                        kind: kind, function: hid?.id ?? chipFunction ?? device.id,
                        evidence: Evidence(device: device.id, reason: reason), detail: detail))
            }
        }
        return functionsWithIIO
    }

    /// HID sensor hub functions whose IIO driver is not bound: the usage alone names the kind.
    private static func scanUnboundHIDSensors(
        _ context: ProbeContext, except functionsWithIIO: Set<String>, into scan: inout Scan
    ) {
        for device in context.devices
        where device.sysname.hasPrefix("HID-SENSOR-") && !functionsWithIIO.contains(device.id) {
            guard let usage = Self.hidUsage(device), let mapped = SensorKind.hidUsages[usage] else {
                continue
            }
            guard let kind = mapped else {
                scan.presence.append(
                    .object(Self.describe(device, name: device.sysname, source: "hid-sensor")))
                continue
            }
            scan.hits.append(
                Hit(
                    kind: kind, function: device.id,
                    evidence: Evidence(
                        device: device.id,
                        reason: "HID sensor usage 0x\(usage), no IIO device (driver not bound)"),
                    detail: Self.describe(device, name: device.sysname, source: "hid-sensor")))
        }
    }

    /// Input devices: accelerometers (game-pad motion sensors set aside) and
    /// `SW_FRONT_PROXIMITY` switches with their recorded state.
    private static func scanInputDevices(_ context: ProbeContext, into scan: inout Scan) {
        for input in context.inputDevices {
            let bits = context.wordBits
            let name = input.inputName
            if let reason = Self.inputAccelerometerReason(input, context: context) {
                if context.isGameController(input) {
                    scan.gamepads.append(
                        .object(Self.describe(input, name: name, source: "input")))
                } else {
                    var detail = Self.describe(input, name: name, source: "input")
                    if let location = Self.location(input, context: context) {
                        detail["location"] = .string(location)
                    }
                    scan.hits.append(
                        Hit(
                            kind: .accelerometer, function: input.id,
                            evidence: Evidence(device: input.id, reason: reason), detail: detail))
                }
            }
            if let switches = input.bitmask(
                attribute: "capabilities/sw", property: "SW", wordBits: bits),
                switches.contains(0x0b)
            {
                var detail = Self.describe(input, name: name, source: "input")
                Self.record(
                    EvdevFacts.near(from: context.evdevFacts(of: input)), in: &detail)
                scan.hits.append(
                    Hit(
                        kind: .proximity, function: input.id,
                        evidence: Evidence(
                            device: input.id, reason: "input switch SW_FRONT_PROXIMITY"),
                        detail: detail))
            }
        }
    }

    /// Free-fall sensors (Dell `smo8800`, `/dev/freefall`): no axes, so no accelerometer.
    private static func freefallSensors(_ context: ProbeContext) -> [JSONValue] {
        context.devices.filter { device in
            device.driver == "smo8800" || device.sysname.hasPrefix("SMO88")
                || device.id == "/devices/virtual/misc/freefall"
        }.map { .string($0.id) }
    }

    /// The finding for one kind: its hits (counted by function), the unclassified IIO devices
    /// as `unknown`, and the set-aside devices in details.
    private static func finding(kind: SensorKind, scan: Scan, context: ProbeContext)
        -> CapabilityFinding
    {
        let kindHits = scan.hits.filter { $0.kind == kind }.sorted { $0.evidence < $1.evidence }
        var details: [String: JSONValue] = [:]
        let (status, evidence) = context.verdict(
            found: kindHits.map(\.evidence), unsure: scan.unclassified)
        if !kindHits.isEmpty {
            details["devices"] = .array(kindHits.map { .object($0.detail) })
        }
        if kind == .accelerometer {
            if !scan.freefall.isEmpty { details["freefall"] = .array(scan.freefall) }
            if !scan.gamepads.isEmpty { details["gamepads"] = .array(scan.gamepads) }
        }
        if kind == .proximity {
            if !scan.presence.isEmpty { details["presence"] = .array(scan.presence) }
            let readings = kindHits.compactMap { $0.detail["near"]?.boolValue }
            if !readings.isEmpty { details["near"] = .bool(readings.contains(true)) }
        }
        if !scan.ignored.isEmpty && status != .present {
            details["otherIIO"] = .array(scan.ignored)
        }
        return CapabilityFinding(
            id: kind.id, status: status,
            count: status == .present ? Set(kindHits.map(\.function)).count : 0,
            evidence: evidence, details: details)
    }

    /// Why an input device is an accelerometer, or `nil`.
    private static func inputAccelerometerReason(_ input: Device, context: ProbeContext) -> String?
    {
        if context.inputProperty("ID_INPUT_ACCELEROMETER", of: input) == "1" {
            return "udev ID_INPUT_ACCELEROMETER=1"
        }
        if input.property("IIO_SENSOR_PROXY_TYPE")?.split(separator: " ").contains("input-accel")
            == true
        {
            return "udev IIO_SENSOR_PROXY_TYPE input-accel"
        }
        guard !context.udevClassified(input) else { return nil }
        let bits = context.wordBits
        if let props = input.bitmask(attribute: "properties", property: "PROP", wordBits: bits),
            props.contains(6)
        {
            return "INPUT_PROP_ACCELEROMETER"
        }
        if let events = input.bitmask(attribute: "capabilities/ev", property: "EV", wordBits: bits),
            let axes = input.bitmask(
                attribute: "capabilities/abs", property: "ABS", wordBits: bits),
            events.contains(3), !events.contains(1), axes.contains(0), axes.contains(1),
            axes.contains(2)
        {
            return "absolute X/Y/Z axes and no keys (systemd input_id rule)"
        }
        return nil
    }

    /// A chip-table match for an IIO device: where the token was found, the token as
    /// recorded, the row, and the function to count (the chip when the token is the parent's).
    private struct ChipMatch {
        var place: String
        var token: String
        var rule: IIOChipRule
        var function: String
    }

    /// Looks the IIO `name`, then the parent's `OF_COMPATIBLE_*`, `MODALIAS`, ACPI id, `DRIVER`
    /// and platform name up in ``IIOChipTable``; the first token with a row wins.
    private static func chipMatch(_ device: Device, context: ProbeContext) -> ChipMatch? {
        if let name = device.attribute("name"), let rule = IIOChipTable.lookup(name) {
            return ChipMatch(place: "IIO name", token: name, rule: rule, function: device.id)
        }
        guard let parent = context.parent(of: device) else { return nil }
        // (where, as recorded, the chip name to look up): chip ids before the driver, which
        // may serve several chips (bmp280 also drives the BME280 with its humidity sensor).
        var tokens: [(String, String, String)] = []
        let count = parent.property("OF_COMPATIBLE_N").flatMap { Int($0) } ?? 4
        for index in 0..<min(max(count, 0), 16) {
            if let compatible = parent.property(BusFacts.compatibleKeys[index]) {
                tokens.append(
                    ("OF_COMPATIBLE", compatible, IIOChipTable.compatibleChip(compatible)))
            }
        }
        if let modalias = parent.property("MODALIAS") {
            for chip in IIOChipTable.modaliasTokens(modalias) {
                tokens.append(("MODALIAS", modalias, chip))
            }
        }
        let acpi = IIOChipTable.acpiID(inName: parent.sysname)
        if let acpi { tokens.append(("ACPI id", acpi, acpi)) }
        if let driver = parent.driver { tokens.append(("driver", driver, driver)) }
        if acpi == nil, parent.is(.platform) {
            for piece in parent.sysname.split(separator: ".") {
                tokens.append(("platform device", parent.sysname, String(piece)))
            }
        }
        for (place, shown, chip) in tokens {
            if let rule = IIOChipTable.lookup(chip) {
                return ChipMatch(place: place, token: shown, rule: rule, function: parent.id)
            }
        }
        return nil
    }

    /// The `<usage>` of a `HID-SENSOR-<usage>.N.auto` platform device, upper case.
    private static func hidUsage(_ device: Device) -> String? {
        let rest = device.sysname.dropFirst("HID-SENSOR-".count)
        let usage = rest.prefix { $0 != "." }
        return usage.isEmpty ? nil : usage.uppercased()
    }

    /// Where the sensor sits: udev `ACCEL_LOCATION`, `label` `accel-base`/`accel-display`,
    /// `location`, or `base` for the HP lis3lv02d hard-disk protection sensor.
    private static func location(_ device: Device, context: ProbeContext) -> String? {
        if let value = context.inputProperty("ACCEL_LOCATION", of: device) { return value }
        if let label = device.attribute("label"), label.hasPrefix("accel-") {
            return String(label.dropFirst("accel-".count))
        }
        if let value = device.attribute("location"), !value.isEmpty { return value }
        if context.nearest(from: device, where: { $0.sysname == "lis3lv02d" }) != nil
            || device.inputName?.contains("LIS3LV02D") == true
        {
            return "base"
        }
        return nil
    }

    /// Puts a proximity reading into a device detail: `near`, or `nearUnknown` with the reason.
    private static func record(
        _ near: KernelProbeResult<Bool>, in detail: inout [String: JSONValue]
    ) {
        switch near {
        case .value(let value): detail["near"] = .bool(value)
        case .unknown(let reason): detail["nearUnknown"] = .string(reason)
        }
    }

    /// The per-device detail object.
    private static func describe(_ device: Device, name: String?, source: String) -> [String:
        JSONValue]
    {
        var detail: [String: JSONValue] = ["device": .string(device.id), "source": .string(source)]
        if let name { detail["name"] = .string(name) }
        if let driver = device.driver { detail["driver"] = .string(driver) }
        return detail
    }
}
