import Foundation
import Testing

@testable import CapabilityProbe

/// The sensor, input, GPU, display and battery probers on the real libudev path: the
/// `capcheck` binary runs inside a umockdev testbed built from each recording.
@Suite(.enabled(if: Umockdev.isAvailable)) struct UmockdevSensorsInputPowerTests {
    @Test func findsAccelerometerGyroscopeAndMagnetometerFromIIOChannels() throws {
        let report = try Umockdev.report(recordings: ["umockdev/iio-accel-gyro-magn.umockdev"])
        let accel = try #require(report.finding("sensor.accelerometer"))
        #expect(accel.status == .present)
        #expect(accel.count == 1)
        #expect(
            accel.evidence.map(\.device) == [
                "/devices/platform/soc/a84000.i2c/i2c-1/1-0068/iio:device0"
            ])
        #expect(accel.details["devices"]?.arrayValue?.first?.objectValue?["location"] == "display")
        let gyro = try #require(report.finding("sensor.gyroscope"))
        #expect(gyro.status == .present)
        #expect(gyro.count == 1)
        let compass = try #require(report.finding("sensor.magnetometer"))
        #expect(compass.status == .present)
        #expect(
            compass.evidence.map(\.device) == [
                "/devices/platform/soc/a84000.i2c/i2c-1/1-000c/iio:device1"
            ])
        // The ADS1015 ADC is an IIO device too, but not a sensor of any kind.
        for id in ["sensor.light", "sensor.proximity", "sensor.barometer", "sensor.humidity"] {
            #expect(report.finding(id)?.status == .absent, "\(id)")
        }
    }

    @Test func findsLightAndProximityButNotHumanPresence() throws {
        let report = try Umockdev.report(recordings: ["umockdev/iio-proximity-light.umockdev"])
        let light = try #require(report.finding("sensor.light"))
        #expect(light.status == .present)
        #expect(light.count == 1)
        let proximity = try #require(report.finding("sensor.proximity"))
        #expect(proximity.status == .present)
        #expect(proximity.count == 1)
        #expect(
            proximity.evidence.map(\.device) == [
                "/devices/platform/soc/a88000.i2c/i2c-2/2-0048/iio:device0"
            ])
        #expect(proximity.details["near"] == true)
        let presence = try #require(proximity.details["presence"]?.arrayValue)
        #expect(presence.count == 1)
    }

    @Test func readsTheSystemBatteryFromSysfsNotTheStaleUevent() throws {
        let report = try Umockdev.report(recordings: ["umockdev/laptop-battery-ac.umockdev"])
        let battery = try #require(report.finding("power.battery"))
        #expect(battery.status == .present)
        #expect(battery.count == 1)
        #expect(battery.details["level"]?.doubleValue == 0.8)
        #expect(battery.details["state"] == "unplugged")
        #expect(battery.details["acOnline"] == false)
        #expect(battery.details["valuesFrom"] == "sysfs")
    }

    @Test func findsTheConnectedEDPPanelAndTheRenderNode() throws {
        let report = try Umockdev.report(recordings: ["umockdev/drm-edp-connected.umockdev"])
        let display = try #require(report.finding("display"))
        #expect(display.status == .present)
        #expect(display.count == 1)
        #expect(
            display.evidence.map(\.device) == [
                "/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1"
            ])
        let panel = try #require(
            display.details["devices"]?.arrayValue?.compactMap(\.objectValue).first {
                $0["connector"] == "eDP"
            })
        #expect(panel["internal"] == true)
        #expect(panel["edidBytes"] == 128)
        #expect(panel["modes"] == .array(["1366x768"]))
        let gpu = try #require(report.finding("gpu"))
        #expect(gpu.status == .present)
        #expect(gpu.count == 1)
        #expect(gpu.details["devices"]?.arrayValue?.first?.objectValue?["driver"] == "i915")
    }

    @Test func neverCallsTheSynapticsTouchpadATouchscreen() throws {
        let report = try Umockdev.report(recordings: ["umockdev/synaptics-touchpad.umockdev"])
        #expect(report.finding("input.touchscreen")?.status == .absent)
    }

    @Test func findsTheInputAccelerometer() throws {
        let report = try Umockdev.report(recordings: [
            "umockdev/iio-sensor-proxy-input-accel.umockdev"
        ])
        let accel = try #require(report.finding("sensor.accelerometer"))
        #expect(accel.status == .present)
        #expect(accel.evidence.map(\.device) == ["/devices/virtual/input/input159"])
    }

    @Test func findsTheSwitchProximitySensorWithoutInventingItsState() throws {
        // The recording holds no switch state (that lives in the .ioctl replay), so `near`
        // stays unreported rather than guessed.
        let report = try Umockdev.report(recordings: [
            "umockdev/iio-sensor-proxy-input-proximity.umockdev"
        ])
        let proximity = try #require(report.finding("sensor.proximity"))
        #expect(proximity.status == .present)
        #expect(proximity.count == 1)
        #expect(proximity.details["near"] == nil)
    }

    @Test(arguments: [
        ("upower-usb-headset.device", 1), ("upower-logitech-g903.device", 2),
        ("upower-wacom-dongle-active.device", 1), ("upower-wacom-dongle-waiting.device", 0),
    ])
    func listsPeripheralBatteriesApartFromTheSystemBattery(recording: String, peripherals: Int)
        throws
    {
        let report = try Umockdev.report(recordings: ["umockdev/" + recording])
        let battery = try #require(report.finding("power.battery"))
        #expect(battery.status == .absent)
        #expect(battery.details["level"]?.doubleValue == -1)
        #expect(battery.details["state"] == "unknown")
        #expect((battery.details["peripherals"]?.arrayValue ?? []).count == peripherals)
    }
}
