import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// The probers' rules on small hand-built record sets (pure, no machine access).
@Suite struct ProberRulesTests {
    static func report(_ devices: [Device], arch: String? = "x86_64", complete: Bool = true)
        -> CapabilityReport
    {
        let source = SourceInfo(
            kind: .snapshot, udevDatabase: false, attributes: true, complete: complete)
        let inventory = DeviceInventory(
            source: source, machine: MachineIdentity(arch: arch),
            devices: DeviceTree.linkParents(devices))
        return CapabilityClassifier().classify(inventory)
    }

    static func input(
        _ id: String, name: String, attributes: [String: String],
        properties: [String: String] = [:],
        facts: KernelFacts = KernelFacts()
    ) -> Device {
        var all = attributes
        all["name"] = name
        return Device(
            id: id, subsystem: "input", properties: properties, attributes: all, facts: facts)
    }

    @Test(arguments: [
        ("10000 0 0", 64, 144, true), ("10000 0 0", 64, 0x10, false),
        ("400 0 0 0 0 0", 64, 0x14a, true),
        ("3", 32, 1, true), ("1 0", 32, 32, true), ("1 0", 32, 0, false), ("zz", 64, 0, false),
    ])
    func readsKernelBitmaps(text: String, wordBits: Int, bit: Int, set: Bool) {
        #expect((Bitmask(text, wordBits: wordBits)?.contains(bit) ?? false) == set)
    }

    @Test func keepsTheTouchpadOutOfTouchscreensWithoutUdev() throws {
        // The synaptics recording's own bits with udev's properties removed (no udevd).
        let inventory = try Fixtures.inventory("umockdev/synaptics-touchpad.umockdev")
        let stripped = inventory.devices.map { device -> Device in
            var copy = device
            copy.properties = copy.properties.filter { !$0.key.hasPrefix("ID_") }
            return copy
        }
        let report = CapabilityClassifier().classify(
            DeviceInventory(source: inventory.source, machine: inventory.machine, devices: stripped)
        )
        #expect(report.finding("input.touchscreen")?.status == .absent)
    }

    @Test func derivesATouchscreenFromBitsAndReadsContactsFromEvdevFacts() {
        let panel = Self.input(
            "/devices/platform/i2c/i2c-ELAN0001:00/0018:04F3:2A1C.0001/input/input9",
            name: "ELAN Touchscreen",
            attributes: [
                "capabilities/ev": "b", "capabilities/abs": "6f18000 3",
                "capabilities/key": "400 0 0 0 0 0",
                "properties": "2", "id/bustype": "0018",
            ],
            facts: KernelFacts(evdev: EvdevFacts(touchPoints: 10)))
        let hid = Device(
            id: "/devices/platform/i2c/i2c-ELAN0001:00/0018:04F3:2A1C.0001", subsystem: "hid")
        let finding = Self.report([hid, panel]).finding("input.touchscreen")
        #expect(finding?.status == .present)
        #expect(finding?.count == 1)
        #expect(finding?.details["points"] == 10)
    }

    @Test(arguments: [false, true])
    func readsProximityNearFromTheSwitchState(near: Bool) {
        let sensor = Self.input(
            "/devices/platform/gpio_keys/input/input4", name: "gpio_keys",
            attributes: ["capabilities/ev": "23", "capabilities/sw": "10e00"],
            facts: KernelFacts(evdev: EvdevFacts(near: near)))
        let finding = Self.report([sensor]).finding("sensor.proximity")
        #expect(finding?.status == .present)
        #expect(finding?.details["near"] == .bool(near))
    }

    @Test func derivesAnAccelerometerWithoutUdevButSkipsGamePadMotionSensors() {
        let phone = Self.input(
            "/devices/platform/lis3lv02d/input/input4", name: "ST LIS3LV02DL Accelerometer",
            attributes: ["capabilities/ev": "9", "capabilities/abs": "7", "properties": "0"])
        #expect(Self.report([phone]).finding("sensor.accelerometer")?.status == .present)

        let pad = "/devices/pci0000:00/usb1/1-2/1-2:1.3/0003:054C:0CE6.0005"
        let motion = Self.input(
            pad + "/input/input21", name: "DualSense Wireless Controller Motion Sensors",
            attributes: [
                "capabilities/ev": "19", "capabilities/abs": "3f", "properties": "40",
                "id/bustype": "0003",
            ])
        let buttons = Self.input(
            pad + "/input/input20", name: "DualSense Wireless Controller",
            attributes: [
                "capabilities/ev": "20001b", "capabilities/abs": "3003f",
                "capabilities/key": "7fdb000000000000 0 0 0 0", "id/bustype": "0003",
            ])
        let report = Self.report([Device(id: pad, subsystem: "hid"), motion, buttons])
        let accel = report.finding("sensor.accelerometer")
        #expect(accel?.status == .absent)
        #expect(accel?.details["gamepads"]?.arrayValue?.count == 1)
        // The pad rumbles (EV_FF) but a game controller is not the device's vibrator.
        #expect(report.finding("haptics.vibration")?.status == .absent)
    }

