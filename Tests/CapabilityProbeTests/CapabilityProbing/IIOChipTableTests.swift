import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityManifest
@testable import CapabilityManifestFiles
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// IIO sensors in recordings without channel attributes (udevadm dumps): the chip table.
@Suite struct IIOChipTableTests {
    /// Classifies records as a complete udevadm dump would give them (properties only).
    static func dumpReport(_ devices: [Device], complete: Bool = true) -> CapabilityReport {
        let source = SourceInfo(
            kind: .udevadm, udevDatabase: true, attributes: false, complete: complete)
        let inventory = DeviceInventory(
            source: source, machine: MachineIdentity(arch: "aarch64"),
            devices: DeviceTree.linkParents(devices))
        return CapabilityClassifier().classify(inventory)
    }

    /// A chip on a bus with its IIO devices below it, as a dump records them.
    static func chip(
        _ id: String, driver: String?, subsystem: String = "i2c",
        properties: [String: String] = [:], iioDevices: Int = 1
    ) -> [Device] {
        var all = properties
        if let driver { all["DRIVER"] = driver }
        let parent = Device(id: id, subsystem: subsystem, driver: driver, properties: all)
        let children = (0..<iioDevices).map { index in
            Device(
                id: id + "/iio:device\(index)", subsystem: "iio", devtype: "iio_device",
                properties: ["SUBSYSTEM": "iio", "DEVTYPE": "iio_device"])
        }
        return [parent] + children
    }

