import CapabilityModel
import CapabilitySupport

/// The motion and environment sensors capcheck reports, one capability id each.
package enum SensorKind: String, CaseIterable, Sendable, Hashable, Comparable {
    /// `sensor.accelerometer`.
    case accelerometer
    /// `sensor.gyroscope`.
    case gyroscope
    /// `sensor.magnetometer`.
    case magnetometer
    /// `sensor.proximity` (a phone-style near/far sensor, not laptop human presence).
    case proximity
    /// `sensor.light` (ambient light).
    case light
    /// `sensor.barometer` (pressure).
    case barometer
    /// `sensor.humidity` (relative humidity).
    case humidity
    /// `sensor.steps` (a step counter or detector, IIO `in_steps_*`).
    case steps

    /// The capability id: `sensor.` and the case's name (`CapabilityIDTableTests` holds the
    /// kinds to the table's probed `sensor.*` ids).
    package var id: CapabilityID {
        switch self {
        case .accelerometer: return .sensorAccelerometer
        case .gyroscope: return .sensorGyroscope
        case .magnetometer: return .sensorMagnetometer
        case .proximity: return .sensorProximity
        case .light: return .sensorLight
        case .barometer: return .sensorBarometer
        case .humidity: return .sensorHumidity
        case .steps: return .sensorSteps
        }
    }

    /// Orders by declaration order.
    package static func < (lhs: SensorKind, rhs: SensorKind) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// IIO channel attribute prefixes (`in_accel_x_raw`, `scan_elements/in_accel_x_en`, …),
    /// after `scan_elements/` is stripped; from iio-sensor-proxy's udev rules and the kernel
    /// IIO channel names.
    var channelPrefixes: [String] {
        switch self {
        case .accelerometer: return ["in_accel_x"]
        case .gyroscope: return ["in_anglvel_x"]
        case .magnetometer: return ["in_magn_x", "in_rot_from_north_magnetic_tilt_comp"]
        case .proximity: return ["in_proximity"]
        case .light: return ["in_illuminance", "in_intensity_clear", "in_intensity_both"]
        case .barometer: return ["in_pressure"]
        case .humidity: return ["in_humidityrelative"]
        case .steps: return ["in_steps"]
        }
    }

    /// The kind in words, for evidence (the table's ``CapabilityID/Definition/noun``:
    /// `accelerometer`, `light sensor`).
    package var words: String { id.definition.noun }

    /// HID sensor usages (`HID-SENSOR-<usage>` platform devices, kernel
    /// `hid-sensor-ids.h`); `nil` marks human presence (0x200011), which is not a proximity
    /// sensor in the phone sense.
    static let hidUsages: [String: SensorKind?] = [
        "200073": .accelerometer, "200076": .gyroscope, "200083": .magnetometer,
        "200041": .light, "200031": .barometer, "200032": .humidity, "200011": nil,
    ]

    /// HID sensor usages that are real sensors of kinds capcheck does not report (gravity,
    /// inclinometer, orientation, temperature, custom): classified, just not ours.
    static let otherHIDUsages: Set<String> = [
        "20007B", "200086", "20008A", "20008E", "200033", "2000E1",
    ]

    /// `IIO_SENSOR_PROXY_TYPE` tokens (iio-sensor-proxy `80-iio-sensor-proxy.rules`).
    static let proxyTypes: [String: SensorKind] = [
        "iio-poll-accel": .accelerometer, "iio-buffer-accel": .accelerometer,
        "input-accel": .accelerometer, "iio-poll-als": .light, "iio-buffer-als": .light,
        "iio-buffer-compass": .magnetometer, "iio-poll-proximity": .proximity,
        "input-proximity": .proximity,
    ]
}