    @Test func findsAPhoneVibratorOnTheHostBus() {
        let motor = Self.input(
            "/devices/platform/vibrator/input/input2", name: "gpio-vibrator",
            attributes: [
                "capabilities/ev": "200001", "capabilities/ff": "107030000 0", "id/bustype": "0019",
            ])
        let finding = Self.report([motor]).finding("haptics.vibration")
        #expect(finding?.status == .present)
        #expect(finding?.count == 1)
    }

    @Test func doesNotCallAFirmwareFramebufferAGPU() {
        let simple = Device(
            id: "/devices/platform/simple-framebuffer.0", subsystem: "platform", driver: "simpledrm"
        )
        let card = Device(
            id: "/devices/platform/simple-framebuffer.0/drm/card0", subsystem: "drm",
            devtype: "drm_minor")
        let connector = Device(
            id: "/devices/platform/simple-framebuffer.0/drm/card0/card0-Unknown-1",
            subsystem: "drm",
            devtype: "drm_connector", attributes: ["status": "connected"])
        let report = Self.report([simple, card, connector])
        #expect(report.finding("gpu")?.status == .absent)
        #expect(report.finding("display")?.status == .present)
    }

    @Test func reportsDisplayAbsentWhenEveryConnectorIsDisconnected() {
        let gpu = Device(id: "/devices/pci0000:00/0000:00:02.0", subsystem: "pci", driver: "i915")
        let card = Device(id: gpu.id + "/drm/card0", subsystem: "drm", devtype: "drm_minor")
        let hdmi = Device(
            id: gpu.id + "/drm/card0/card0-HDMI-A-1", subsystem: "drm", devtype: "drm_connector",
            attributes: ["status": "disconnected"])
        let fb = Device(id: gpu.id + "/graphics/fb0", subsystem: "graphics")
        #expect(Self.report([gpu, card, hdmi, fb]).finding("display")?.status == .absent)
        #expect(
            Self.report([gpu, card, hdmi, fb], complete: false).finding("display")?.status
                == .unknown)
    }

    @Test(arguments: [
        (["Charging"], 0.5, "charging"), (["Discharging"], 0.5, "unplugged"),
        (["Full"], 1.0, "full"),
        (["Not charging"], 0.96, "full"), (["Not charging"], 0.80, "unknown"),
        (["Unknown"], 0.99, "unknown"),
        (["Full", "Discharging"], 0.7, "unplugged"),
    ])
    func mapsBatteryStatusToState(statuses: [String], level: Double, state: String) {
        let batteries = statuses.enumerated().map { index, status in
            Device(
                id: "/devices/LNXSYSTM:00/PNP0C0A:0\(index)/power_supply/BAT\(index)",
                subsystem: "power_supply",
                attributes: [
                    "type": "Battery", "status": status,
                    "capacity": String(Int((level * 100).rounded())),
                ])
        }
        let finding = Self.report(batteries).finding("power.battery")
        #expect(finding?.details["state"] == .string(state))
        #expect(finding?.details["status"] == .array(statuses.map(JSONValue.string)))
    }

    @Test func combinesTwoBatteriesByEnergy() {
        func battery(_ name: String, now: String, full: String, capacity: String) -> Device {
            Device(
                id: "/devices/LNXSYSTM:00/PNP0C0A:0\(name.last ?? "0")/power_supply/\(name)",
                subsystem: "power_supply",
                attributes: [
                    "type": "Battery", "status": "Discharging", "energy_now": now,
                    "energy_full": full, "capacity": capacity,
                ])
        }
        let report = Self.report([
            battery("BAT0", now: "10000000", full: "20000000", capacity: "50"),
            battery("BAT1", now: "60000000", full: "80000000", capacity: "75"),
        ])
        let finding = report.finding("power.battery")
        #expect(finding?.count == 2)
        #expect(finding?.details["level"] == .double(0.7))
    }

    @Test(arguments: [
        (
            "x86_64",
            [
                "x86_64": CapabilityStatus.present, "arm64": .absent, "armv7": .absent,
                "armv6": .absent,
            ]
        ),
        ("aarch64", ["x86_64": .absent, "arm64": .present, "armv7": .unknown, "armv6": .unknown]),
        ("armv7l", ["x86_64": .absent, "arm64": .unknown, "armv7": .present, "armv6": .present]),
        ("armv6l", ["x86_64": .absent, "arm64": .absent, "armv7": .absent, "armv6": .present]),
    ])
    func mapsKernelArchitectureToAppleKeys(arch: String, expected: [String: CapabilityStatus]) {
        let report = Self.report([], arch: arch)
        #expect(report.finding("cpu.arch")?.status == .present)
        for (key, status) in expected {
            #expect(report.finding("cpu.arch." + key)?.status == status, "\(arch) \(key)")
        }
    }

    @Test(arguments: [(true as Bool?, CapabilityStatus.present), (nil, .unknown)])
    func decidesArmv7OnAarch64FromTheRecordedAArch32Answer(
        runs32Bit: Bool?, expected: CapabilityStatus
    ) {
        let inventory = DeviceInventory(
            source: SourceInfo(
                kind: .snapshot, udevDatabase: false, attributes: true, complete: true),
            machine: MachineIdentity(arch: "aarch64", runs32BitARM: runs32Bit), devices: [])
        let report = CapabilityClassifier().classify(inventory)
        #expect(report.finding("cpu.arch.arm64")?.status == .present)
        #expect(report.finding("cpu.arch.armv7")?.status == expected)
        #expect(report.finding("cpu.arch.armv6")?.status == expected)
    }

    @Test func reportsMemoryFromTheMachineIdentity() {
        let source = SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true)
        let machine = MachineIdentity(
            arch: "x86_64", memoryBytes: 8 << 30, memorySource: "/proc/meminfo")
        let report = CapabilityClassifier().classify(
            DeviceInventory(source: source, machine: machine, devices: []))
        #expect(report.finding("memory.total")?.status == .present)
        #expect(report.finding("memory.total")?.details["bytes"] == .int(8 << 30))
    }
}