    static let i2c = "/devices/platform/soc/78b6000.i2c/i2c-1"

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var devices: [Device]
        var present: [String]
        var reason: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "ST accelerometer on device tree",
            devices: chip(
                i2c + "/1-0019", driver: "st-accel-i2c",
                properties: [
                    "OF_COMPATIBLE_0": "st,lis3dh-accel", "OF_COMPATIBLE_N": "1",
                    "MODALIAS": "of:NaccelerometerT(null)Cst,lis3dh-accel",
                ]),
            present: ["sensor.accelerometer"],
            reason: "OF_COMPATIBLE st,lis3dh-accel: accelerometer by driver table"),
        Case(
            name: "ST accelerometer known by its driver only",
            devices: chip(i2c + "/1-0019", driver: "st-accel-i2c"),
            present: ["sensor.accelerometer"],
            reason: "driver st-accel-i2c: accelerometer by driver table"),
        Case(
            name: "Bosch BMA250E on ACPI (BOSC0200)",
            devices: chip(
                "/devices/pci0000:00/0000:00:16.0/i2c_designware.0/i2c-0/i2c-BOSC0200:00",
                driver: "bmc150_accel_i2c"),
            present: ["sensor.accelerometer"],
            reason: "ACPI id BOSC0200: accelerometer by driver table"),
        Case(
            name: "Kionix on ACPI without a driver name",
            devices: chip(
                "/devices/pci0000:00/808622C1:00/i2c-0/i2c-KIOX000A:00", driver: nil,
                properties: ["MODALIAS": "acpi:KIOX000A:KIOX000A:"]),
            present: ["sensor.accelerometer"],
            reason: "MODALIAS acpi:KIOX000A:KIOX000A:: accelerometer by driver table"),
        Case(
            name: "ST LSM6DSM with one IIO device per kind",
            devices: chip(i2c + "/1-006a", driver: "st_lsm6dsx_i2c", iioDevices: 2),
            present: ["sensor.accelerometer", "sensor.gyroscope"],
            reason: "driver st_lsm6dsx_i2c: accelerometer by driver table"),
        Case(
            name: "InvenSense MPU-6050",
            devices: chip(
                i2c + "/1-0068", driver: "inv-mpu6050-i2c",
                properties: ["MODALIAS": "i2c:mpu6050"]),
            present: ["sensor.accelerometer", "sensor.gyroscope"],
            reason: "MODALIAS i2c:mpu6050: accelerometer by driver table"),
        Case(
            name: "BME280 through the bmp280 driver",
            devices: chip(
                i2c + "/1-0076", driver: "bmp280",
                properties: ["OF_COMPATIBLE_0": "bosch,bme280", "OF_COMPATIBLE_N": "1"]),
            present: ["sensor.barometer", "sensor.humidity"],
            reason: "OF_COMPATIBLE bosch,bme280: barometer by driver table"),
        Case(
            name: "HTS221 humidity sensor",
            devices: chip(i2c + "/1-005f", driver: "hts221_i2c"),
            present: ["sensor.humidity"],
            reason: "driver hts221_i2c: humidity sensor by driver table"),
        Case(
            name: "AK8975 magnetometer",
            devices: chip(
                i2c + "/1-000c", driver: "ak8975",
                properties: ["OF_COMPATIBLE_0": "asahi-kasei,ak09911", "OF_COMPATIBLE_N": "1"]),
            present: ["sensor.magnetometer"],
            reason: "OF_COMPATIBLE asahi-kasei,ak09911: magnetometer by driver table"),
        Case(
            name: "ChromeOS EC accelerometer",
            devices: chip(
                "/devices/platform/GOOG0004:00/cros-ec-dev.1.auto/cros-ec-accel.0",
                driver: "cros-ec-sensors", subsystem: "platform",
                properties: ["MODALIAS": "platform:cros-ec-accel"]),
            present: ["sensor.accelerometer"],
            reason: "MODALIAS platform:cros-ec-accel: accelerometer by driver table"),
        Case(
            name: "Light and proximity in one chip",
            devices: chip(i2c + "/1-0048", driver: "stk3310"),
            present: ["sensor.light", "sensor.proximity"],
            reason: "driver stk3310: light sensor by driver table"),
    ]

    @Test(arguments: cases)
    func decidesTheKindFromTheChipTableWithoutChannels(_ item: Case) throws {
        let report = Self.dumpReport(item.devices)
        for kind in SensorKind.allCases {
            let finding = try #require(report.finding(kind.id))
            if item.present.contains(kind.id.rawValue) {
                #expect(finding.status == .present, "\(kind.id)")
                // A chip counts once, however many IIO devices it has.
                #expect(finding.count == 1, "\(kind.id)")
            } else {
                #expect(finding.status == .absent, "\(kind.id)")
            }
        }
        let first = try #require(report.finding(item.present[0]))
        #expect(first.evidence.map(\.reason).contains(item.reason))
    }

    @Test(arguments: [
        ("/devices/platform/ff100000.saradc", "rockchip-saradc", "rockchip,rk3399-saradc"),
        ("/devices/platform/amba/43c00000.adc", "xadc", "xlnx,axi-xadc-1.00.a"),
        (
            "/devices/platform/firmware:zynqmp-firmware/ffa50000.ams", "xilinx-ams",
            "xlnx,zynqmp-ams"
        ),
        ("/devices/platform/soc/2100000.bus/2198000.adc", "vf610-adc", "fsl,vf610-adc"),
    ])
    func makesConvertersAndMonitorsAbsentNotUnknown(id: String, driver: String, compatible: String)
        throws
    {
        let devices = Self.chip(
            id, driver: driver, subsystem: "platform",
            properties: ["OF_COMPATIBLE_0": compatible, "OF_COMPATIBLE_N": "1"])
        let report = Self.dumpReport(devices)
        for kind in SensorKind.allCases {
            #expect(report.finding(kind.id)?.status == .absent, "\(kind.id)")
        }
        let other = try #require(
            report.finding("sensor.accelerometer")?.details["otherIIO"]?.arrayValue?.first?
                .objectValue)
        #expect(other["reason"]?.stringValue?.hasSuffix("by driver table") == true)
    }

    @Test func leavesAnUnknownChipUnknown() throws {
        let report = Self.dumpReport(Self.chip(Self.i2c + "/1-0033", driver: "frobnicator"))
        let finding = try #require(report.finding("sensor.accelerometer"))
        #expect(finding.status == .unknown)
        #expect(finding.evidence.first?.reason.contains("kind unreadable") == true)
    }

    @Test func channelsDecideOverTheTable() throws {
        // An ST accelerometer driver whose device exposes only voltage channels (recorded
        // attributes): the channels are the kernel's own word.
        var devices = Self.chip(Self.i2c + "/1-0019", driver: "st-accel-i2c")
        devices[1].attributes = ["name": "lis3dh", "in_voltage0_raw": "12"]
        let report = Self.dumpReport(devices)
        #expect(report.finding("sensor.accelerometer")?.status == .absent)
    }

    @Test func countsStepCounterChannelsAsSensorSteps() throws {
        var devices = Self.chip(Self.i2c + "/1-0014", driver: "bma400")
        devices[1].attributes = [
            "name": "bma400", "in_accel_x_raw": "1", "in_steps_input": "1234", "in_steps_en": "1",
        ]
        let report = Self.dumpReport(devices)
        let steps = try #require(report.finding("sensor.steps"))
        #expect(steps.status == .present)
        #expect(steps.evidence.map(\.reason) == ["IIO channel in_steps_en"])
        #expect(report.finding("sensor.accelerometer")?.status == .present)
    }

    @Test(arguments: [(true, OverallVerdict.satisfied), (false, .unsatisfied)])
    func checksAnAndroidStepCounterEndToEnd(withSteps: Bool, expected: OverallVerdict) throws {
        var devices = Self.chip(Self.i2c + "/1-0014", driver: "bma400")
        devices[1].attributes = ["name": "bma400", "in_accel_x_raw": "1"]
        if withSteps { devices[1].attributes["in_steps_input"] = "12" }
        let xml = """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="a.b">
              <uses-feature android:name="android.hardware.sensor.stepcounter" />
              <uses-feature android:name="android.hardware.sensor.stepdetector" />
            </manifest>
            """
        let manifest = try ManifestLoader.load(
            data: Data(xml.utf8), path: "AndroidManifest.xml",
            options: ManifestLoadOptions(implied: false))
        let verification = ManifestChecker().check(manifest, against: Self.dumpReport(devices))
        #expect(verification.verdict == expected)
        #expect(verification.requirements.allSatisfy { $0.capability == "sensor.steps" })
    }

    @Test func answersAndroidStepCounterFeaturesFromTheProber() throws {
        #expect(CapabilityID.sensorSteps.isProbed)
        #expect(KeyCatalog.nativeIDs.contains("sensor.steps"))
        let entry = try #require(KeyCatalog.androidEntry("android.hardware.sensor.stepcounter"))
        #expect(entry.target.label == "sensor.steps")
    }

    @Test(arguments: [
        ("i2c:lis3dh", ["lis3dh"]), ("acpi:BOSC0200:", ["BOSC0200"]),
        ("of:NaccelT(null)Cst,lis3dh-accel", ["lis3dh-accel"]),
        ("of:NmagnTmagnetometerCst,lis3mdl-magnCst,lis3mdl", ["lis3mdl-magn", "lis3mdl"]),
        ("platform:cros-ec-accel", ["cros-ec-accel"]), ("nonsense", []),
    ])
    func readsChipNamesFromModaliases(modalias: String, chips: [String]) {
        #expect(IIOChipTable.modaliasTokens(modalias) == chips)
    }

    @Test(arguments: [
        ("i2c-BOSC0200:00", "BOSC0200"), ("KIOX000A:00", "KIOX000A"), ("1-0019", nil),
        ("0000:00:02.0", nil), ("i2c-ELAN0001:00", "ELAN0001"),
    ])
    func readsACPIIDsFromDeviceNames(name: String, id: String?) {
        #expect(IIOChipTable.acpiID(inName: name) == id)
    }

    @Test func everyRowIsNormalisedAndReachable() {
        for rule in IIOChipTable.rules {
            #expect(rule.pattern == IIOChipTable.normalise(rule.pattern), "\(rule.pattern)")
            // A row's own pattern must reach a row that says the same (no earlier row with
            // another verdict shadows it); suffix rows are checked with a made-up chip name.
            let token = rule.match == .suffix ? "chip" + rule.pattern : rule.pattern
            #expect(IIOChipTable.lookup(token)?.chip == rule.chip, "\(rule.pattern)")
        }
    }
}