/// What the chip table says an IIO device is.
package enum IIOChipClass: Sendable, Hashable {
    /// A sensor providing these kinds.
    case sensors([SensorKind])
    /// Laptop human-presence detection (HID usage 0x200011, IIO name `prox`): not a phone
    /// proximity sensor.
    case presence
    /// A converter or monitor, not a sensor of capcheck's kinds (ADC, DAC, power or
    /// temperature monitor); the words say which.
    case other(String)

    /// The class in words, for evidence: `accelerometer and gyroscope`, `ADC`.
    package var words: String {
        switch self {
        case .sensors(let kinds): return kinds.map(\.words).joined(separator: " and ")
        case .presence: return "human-presence sensor"
        case .other(let what): return what
        }
    }
}

/// One row of ``IIOChipTable``: a driver, chip or IIO name and what it is.
package struct IIOChipRule: Sendable, Hashable {
    /// How ``pattern`` is compared with a normalised token.
    package enum Match: Sendable, Hashable {
        /// The whole token.
        case exact
        /// The token starts with the pattern.
        case prefix
        /// The token ends with the pattern.
        case suffix
    }

    /// The pattern, lower case with `-` for `_`.
    package var pattern: String
    /// How it is compared.
    package var match: Match
    /// What a matching device is.
    var chip: IIOChipClass

    /// Whether a normalised token matches.
    package func matches(_ token: String) -> Bool {
        switch match {
        case .exact: return token == pattern
        case .prefix: return token.hasPrefix(pattern)
        case .suffix: return token.hasSuffix(pattern)
        }
    }
}

