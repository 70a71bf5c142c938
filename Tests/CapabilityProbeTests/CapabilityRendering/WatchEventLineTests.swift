import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel
@testable import CapabilityRendering

@Suite struct WatchEventLineTests {
    /// 2026-11-30T09:21:35.250Z, injected instead of the clock.
    static let time = Date(timeIntervalSince1970: 1_796_030_495.25)

    @Test(
        arguments: [
            (
                DeviceEvent.batteryLevelChanged(old: 0.8, new: 0.79),
                #"{"kind":"batteryLevelChanged","new":0.79,"old":0.8,"time":"2026-11-30T09:21:35.250Z"}"#
            ),
            (
                .batteryStateChanged(old: .unplugged, new: .charging),
                #"{"kind":"batteryStateChanged","new":"charging","old":"unplugged","time":"2026-11-30T09:21:35.250Z"}"#
            ),
            (
                .proximityChanged(near: true),
                #"{"kind":"proximityChanged","near":true,"time":"2026-11-30T09:21:35.250Z"}"#
            ),
            (
                .capabilityChanged(id: "audio.input", old: .absent, new: .present),
                #"{"id":"audio.input","kind":"capabilityChanged","new":"present","old":"absent","time":"2026-11-30T09:21:35.250Z"}"#
            ),
            (
                .deviceAdded(id: "/devices/usb1/1-1", subsystem: "usb"),
                #"{"device":"/devices/usb1/1-1","kind":"deviceAdded","subsystem":"usb","time":"2026-11-30T09:21:35.250Z"}"#
            ),
            (
                .deviceRemoved(id: "/devices/virtual/x", subsystem: nil),
                #"{"device":"/devices/virtual/x","kind":"deviceRemoved","subsystem":null,"time":"2026-11-30T09:21:35.250Z"}"#
            ),
        ] as [(DeviceEvent, String)])
    func eventIsOneCompactSortedJSONLine(event: DeviceEvent, expected: String) {
        #expect(DeviceEventLine.json(event, time: Self.time) == expected)
    }

    @Test func sourceLineNamesTheSourceAndIsNotAnEvent() throws {
        let line = DeviceEventLine.json(
            source: .kernel, kinds: [.proximity, .battery], time: Self.time)
        #expect(
            line
                == #"{"kind":"source","note":"kernel uevents (udevd not running: no udev properties)","source":"kernel","time":"2026-11-30T09:21:35.250Z","watching":["battery","proximity"]}"#
        )
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DeviceEvent.self, from: Data(line.utf8))
        }
    }

    @Test(arguments: [
        DeviceEvent.deviceAdded(id: "/devices/a", subsystem: "sound"),
        .deviceRemoved(id: "/devices/a", subsystem: nil),
        .deviceChanged(id: "/devices/a", subsystem: "input"),
        .batteryLevelChanged(old: -1, new: 0.5),
        .batteryStateChanged(old: .full, new: .unknown), .proximityChanged(near: false),
        .capabilityChanged(id: "camera.any", old: .unknown, new: .present),
    ])
    func eventLinesDecodeBackToTheEvent(event: DeviceEvent) throws {
        let line = DeviceEventLine.json(event, time: Self.time)
        #expect(try JSONDecoder().decode(DeviceEvent.self, from: Data(line.utf8)) == event)
    }

    @Test func readableLinesSanitizeDeviceStrings() {
        let line = DeviceEventLine.text(
            .deviceAdded(id: "/devices/evil\u{1B}[31m", subsystem: "usb"), time: Self.time)
        #expect(!line.contains("\u{1B}"))
        #expect(line.hasPrefix("2026-11-30T09:21:35.250Z  device added    /devices/evil"))
    }

    @Test func readableBatteryLinesUsePercent() {
        #expect(
            DeviceEventLine.text(.batteryLevelChanged(old: 0.8, new: 0.79), time: Self.time)
                == "2026-11-30T09:21:35.250Z  battery level   80% → 79%")
        #expect(
            DeviceEventLine.text(.batteryLevelChanged(old: -1, new: 0.5), time: Self.time)
                == "2026-11-30T09:21:35.250Z  battery level   no battery → 50%")
    }
}
