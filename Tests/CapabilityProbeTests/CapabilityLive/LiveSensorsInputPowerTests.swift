import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityProbing

/// The probers on this machine: only stable facts are asserted (a VM without IIO devices has
/// no gyroscope; every machine has an architecture and RAM).
@Suite(.enabled(if: TestHost.hasSysfs, "classifies this machine"))
struct LiveSensorsInputPowerTests {
    static func directoryIsEmpty(_ path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty
    }

    @Test func classifiesThisMachineHonestly() throws {
        let report = CapabilityClassifier().classify(try UdevDeviceSource().inventory())
        for id in [
            "sensor.accelerometer", "sensor.gyroscope", "input.touchscreen", "gpu", "display",
            "power.battery", "memory.total", "cpu.arch",
        ] {
            #expect(report.finding(id) != nil, "\(id)")
        }
        if Self.directoryIsEmpty("/sys/bus/iio/devices") {
            #expect(report.finding("sensor.gyroscope")?.status != .present)
        }
        if Self.directoryIsEmpty("/sys/class/power_supply") {
            #expect(report.finding("power.battery")?.status == .absent)
            #expect(report.finding("power.battery")?.details["level"]?.doubleValue == -1)
        }
        if Self.directoryIsEmpty("/sys/class/drm") {
            #expect(report.finding("gpu")?.status != .present)
        }
        #expect(report.finding("cpu.arch")?.status == .present)
        let memory = try #require(report.finding("memory.total"))
        #expect(memory.status == .present)
        let bytes = try #require(memory.details["bytes"]?.doubleValue)
        #expect(bytes >= Double(ProcessInfo.processInfo.physicalMemory))
    }
}