@Suite struct PointerProberTests {
    static func inventory(_ devices: [Device]) -> DeviceInventory {
        DeviceInventory(
            source: SourceInfo(
                kind: .umockdev, udevDatabase: false, attributes: true, complete: true),
            machine: MachineIdentity(arch: "x86_64"), devices: devices)
    }

    @Test func findsATouchpadFromCapabilityBitsWithoutUdev() {
        let touchpad = Device(
            id: "/devices/platform/i8042/serio1/input/input5", subsystem: "input",
            attributes: [
                "name": "SynPS/2 Synaptics TouchPad", "capabilities/ev": "b",
                "capabilities/key": "e520 10000 0 0 0 0", "properties": "1",
            ])
        let findings = PointerProber().evaluate(ProbeContext(Self.inventory([touchpad])))
        #expect(findings.first { $0.id == "input.pointer" }?.status == .present)
        #expect(findings.first { $0.id == "input.gamepad" }?.status == .absent)
    }

    @Test func aDirectTouchDeviceIsNotAPointer() {
        let panel = Device(
            id: "/devices/i2c/input/input7", subsystem: "input",
            attributes: [
                "name": "ELAN Touchscreen", "capabilities/ev": "b",
                "capabilities/key": "400 0 0 0 0 0", "properties": "2",
            ])
        let findings = PointerProber().evaluate(ProbeContext(Self.inventory([panel])))
        #expect(findings.first { $0.id == "input.pointer" }?.status == .absent)
    }

    @Test func udevJoystickTagMakesAGamepad() {
        let pad = Device(
            id: "/devices/usb1/1-2/1-2:1.0/input/input9", subsystem: "input",
            properties: ["ID_INPUT": "1", "ID_INPUT_JOYSTICK": "1", "NAME": "\"Pad\""])
        let findings = PointerProber().evaluate(ProbeContext(Self.inventory([pad])))
        #expect(findings.first { $0.id == "input.gamepad" }?.count == 1)
    }
}
