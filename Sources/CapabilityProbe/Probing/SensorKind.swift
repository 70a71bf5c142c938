/// The motion and environment sensors capcheck reports, one capability id each.
public enum SensorKind: String, CaseIterable, Sendable, Hashable, Comparable {
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

    /// The capability id.
    public var id: CapabilityID {
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
    public static func < (lhs: SensorKind, rhs: SensorKind) -> Bool {
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

    /// The kind in words, for evidence.
    var words: String {
        switch self {
        case .accelerometer: return "accelerometer"
        case .gyroscope: return "gyroscope"
        case .magnetometer: return "magnetometer"
        case .proximity: return "proximity sensor"
        case .light: return "light sensor"
        case .barometer: return "barometer"
        case .humidity: return "humidity sensor"
        case .steps: return "step counter"
        }
    }

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
