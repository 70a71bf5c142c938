import CapabilityProbeTesting
import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityWatch

/// A prober defined here so the capability diffing is tested without the real probers:
/// `audio.input` is present when a capture PCM (`pcmC*D*c`) exists.
private struct FakeCaptureProber: CapabilityProber {
    var ids: [CapabilityID] { [.audioInput] }

    func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let captures = context.devices(in: "sound").filter {
            $0.sysname.hasPrefix("pcmC") && $0.sysname.hasSuffix("c")
        }
        if captures.isEmpty {
            return [CapabilityFinding(id: .audioInput, status: context.noCandidateStatus)]
        }
        return [CapabilityFinding(id: .audioInput, status: .present, count: captures.count)]
    }
}

@Suite struct WatchStateTests {
    static let liveSource = SourceInfo(
        kind: .live, udevDatabase: false, attributes: true, complete: true)

    static func battery(
        _ id: String = "/devices/BAT0", capacity: String?, status: String?,
        extra: [String: String] = [:]
    ) -> Device {
        var attributes = extra
        attributes["type"] = "Battery"
        attributes["present"] = "1"
        attributes["capacity"] = capacity
        attributes["status"] = status
        return Device(id: id, subsystem: "power_supply", attributes: attributes)
    }

    static func state(
        _ devices: [Device], kinds: Set<WatchKind> = Set(WatchKind.allCases),
        probers: [any CapabilityProber] = [FakeCaptureProber()]
    ) -> WatchState {
        WatchState(
            inventory: DeviceInventory(
                source: liveSource, machine: MachineIdentity(), devices: devices),
            kinds: kinds, classifier: CapabilityClassifier(probers: probers))
    }

    static let headset: [Device] = [
        Device(id: "/devices/usb1/1-1", subsystem: "usb", devtype: "usb_device"),
        Device(id: "/devices/usb1/1-1/1-1:1.0", subsystem: "usb", devtype: "usb_interface"),
        Device(id: "/devices/usb1/1-1/1-1:1.0/sound/card1", subsystem: "sound"),
        Device(id: "/devices/usb1/1-1/1-1:1.0/sound/card1/pcmC1D0c", subsystem: "sound"),
    ]

    // The status → state mapping itself is BatteryState's (KernelMapperTests); these check
    // what the watcher adds: the baseline, whole-percent levels and the order of events.

    @Test func noSystemBatteryIsTheBaselineOfMinusOneAndUnknown() {
        let peripheral = Device(
            id: "/devices/hid/power_supply/hidpp_battery_0", subsystem: "power_supply",
            attributes: [
                "type": "Battery", "scope": "Device", "capacity": "3", "status": "Discharging",
            ])
        let state = Self.state([peripheral])
        #expect(state.batteryLevel == -1)
        #expect(state.batteryState == .unknown)
        #expect(state.batteries.isEmpty)
    }

    @Test func singleBatteryUsesKernelCapacity() {
        let state = Self.state([Self.battery(capacity: "80", status: "Discharging")])
        #expect(state.batteryLevel == 0.8)
        #expect(state.batteryState == .unplugged)
    }

    @Test func severalBatteriesCombineByEnergyInWholePercent() {
        let first = Self.battery(
            "/devices/BAT0", capacity: "100", status: "Full",
            extra: ["energy_now": "50000000", "energy_full": "50000000"])
        let second = Self.battery(
            "/devices/BAT1", capacity: "10", status: "Charging",
            extra: ["energy_now": "2345000", "energy_full": "23450000"])
        // (50 + 2.345) / (50 + 23.45) = 71.27 % → coalesced to 71 %.
        let state = Self.state([first, second])
        #expect(state.batteryLevel == 0.71)
        #expect(state.batteryState == .charging)
    }

