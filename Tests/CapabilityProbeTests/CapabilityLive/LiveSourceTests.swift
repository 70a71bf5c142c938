import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe

@Suite struct LiveSourceTests {
    @Test(.enabled(if: Umockdev.isAvailable))
    func enumeratesARecordedTreeThroughRealLibudev() throws {
        let report = try Umockdev.report(recordings: ["umockdev/synaptics-touchpad.umockdev"])
        #expect(report.source.kind == .live)
        let ids = Set(report.devices.map(\.id))
        #expect(ids.contains("/devices/platform/i8042/serio1/input/input12"))
        #expect(ids.contains("/devices/platform/i8042/serio1/input/input12/event12"))
        let input = try #require(report.devices.first { $0.id.hasSuffix("/input12") })
        #expect(input.attribute("properties") == "12")
        #expect(input.parentID == "/devices/platform/i8042/serio1")
    }

    @Test(.enabled(if: TestHost.hasSysfs, "lists this machine through libudev"))
    func thisMachineListsWithoutError() throws {
        let inventory = try UdevDeviceSource().inventory()
        #expect(inventory.source.kind == .live)
        #expect(inventory.devices.contains { $0.id == "/devices/virtual/net/lo" })
        if !FileManager.default.fileExists(atPath: "/run/udev/data") {
            #expect(inventory.source.udevDatabase == false)
        }
    }
}