/// The one table of IIO drivers and chips, for devices whose channel attributes were not
/// recorded (udevadm dumps carry no `A:` lines).
///
/// Tokens are the IIO `name`, the parent's `DRIVER`, its `OF_COMPATIBLE_*` (vendor prefix
/// removed), its `MODALIAS` (`i2c:`, `spi:`, `platform:`, `of:…C<compatible>`, `acpi:`) and
/// ACPI ids in its name (`i2c-BOSC0200:00`). Tokens are compared in lower case with `_`
/// written `-`, so `st_lsm6dsx_i2c` and `hid-sensor-accel-3d` meet `hid_sensor_accel_3d`.
/// Rows come from the kernel's `drivers/iio` (driver names, `of_match_table`,
/// `acpi_match_table` and `i2c_device_id` tables) and iio-sensor-proxy's udev rules; the
/// first matching row wins, so specific rows come before generic suffix rows.
package enum IIOChipTable {
    private static func rule(_ pattern: String, _ match: IIOChipRule.Match, _ kinds: SensorKind...)
        -> IIOChipRule
    {
        IIOChipRule(pattern: pattern, match: match, chip: .sensors(kinds))
    }

    private static func other(_ pattern: String, _ match: IIOChipRule.Match, _ what: String)
        -> IIOChipRule
    {
        IIOChipRule(pattern: pattern, match: match, chip: .other(what))
    }

    /// The rows, most specific first.
    package static let rules: [IIOChipRule] = [
        // HID sensor hub drivers: IIO names and module names (drivers/iio/*/hid-sensor-*.c).
        rule("accel-3d", .exact, .accelerometer), rule("gyro-3d", .exact, .gyroscope),
        rule("magn-3d", .exact, .magnetometer), rule("als", .exact, .light),
        rule("press", .exact, .barometer), rule("humidity", .exact, .humidity),
        IIOChipRule(pattern: "prox", match: .exact, chip: .presence),
        rule("hid-sensor-accel-3d", .exact, .accelerometer),
        rule("hid-sensor-gyro-3d", .exact, .gyroscope),
        rule("hid-sensor-magn-3d", .exact, .magnetometer),
        rule("hid-sensor-als", .exact, .light), rule("hid-sensor-press", .exact, .barometer),
        rule("hid-sensor-humidity", .exact, .humidity),
        IIOChipRule(pattern: "hid-sensor-prox", match: .exact, chip: .presence),
        other("hid-sensor-incl-3d", .exact, "inclinometer"),
        other("hid-sensor-rotation", .exact, "orientation sensor"),
        other("hid-sensor-temperature", .exact, "temperature sensor"),
        // ST, TDK and Bosch IIO names and compatibles that end in the kind
        // (lsm303dlhc_accel, icm42605-gyro, st,lis3mdl-magn, bmc150_magn): one function each.
        rule("-accel", .suffix, .accelerometer), rule("-gyro", .suffix, .gyroscope),
        rule("-magn", .suffix, .magnetometer), rule("-press", .suffix, .barometer),
        // ChromeOS EC sensors: platform devices and IIO names cros-ec-<kind>.
        rule("cros-ec-accel", .prefix, .accelerometer), rule("cros-ec-gyro", .prefix, .gyroscope),
        rule("cros-ec-mag", .prefix, .magnetometer), rule("cros-ec-baro", .prefix, .barometer),
        rule("cros-ec-light-prox", .prefix, .light, .proximity),
        rule("cros-ec-light", .prefix, .light), rule("cros-ec-prox", .prefix, .proximity),
        other("cros-ec-lid-angle", .prefix, "lid angle sensor"),
        other("cros-ec-activity", .prefix, "activity sensor"),
        // ST common sensor drivers (drivers/iio/{accel,gyro,magnetometer,pressure}/st_*).
        rule("st-accel", .prefix, .accelerometer), rule("st-gyro", .prefix, .gyroscope),
        rule("st-magn", .prefix, .magnetometer), rule("st-press", .prefix, .barometer),
        rule("st-lsm6dsx", .prefix, .accelerometer, .gyroscope),
        rule("st-lsm9ds0", .prefix, .accelerometer, .magnetometer, .gyroscope),
        rule("lsm6ds", .prefix, .accelerometer, .gyroscope),
        rule("ism330", .prefix, .accelerometer, .gyroscope),
        rule("asm330", .prefix, .accelerometer, .gyroscope),
        rule("lsm9ds", .prefix, .accelerometer, .magnetometer, .gyroscope),
        rule("lsm303", .prefix, .accelerometer, .magnetometer),
        rule("lsm330", .prefix, .accelerometer, .gyroscope),
        rule("lis3mdl", .prefix, .magnetometer), rule("lis2mdl", .prefix, .magnetometer),
        rule("lsm6dsx", .prefix, .accelerometer, .gyroscope),
        rule("lis3l02dq", .prefix, .accelerometer), rule("lis3dh", .prefix, .accelerometer),
        rule("lis3de", .prefix, .accelerometer), rule("lis2dh", .prefix, .accelerometer),
        rule("lis2dw", .prefix, .accelerometer), rule("lis2de", .prefix, .accelerometer),
        rule("lis2hh", .prefix, .accelerometer), rule("lis331", .prefix, .accelerometer),
        rule("lis3lv02", .prefix, .accelerometer), rule("lng2dm", .prefix, .accelerometer),
        rule("h3lis331", .prefix, .accelerometer), rule("iis2dlpc", .prefix, .accelerometer),
        rule("l3g", .prefix, .gyroscope), rule("lsm", .prefix, .accelerometer),
        rule("lps", .prefix, .barometer), rule("hts221", .prefix, .humidity),
        // Bosch.
        rule("bmc150-magn", .prefix, .magnetometer), rule("bmc150-accel", .prefix, .accelerometer),
        rule("bmc150", .prefix, .accelerometer, .magnetometer),
        rule("bmc156", .prefix, .accelerometer, .magnetometer),
        rule("bmm150", .prefix, .magnetometer), rule("bmg160", .prefix, .gyroscope),
        rule("bmi055", .prefix, .accelerometer, .gyroscope),
        rule("bmi088", .prefix, .accelerometer, .gyroscope),
        rule("bmi", .prefix, .accelerometer, .gyroscope),
        rule("bma", .prefix, .accelerometer), rule("bme680", .prefix, .barometer, .humidity),
        rule("bme280", .prefix, .barometer, .humidity), rule("bmp", .prefix, .barometer),
        rule("bosc0200", .exact, .accelerometer), rule("bosc0280", .exact, .barometer),
        // InvenSense / TDK.
        rule("inv-mpu6050", .prefix, .accelerometer, .gyroscope),
        rule("mpu9150", .prefix, .accelerometer, .gyroscope, .magnetometer),
        rule("mpu9250", .prefix, .accelerometer, .gyroscope, .magnetometer),
        rule("mpu9255", .prefix, .accelerometer, .gyroscope, .magnetometer),
        rule("mpu3050", .prefix, .gyroscope), rule("mpu", .prefix, .accelerometer, .gyroscope),
        rule("inv-icm42600", .prefix, .accelerometer, .gyroscope),
        rule("icm", .prefix, .accelerometer, .gyroscope),
        rule("iam20680", .prefix, .accelerometer, .gyroscope),
        rule("invn6500", .exact, .accelerometer, .gyroscope),
        rule("itg3200", .prefix, .gyroscope),
        // Kionix, Memsic, NXP/Freescale, Analog Devices, others (drivers/iio/accel).
        rule("kxcjk", .prefix, .accelerometer), rule("kxcj", .prefix, .accelerometer),
        rule("kxtj", .prefix, .accelerometer), rule("kxtf9", .prefix, .accelerometer),
        rule("kx022", .prefix, .accelerometer), rule("kx023", .prefix, .accelerometer),
        rule("kxsd9", .prefix, .accelerometer), rule("kionix", .prefix, .accelerometer),
        rule("kiox0008", .exact, .accelerometer), rule("kiox0009", .exact, .accelerometer),
        rule("kiox000a", .exact, .accelerometer), rule("kiox010a", .exact, .accelerometer),
        rule("smo8500", .exact, .accelerometer),
        rule("kxj2109a", .exact, .accelerometer), rule("nsa2513", .exact, .accelerometer),
        rule("dual250e", .exact, .accelerometer), rule("lter0501", .exact, .light, .proximity),
        rule("mxc4005", .prefix, .accelerometer),
        rule("mxc6255", .prefix, .accelerometer), rule("mxc6655", .prefix, .accelerometer),
        rule("mma", .prefix, .accelerometer), rule("fxls8962", .prefix, .accelerometer),
        rule("fxos8700", .prefix, .accelerometer, .magnetometer),
        rule("adxl", .prefix, .accelerometer), rule("da280", .prefix, .accelerometer),
        rule("da311", .prefix, .accelerometer), rule("dmard", .prefix, .accelerometer),
        rule("stk8312", .prefix, .accelerometer), rule("stk8ba50", .prefix, .accelerometer),
        rule("sca3000", .prefix, .accelerometer), rule("sca3300", .prefix, .accelerometer),
        rule("msa311", .prefix, .accelerometer), rule("mc3230", .prefix, .accelerometer),
        // Magnetometers.
        rule("ak8975", .prefix, .magnetometer), rule("ak8963", .prefix, .magnetometer),
        rule("ak0991", .prefix, .magnetometer), rule("ak09911", .prefix, .magnetometer),
        rule("yamaha-yas", .prefix, .magnetometer), rule("yas5", .prefix, .magnetometer),
        rule("mmc35240", .prefix, .magnetometer), rule("hmc5843", .prefix, .magnetometer),
        rule("hmc5883", .prefix, .magnetometer), rule("hmc5983", .prefix, .magnetometer),
        rule("mag3110", .prefix, .magnetometer), rule("rm3100", .prefix, .magnetometer),
        rule("tmag5273", .prefix, .magnetometer), rule("si7210", .prefix, .magnetometer),
        // Light and proximity (drivers/iio/light, drivers/iio/proximity).
        rule("acpi-als", .exact, .light), rule("acpi0008", .exact, .light),
        rule("cm32181", .prefix, .light), rule("cplm3218", .exact, .light),
        rule("cm3232", .prefix, .light), rule("cm3323", .prefix, .light),
        rule("cm36651", .prefix, .light, .proximity), rule("cm3605", .prefix, .light, .proximity),
        rule("ltr501", .prefix, .light, .proximity), rule("ltr559", .prefix, .light, .proximity),
        rule("ltr", .prefix, .light), rule("apds9960", .prefix, .light, .proximity),
        rule("apds9300", .prefix, .light), rule("apds9306", .prefix, .light),
        rule("apds990", .prefix, .light, .proximity), rule("tsl2772", .prefix, .light, .proximity),
        rule("tsl2771", .prefix, .light, .proximity), rule("tmd27", .prefix, .light, .proximity),
        rule("tsl", .prefix, .light), rule("isl29018", .prefix, .light, .proximity),
        rule("isl29028", .prefix, .light, .proximity), rule("isl29501", .prefix, .proximity),
        rule("isl", .prefix, .light), rule("al3010", .prefix, .light),
        rule("al3320", .prefix, .light), rule("stk3310", .prefix, .light, .proximity),
        rule("stk3311", .prefix, .light, .proximity), rule("stk3335", .prefix, .light, .proximity),
        rule("vcnl4000", .prefix, .light, .proximity),
        rule("vcnl4010", .prefix, .light, .proximity),
        rule("vcnl4040", .prefix, .light, .proximity),
        rule("vcnl4200", .prefix, .light, .proximity),
        rule("vcnl4035", .prefix, .light, .proximity), rule("vcnl3020", .prefix, .proximity),
        rule("veml6030", .prefix, .light), rule("veml6035", .prefix, .light),
        rule("veml6040", .prefix, .light), rule("veml7700", .prefix, .light),
        other("veml6070", .prefix, "UV sensor"), other("veml6075", .prefix, "UV sensor"),
        rule("opt3001", .prefix, .light),
        rule("opt4001", .prefix, .light), rule("bh1750", .prefix, .light),
        rule("bh1780", .prefix, .light), rule("jsa1212", .prefix, .light, .proximity),
        rule("us5182d", .prefix, .light, .proximity), rule("rpr0521", .prefix, .light, .proximity),
        rule("gp2ap", .prefix, .light, .proximity), rule("max44000", .prefix, .light, .proximity),
        rule("max44009", .prefix, .light), rule("si1145", .prefix, .light, .proximity),
        rule("sx9500", .prefix, .proximity), rule("sx9310", .prefix, .proximity),
        rule("sx9324", .prefix, .proximity), rule("sx9360", .prefix, .proximity),
        rule("vl53l0x", .prefix, .proximity), rule("pulsedlight", .prefix, .proximity),
        rule("srf04", .prefix, .proximity), rule("srf08", .prefix, .proximity),
        // Pressure and humidity (drivers/iio/pressure, drivers/iio/humidity).
        rule("mpl3115", .prefix, .barometer), rule("mpl115", .prefix, .barometer),
        rule("ms5611", .prefix, .barometer), rule("ms5637", .prefix, .barometer),
        rule("dps310", .prefix, .barometer), rule("hp03", .prefix, .barometer),
        rule("hp206c", .prefix, .barometer), rule("icp10100", .prefix, .barometer),
        rule("zpa2326", .prefix, .barometer), rule("t5403", .prefix, .barometer),
        rule("hdc100", .prefix, .humidity), rule("hdc20", .prefix, .humidity),
        rule("hdc3020", .prefix, .humidity), rule("htu21", .prefix, .humidity),
        rule("si7005", .prefix, .humidity), rule("si7020", .prefix, .humidity),
        rule("dht11", .prefix, .humidity), rule("am2315", .prefix, .humidity),
        rule("hts", .prefix, .humidity),
        // Converters and monitors: IIO devices that are not sensors of our kinds.
        other("ams", .exact, "system monitor (Xilinx AMS)"),
        other("xadc", .prefix, "ADC (Xilinx XADC)"),
        other("xilinx-ams", .prefix, "system monitor (Xilinx AMS)"),
        other("-ams", .suffix, "system monitor (Xilinx AMS)"),
        other("iio-hwmon", .exact, "hardware monitor bridge"),
        other("ina2", .prefix, "power monitor"), other("ina3", .prefix, "power monitor"),
        other("pac193", .prefix, "power monitor"), other("ads1", .prefix, "ADC"),
        other("ads7", .prefix, "ADC"), other("ads8", .prefix, "ADC"),
        other("ti-ads", .prefix, "ADC"), other("ti-adc", .prefix, "ADC"),
        other("mcp320", .prefix, "ADC"), other("mcp342", .prefix, "ADC"),
        other("mcp3021", .prefix, "ADC"), other("mcp47", .prefix, "DAC"),
        other("max1363", .prefix, "ADC"), other("max1027", .prefix, "ADC"),
        other("saradc", .suffix, "ADC"), other("-saradc", .suffix, "ADC"),
        other("gpadc", .suffix, "ADC"), other("-adc", .suffix, "ADC"),
        other("-adc-i2c", .suffix, "ADC"), other("-adc-spi", .suffix, "ADC"),
        other("-dac", .suffix, "DAC"), other("-vadc", .suffix, "ADC"),
        other("-tsadc", .suffix, "ADC"), other("-thermal", .suffix, "temperature sensor"),
        other("-temp", .suffix, "temperature sensor"),
    ]

    /// Writes a token the way the table compares it: lower case, `-` for `_`.
    static func normalise(_ token: String) -> String {
        token.lowercased().replacingLiteral("_", with: "-")
    }

    /// The first row matching a token.
    /// - Parameter token: A driver, chip, IIO or ACPI name as recorded.
    /// - Returns: The row, or `nil`.
    package static func lookup(_ token: String) -> IIOChipRule? {
        let normalised = normalise(token)
        guard !normalised.isEmpty else { return nil }
        return rules.first { $0.matches(normalised) }
    }

    /// The chip tokens of a `MODALIAS`: `i2c:lis3dh` → `lis3dh`, `acpi:BOSC0200:` →
    /// `BOSC0200`, `of:NaccelT(null)Cst,lis3dh-accel` → `lis3dh-accel`.
    static func modaliasTokens(_ modalias: String) -> [String] {
        guard let colon = modalias.firstIndex(of: ":") else { return [] }
        let bus = modalias[..<colon]
        let rest = modalias[modalias.index(after: colon)...]
        switch bus {
        case "of":
            guard let type = rest.firstIndex(of: "T"),
                let start = rest[type...].firstIndex(of: "C")
            else { return [] }
            return rest[rest.index(after: start)...].split(separator: "C").map {
                compatibleChip(String($0))
            }
        case "acpi":
            return rest.split(separator: ":").map(String.init)
        default:
            return [String(rest.prefix { $0 != ":" })]
        }
    }

    /// `st,lis3dh-accel` → `lis3dh-accel`.
    static func compatibleChip(_ compatible: String) -> String {
        guard let comma = compatible.firstIndex(of: ",") else { return compatible }
        return String(compatible[compatible.index(after: comma)...])
    }

    /// The ACPI id in a device name: `i2c-BOSC0200:00` → `BOSC0200`, `KIOX000A:00` →
    /// `KIOX000A`; `nil` when the name has no `ID:NN` form.
    static func acpiID(inName name: String) -> String? {
        let bare = name.hasPrefix("i2c-") || name.hasPrefix("spi-") ? name.dropFirst(4) : name[...]
        let parts = bare.split(separator: ":")
        guard parts.count == 2, parts[1].allSatisfy(\.isHexDigit), (7...8).contains(parts[0].count),
            parts[0].allSatisfy({ $0.isUppercase || $0.isNumber })
        else { return nil }
        return String(parts[0])
    }
}