    @Test func levelThenStateChangesAreReported() {
        var state = Self.state([Self.battery(capacity: "79", status: "Charging")])
        let full = SystemBattery.combine(
            [BatteryReading(name: "BAT0", status: "Full", capacity: 100)], acOnline: nil)
        let events = state.update(battery: full)
        #expect(
            events == [
                .batteryLevelChanged(old: 0.79, new: 1),
                .batteryStateChanged(old: .charging, new: .full),
            ])
        #expect(state.update(battery: full) == [])
    }

    @Test func polledCapacityWithoutUeventIsReported() throws {
        var state = Self.state([Self.battery(capacity: "80", status: "Discharging")])
        let events = state.refreshBatteries([Self.battery(capacity: "79", status: "Discharging")])
        #expect(events == [.batteryLevelChanged(old: 0.8, new: 0.79)])
    }

    @Test func batteryChangesAreSilentWhenBatteryIsNotWatched() {
        var state = Self.state(
            [Self.battery(capacity: "80", status: "Discharging")], kinds: [.devices])
        let events = state.apply(
            action: "change", device: Self.battery(capacity: "50", status: "Charging"))
        #expect(events == [.deviceChanged(id: "/devices/BAT0", subsystem: "power_supply")])
    }

    @Test func firstProximityReadingIsTheBaseline() {
        var state = Self.state([])
        #expect(state.update(near: false) == [])
        #expect(state.update(near: nil) == [])
        #expect(state.update(near: true) == [.proximityChanged(near: true)])
        #expect(state.update(near: true) == [])
        #expect(state.update(near: false) == [.proximityChanged(near: false)])
    }

    @Test func addingACapturePCMMakesAudioInputPresentAndRemovingTheTreeMakesItAbsent() {
        var state = Self.state([], kinds: [.capabilities])
        var events: [DeviceEvent] = []
        for device in Self.headset { events += state.apply(action: "add", device: device) }
        #expect(events == [])
        #expect(state.needsReclassification)
        #expect(
            state.reclassify() == [
                .capabilityChanged(id: "audio.input", old: .absent, new: .present)
            ])
        #expect(!state.needsReclassification)
        // Only the top device's remove arrives: its descendants go with it.
        #expect(state.apply(action: "remove", device: Device(id: "/devices/usb1/1-1")) == [])
        #expect(
            state.reclassify() == [
                .capabilityChanged(id: "audio.input", old: .present, new: .absent)
            ])
        #expect(state.devices.isEmpty)
    }

    @Test func changeEventsDoNotReclassify() {
        var state = Self.state(Self.headset, kinds: [.capabilities, .devices])
        let pcm = Device(id: "/devices/usb1/1-1/1-1:1.0/sound/card1/pcmC1D0c", subsystem: "sound")
        #expect(
            state.apply(action: "change", device: pcm) == [
                .deviceChanged(id: pcm.id, subsystem: "sound")
            ])
        #expect(!state.needsReclassification)
    }

    @Test func removedDeviceKeepsItsRecordedSubsystem() {
        var state = Self.state(Self.headset, kinds: [.devices])
        let events = state.apply(
            action: "remove", device: Device(id: "/devices/usb1/1-1/1-1:1.0/sound/card1"))
        #expect(
            events == [
                .deviceRemoved(id: "/devices/usb1/1-1/1-1:1.0/sound/card1", subsystem: "sound")
            ])
        #expect(state.devices.keys.sorted() == ["/devices/usb1/1-1", "/devices/usb1/1-1/1-1:1.0"])
    }

    @Test func addedDeviceIsLinkedToItsRecordedParent() {
        var state = Self.state(Array(Self.headset.prefix(2)), kinds: [.devices])
        let card = Self.headset[2]
        #expect(
            state.apply(action: "add", device: card) == [
                .deviceAdded(id: card.id, subsystem: "sound")
            ])
        #expect(state.devices[card.id]?.parentID == "/devices/usb1/1-1/1-1:1.0")
    }

    @Test func findsTheSwitchProximitySensorOfTheRecordedGpioKeys() throws {
        let inventory = try Fixtures.inventory("umockdev/iio-sensor-proxy-input-proximity.umockdev")
        let linked = DeviceTree.linkParents(inventory.devices)
        #expect(
            ProximitySensor.sensors(in: linked) == [
                .inputSwitch(
                    id: "/devices/platform/gpio_keys/input/input4/event4",
                    devnode: "/dev/input/event4")
            ])
    }

    @Test func findsAnIIOProximityChannel() {
        let device = Device(
            id: "/devices/iio:device0", subsystem: "iio",
            attributes: ["in_proximity_raw": "0", "in_proximity_nearlevel": "100"])
        #expect(ProximitySensor.sensors(in: [device]) == [.iio(id: device.id)])
    }

    static let proximityChannel = Device(
        id: "/devices/iio:device0", subsystem: "iio",
        attributes: ["in_proximity_raw": "0", "in_proximity_nearlevel": "100"])

    @Test(
        arguments: [
            ([WatchKind.proximity], true), ([.proximity, .devices], true),
            ([.battery, .capabilities, .devices], false),
        ] as [(Set<WatchKind>, Bool)])
    func proximityIsPolledOnlyWhileWatched(kinds: Set<WatchKind>, polled: Bool) {
        let state = Self.state([Self.proximityChannel], kinds: kinds)
        #expect(state.pollsProximity == polled)
        #expect(!Self.state([], kinds: kinds).pollsProximity)
    }

    @Test(
        arguments: [([WatchKind.battery], true), ([.proximity, .capabilities, .devices], false)]
            as [(Set<WatchKind>, Bool)])
    func batteryIsPolledOnlyWhileWatched(kinds: Set<WatchKind>, polled: Bool) {
        let state = Self.state([Self.battery(capacity: "80", status: "Discharging")], kinds: kinds)
        #expect(state.pollsBattery == polled)
        #expect(!Self.state([], kinds: kinds).pollsBattery)
    }

    @Test(
        arguments: [("1203", true), ("3", false), ("100", nil), ("105", nil)] as [(String, Bool?)])
    func readsIIOProximityWithTheListRules(raw: String, expected: Bool?) {
        let device = Device(
            id: "/devices/iio:device0", subsystem: "iio",
            attributes: ["in_proximity_raw": raw, "in_proximity_nearlevel": "100"])
        #expect(ProximitySensor.iio(id: device.id).recorded(device) == expected)
    }

    @Test func inputSwitchBaselineIsTheRecordedKernelFact() {
        let node = Device(
            id: "/devices/platform/gpio_keys/input/input4/event4", subsystem: "input",
            facts: KernelFacts(evdev: EvdevFacts(near: true)))
        let sensor = ProximitySensor.inputSwitch(id: node.id, devnode: "/dev/input/event4")
        #expect(sensor.recorded(node) == true)
    }

    @Test func keepsTheKernelFactsOfAChangedRecordUnlessTheEventProbedNewOnes() {
        let old = Device(
            id: "/devices/pci0000:00/usb1/1-1/1-1:1.0/video4linux/video0",
            subsystem: "video4linux",
            facts: KernelFacts(
                v4l2: .value(
                    CameraFacts(driver: "uvcvideo", card: "old", busInfo: "", capabilities: 1))))
        var state = Self.state([old], kinds: [.devices])
        _ = state.apply(action: "change", device: Device(id: old.id, subsystem: "video4linux"))
        #expect(state.devices[old.id]?.facts == old.facts)
        var probed = Device(id: old.id, subsystem: "video4linux")
        probed.facts = KernelFacts(
            v4l2: .value(CameraFacts(driver: "uvcvideo", card: "new", busInfo: "", capabilities: 1))
        )
        _ = state.apply(action: "change", device: probed)
        #expect(state.devices[old.id]?.facts == probed.facts)
    }

    @Test func switchReaderAsksTheOpenNodeWithTheKernelProbe() {
        let opener = ReplayDeviceOpener(
            nodes: [
                "/dev/input/event4": [
                    .init(request: EvdevProbe.getSwitches, output: [0, 0x0a, 1, 0])
                ]
            ], refusals: ["/dev/input/event5": EACCES])
        let reader = EvdevSwitchReader(opener: opener)
        #expect(reader.near(devnode: "/dev/input/event4") == true)
        #expect(reader.near(devnode: "/dev/input/event5") == nil)
    }
}
