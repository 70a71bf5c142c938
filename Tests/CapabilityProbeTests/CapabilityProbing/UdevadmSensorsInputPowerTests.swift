import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel
@testable import CapabilityProbing

/// Expected status and count of one capability in one dump.
struct Expected: Sendable, CustomStringConvertible {
    var status: CapabilityStatus
    var count: Int

    static let absent = Expected(status: .absent, count: 0)
    static let unknown = Expected(status: .unknown, count: 0)
    static func present(_ count: Int) -> Expected { Expected(status: .present, count: count) }

    var description: String { status == .present ? "present(\(count))" : status.rawValue }
}

/// One row of the sensors/input/power table: a Checkbox dump and what capcheck must say.
struct SensorsInputPowerRow: Sendable, CustomStringConvertible {
    var dump: String
    var accelerometer: Expected = .absent
    var gyroscope: Expected = .absent
    var light: Expected = .absent
    var proximity: Expected = .absent
    var touchscreen: Expected = .absent
    var vibration: Expected = .absent
    var gpu: Expected
    var display: Expected = .unknown
    var battery: Expected

    var description: String { dump }

    var expectations: [(String, Expected)] {
        [
            ("sensor.accelerometer", accelerometer), ("sensor.gyroscope", gyroscope),
            ("sensor.light", light), ("sensor.proximity", proximity),
            ("input.touchscreen", touchscreen), ("haptics.vibration", vibration), ("gpu", gpu),
            ("display", display), ("power.battery", battery),
        ]
    }
}

@Suite struct UdevadmSensorsInputPowerTests {
    // Derived from Fixtures/udevadm/README.md and the dumps' E: lines. Dumps carry no sysfs
    // attributes, so no connector `status` can be read: an internal panel (eDP, LVDS, DSI
    // connector) counts as connected — it is built in — so `display` is present(1) on the 14
    // dumps with one (was unknown before that rule); elsewhere it stays unknown wherever a
    // connector or a framebuffer exists. No dump has an EV_FF input device, so
    // `haptics.vibration` is absent in every complete dump. GPUs without render nodes are
    // counted by their bound 3D driver (these kernels predate render nodes; fglrx has none).
    static let rows: [SensorsInputPowerRow] = [
        // Checkbox counts the smo8800 free-fall sensor as ACCELEROMETER; it has no axes.
        // GPUs: i915 renderD128 + amdgpu renderD129. BAT0 Full.
        SensorsInputPowerRow(
            dump: "CAPTURE_METADATA", touchscreen: .present(1), gpu: .present(2),
            display: .present(1), battery: .present(1)),
        SensorsInputPowerRow(
            dump: "DELL_INSPIRON3521_TOUCHSCREEN", touchscreen: .present(1), gpu: .present(1),
            display: .present(1), battery: .present(1)),
        // ILITEK USB multi-touch panel (Checkbox does not assert TOUCHSCREEN here); i915 +
        // Radeon on fglrx (Checkbox VIDEO=2); an all-in-one without battery.
        SensorsInputPowerRow(
            dump: "DELL_INSPIRON_3048", touchscreen: .present(1), gpu: .present(2),
            display: .present(1), battery: .absent
        ),
        // ACPI SMO8800 without a bound driver: not an accelerometer either.
        SensorsInputPowerRow(
            dump: "DELL_LATITUDEE4310", gpu: .present(1), display: .present(1), battery: .present(1)
        ),
        // Partial dump (31 records): proves no absence, so everything is unknown.
        SensorsInputPowerRow(
            dump: "DELL_LATITUDE_7350_WITH_IPU6_DRIVER", accelerometer: .unknown,
            gyroscope: .unknown,
            light: .unknown, proximity: .unknown, touchscreen: .unknown, vibration: .unknown,
            gpu: .unknown, battery: .unknown),
        SensorsInputPowerRow(
            dump: "DELL_OPTIPLEX9020AIO", gpu: .present(1), display: .present(1), battery: .absent),
        SensorsInputPowerRow(
            dump: "DELL_VOSTROV131", gpu: .present(1), display: .present(1), battery: .present(1)),
        // Radeon HD 4850 on fglrx (no DRM at all), vesafb framebuffer.
        SensorsInputPowerRow(dump: "HOME_MADE", gpu: .present(1), battery: .absent),
        // AMD SFH HID ambient-light sensor (HID-SENSOR-200041 → iio:device0). The dump holds
        // the AC adapter but no battery record.
        SensorsInputPowerRow(
            dump: "HP_ELITEBOOK_835_13_INCH_G10", light: .present(1), gpu: .present(1),
            display: .present(1), battery: .absent),
        // i915 + NVIDIA GT 740M with no driver bound (counted, evidence says so).
        SensorsInputPowerRow(
            dump: "HP_ENVY_15_MEDIATEK_BT", gpu: .present(2), display: .present(1),
            battery: .present(1)),
        // lis3lv02d is a real 3-axis accelerometer (in the base); like Checkbox.
        SensorsInputPowerRow(
            dump: "HP_PROBOOK6550B_ACCELEROMETER", accelerometer: .present(1), gpu: .present(1),
            display: .present(1), battery: .absent),
        SensorsInputPowerRow(
            dump: "LENOVO_E431", gpu: .present(1), display: .present(1), battery: .present(1)),
        SensorsInputPowerRow(
            dump: "LENOVO_T420", gpu: .present(1), display: .present(1), battery: .absent),
        SensorsInputPowerRow(
            dump: "LENOVO_T430S", gpu: .present(1), display: .present(1), battery: .present(1)),
        // omapdrm is display-only (the SGX540 has no upstream driver): no GPU.
        SensorsInputPowerRow(dump: "PANDABOARD", gpu: .absent, battery: .absent),
        // cirrus is display-only: no GPU.
        SensorsInputPowerRow(dump: "QEMU_KVM", gpu: .absent, battery: .absent),
        // smo8800 again: not an accelerometer (Checkbox ACCELEROMETER=1). Radeon on fglrx.
        SensorsInputPowerRow(
            dump: "REALTEK_CARD_READER_AND_NVME", gpu: .present(1), battery: .present(1)),
        // vc4 with renderD128 (Checkbox DRI=0 is its own category).
        SensorsInputPowerRow(dump: "RPI2_WITH_CAMERA", gpu: .present(1), battery: .absent),
        // raspberrypi-ts counts because the DSI-1 connector shows the official panel.
        SensorsInputPowerRow(
            dump: "RPI3B", touchscreen: .present(1), gpu: .present(1), display: .present(1),
            battery: .absent),
        SensorsInputPowerRow(
            dump: "SAMSUNG_N310", gpu: .present(1), display: .present(1), battery: .present(1)),
    ]

    @Test func tableCoversEveryDump() {
        #expect(Self.rows.map(\.dump).sorted() == Fixtures.udevadmDumps.sorted())
    }

    @Test(arguments: rows)
    func classifiesSensorsInputAndPower(row: SensorsInputPowerRow) throws {
        let report = try Fixtures.report("udevadm/\(row.dump).txt")
        for (id, expected) in row.expectations {
            let finding = try #require(report.finding(id), "\(id)")
            #expect(finding.status == expected.status, "\(row.dump) \(id)")
            #expect(finding.count == expected.count, "\(row.dump) \(id)")
        }
    }

    @Test(arguments: ["REALTEK_CARD_READER_AND_NVME", "CAPTURE_METADATA"])
    func listsTheSmo8800FreeFallSensorWithoutCountingIt(dump: String) throws {
        let finding = try #require(
            try Fixtures.report("udevadm/\(dump).txt").finding("sensor.accelerometer"))
        #expect(finding.status == .absent)
        let freefall = try #require(finding.details["freefall"]?.arrayValue)
        #expect(freefall.contains { $0.stringValue?.hasSuffix("SMO8810:00") == true })
    }

    @Test func placesTheHPLis3lv02dAccelerometerInTheBase() throws {
        let finding = try #require(
            try Fixtures.report("udevadm/HP_PROBOOK6550B_ACCELEROMETER.txt").finding(
                "sensor.accelerometer"))
        let device = try #require(finding.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(device["location"] == "base")
        #expect(device["name"] == "ST LIS3LV02DL Accelerometer")
    }

    @Test(arguments: [
        ("CAPTURE_METADATA", "full", 1.0),
        ("DELL_INSPIRON3521_TOUCHSCREEN", "unplugged", 0.91),
        ("SAMSUNG_N310", "charging", 869_000.0 / 7_900_000.0),
        ("LENOVO_T430S", "unknown", 0.99),
    ])
    func mapsDumpBatteryStatusToState(dump: String, state: String, level: Double) throws {
        let finding = try #require(
            try Fixtures.report("udevadm/\(dump).txt").finding("power.battery"))
        #expect(finding.details["state"]?.stringValue == state)
        let measured = try #require(finding.details["level"]?.doubleValue)
        #expect(abs(measured - level) < 0.005)
        #expect(finding.details["valuesFrom"] == "uevent")
    }

    @Test func reportsNoSystemBatteryAsLevelMinusOne() throws {
        let finding = try #require(
            try Fixtures.report("udevadm/QEMU_KVM.txt").finding("power.battery"))
        #expect(finding.details["level"]?.doubleValue == -1)
        #expect(finding.details["state"] == "unknown")
    }

    @Test func readsTheHIDAmbientLightSensorOfTheSensorHub() throws {
        let finding = try #require(
            try Fixtures.report("udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt").finding("sensor.light"))
        #expect(
            finding.evidence.map(\.device) == [
                "/devices/0020:1022:0001.0004/HID-SENSOR-200041.1.auto/iio:device0"
            ])
    }

    @Test func treatsTheRaspberryPiFirmwareTouchscreenAsUnknownWithoutADSIConnector() throws {
        let inventory = try Fixtures.inventory("udevadm/RPI3B.txt")
        let withoutDSI = DeviceInventory(
            source: inventory.source, machine: inventory.machine,
            devices: inventory.devices.filter { !$0.id.contains("-DSI-") })
        let finding = try #require(
            CapabilityClassifier().classify(withoutDSI).finding("input.touchscreen"))
        #expect(finding.status == .unknown)
    }

    // The CPU records decide the architecture where they show the running kernel: x86 CPU
    // modaliases with feature 006F/006E (set only by a 64-bit kernel; was unknown before that
    // rule), `cpu:type:v7l`, `cpu:type:aarch64`. Dumps of kernels that wrote no CPU modalias
    // stay unknown, with the family hint.
    static let architectures: [(String, String?)] = [
        ("CAPTURE_METADATA", "x86_64"), ("DELL_INSPIRON3521_TOUCHSCREEN", "x86_64"),
        ("DELL_INSPIRON_3048", "x86_64"), ("DELL_LATITUDEE4310", "x86_64"),
        ("DELL_LATITUDE_7350_WITH_IPU6_DRIVER", nil), ("DELL_OPTIPLEX9020AIO", "x86_64"),
        ("DELL_VOSTROV131", "x86_64"), ("HOME_MADE", nil),
        ("HP_ELITEBOOK_835_13_INCH_G10", "x86_64"), ("HP_ENVY_15_MEDIATEK_BT", "x86_64"),
        ("HP_PROBOOK6550B_ACCELEROMETER", nil), ("LENOVO_E431", "x86_64"),
        ("LENOVO_T420", "x86_64"), ("LENOVO_T430S", "x86_64"), ("PANDABOARD", nil),
        ("QEMU_KVM", "x86_64"), ("REALTEK_CARD_READER_AND_NVME", "x86_64"),
        ("RPI2_WITH_CAMERA", "armv7"), ("RPI3B", "arm64"), ("SAMSUNG_N310", nil),
    ]

    @Test func architectureTableCoversEveryDump() {
        #expect(Self.architectures.map(\.0).sorted() == Fixtures.udevadmDumps.sorted())
    }

    @Test(arguments: architectures)
    func decidesTheArchitectureFromCPURecords(dump: String, arch: String?) throws {
        let report = try Fixtures.report("udevadm/\(dump).txt")
        let finding = try #require(report.finding("cpu.arch"))
        #expect(finding.status == (arch == nil ? .unknown : .present))
        #expect(finding.details["arch"]?.stringValue == arch)
        if let arch {
            #expect(report.finding("cpu.arch." + arch)?.status == .present)
        }
        #expect(report.finding("memory.total")?.status == .unknown)
    }

    @Test func keepsTheOtherWordSizeUnknownWhereTheKernelDoesNotTell() throws {
        // A 32-bit kernel on the Pi 2's Cortex-A7: no AArch64 from this kernel; the Pi 3's
        // aarch64 kernel does not say whether its cores run AArch32.
        let pi2 = try Fixtures.report("udevadm/RPI2_WITH_CAMERA.txt")
        #expect(pi2.finding("cpu.arch.arm64")?.status == .unknown)
        #expect(pi2.finding("cpu.arch.x86_64")?.status == .absent)
        let pi3 = try Fixtures.report("udevadm/RPI3B.txt")
        #expect(pi3.finding("cpu.arch.armv7")?.status == .unknown)
        let laptop = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        #expect(laptop.finding("cpu.arch.arm64")?.status == .absent)
        let netbook = try Fixtures.report("udevadm/SAMSUNG_N310.txt")
        #expect(netbook.finding("cpu.arch.x86_64")?.status == .unknown)
        #expect(netbook.finding("cpu.arch")?.details["hint"]?.stringValue?.hasPrefix("x86") == true)
    }

    // OpenGL ES and Vulkan levels from each GPU's driver and generation (GPUAPITable): were
    // unknown everywhere before that table. `nil` = unknown. Dumps carry no userspace, so
    // every verdict rests on the hardware generation alone. fglrx and an unbound NVIDIA
    // function are not in the table; hasvk (Gen7/7.5) Vulkan is not either.
    static let apiLevels: [(String, String?, String?)] = [
        ("CAPTURE_METADATA", "3.2", "1.3"), ("DELL_INSPIRON3521_TOUCHSCREEN", "3.0", nil),
        ("DELL_INSPIRON_3048", "≥3.2", nil), ("DELL_LATITUDEE4310", "2.0", "absent"),
        ("DELL_LATITUDE_7350_WITH_IPU6_DRIVER", nil, nil), ("DELL_OPTIPLEX9020AIO", "3.2", nil),
        ("DELL_VOSTROV131", "3.0", "absent"), ("HOME_MADE", nil, nil),
        ("HP_ELITEBOOK_835_13_INCH_G10", "3.2", "1.3"), ("HP_ENVY_15_MEDIATEK_BT", "≥3.0", nil),
        ("HP_PROBOOK6550B_ACCELEROMETER", "2.0", "absent"), ("LENOVO_E431", "3.0", nil),
        ("LENOVO_T420", "3.0", "absent"), ("LENOVO_T430S", "3.0", nil),
        ("PANDABOARD", "absent", "absent"), ("QEMU_KVM", "absent", "absent"),
        ("REALTEK_CARD_READER_AND_NVME", nil, nil), ("RPI2_WITH_CAMERA", "2.0", "absent"),
        ("RPI3B", "2.0", "absent"), ("SAMSUNG_N310", "2.0", "absent"),
    ]

    @Test func apiLevelTableCoversEveryDump() {
        #expect(Self.apiLevels.map(\.0).sorted() == Fixtures.udevadmDumps.sorted())
    }

    /// `3.2` present with that version, `≥3.0` present with that lower bound, `absent`, or
    /// `nil` unknown.
    static func expect(_ finding: CapabilityFinding?, _ level: String?, _ label: String) {
        switch level {
        case nil:
            #expect(finding?.status == .unknown, "\(label)")
        case "absent":
            #expect(finding?.status == .absent, "\(label)")
        case let level? where level.hasPrefix("≥"):
            #expect(finding?.status == .present, "\(label)")
            #expect(finding?.details["versionAtLeast"]?.stringValue == String(level.dropFirst()))
        case let level?:
            #expect(finding?.status == .present, "\(label)")
            #expect(finding?.details["version"]?.stringValue == level, "\(label)")
            #expect(
                finding?.evidence.allSatisfy { $0.reason.contains("hardware generation") } == true)
        }
    }

    @Test(arguments: apiLevels)
    func decidesGLESAndVulkanFromTheGPUGeneration(dump: String, gles: String?, vulkan: String?)
        throws
    {
        let report = try Fixtures.report("udevadm/\(dump).txt")
        Self.expect(report.finding("gpu.gles"), gles, "\(dump) gles")
        Self.expect(report.finding("gpu.vulkan"), vulkan, "\(dump) vulkan")
    }
}
