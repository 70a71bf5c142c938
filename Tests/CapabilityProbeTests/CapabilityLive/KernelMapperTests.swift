import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel

@Suite struct KernelMapperTests {
    @Test(
        arguments: [
            ("Charging", 50, BatteryState.charging),
            ("Discharging", 50, .unplugged),
            ("Full", 100, .full),
            ("Not charging", 96, .full),
            ("Not charging", 95, .full),
            ("Not charging", 50, .unknown),
            ("Unknown", 80, .unknown),
            (nil, 80, .unknown),
            ("Empty", 0, .unplugged),
            ("garbage", 80, .unknown),
            ("charging", 10, .charging),
            ("DISCHARGING\n", 10, .unplugged),
            ("not charging", 99, .full),
        ] as [(String?, Int, BatteryState)])
    func mapsEveryBatteryStatus(status: String?, capacity: Int, expected: BatteryState) {
        #expect(BatteryState.map(status: status, capacity: capacity) == expected)
    }

    @Test func mapsAnUnknownStatusWithACOfflineToUnplugged() {
        #expect(BatteryState.map(status: "Unknown", capacity: 80, acOnline: false) == .unplugged)
        #expect(BatteryState.map(status: "Unknown", capacity: 80, acOnline: true) == .unknown)
        #expect(BatteryState.map(status: "Not charging", capacity: nil) == .unknown)
    }

    static func supply(_ name: String, _ attributes: [String: String]) -> Device {
        Device(
            id: "/devices/LNXSYSTM:00/power_supply/\(name)", subsystem: "power_supply",
            attributes: attributes)
    }

    @Test func readsLevelFromCapacityThenEnergyThenCharge() {
        let capacity = BatteryReading(
            device: Self.supply("BAT0", ["capacity": "57", "energy_now": "1", "energy_full": "4"]))
        #expect(capacity.level == 0.57)
        let energy = BatteryReading(
            device: Self.supply("BAT0", ["energy_now": "30000000", "energy_full": "40000000"]))
        #expect(energy.level == 0.75)
        let charge = BatteryReading(
            device: Self.supply("BAT0", ["charge_now": "1000", "charge_full": "4000"]))
        #expect(charge.level == 0.25 && charge.isCharge)
        let fromUevent = BatteryReading(
            device: Device(
                id: "/x/BAT1", subsystem: "power_supply",
                properties: ["POWER_SUPPLY_CAPACITY": "120"]))
        #expect(fromUevent.level == 1.0)
        #expect(BatteryReading(device: Self.supply("BAT0", [:])).level == nil)
    }

    @Test func combinesTwoSystemBatteriesByEnergyAndSkipsPeripherals() {
        let devices = [
            Self.supply("AC", ["type": "Mains", "online": "0"]),
            Self.supply(
                "BAT0",
                [
                    "type": "Battery", "status": "Discharging", "energy_now": "10000000",
                    "energy_full": "20000000",
                ]),
            Self.supply(
                "BAT1",
                [
                    "type": "Battery", "status": "Unknown", "energy_now": "60000000",
                    "energy_full": "60000000",
                ]),
            Self.supply(
                "hidpp_battery_0",
                ["type": "Battery", "scope": "Device", "capacity": "5", "status": "Discharging"]),
        ]
        let battery = SystemBattery.combine(devices: devices)
        #expect(battery.level == 0.875)
        #expect(battery.state == .unplugged)
        #expect(battery.batteries.map(\.name) == ["BAT0", "BAT1"])
        #expect(battery.peripherals == ["hidpp_battery_0"])
        #expect(battery.acOnline == false)
        #expect(battery.details["level"] == .double(0.875))
        #expect(battery.details["state"] == "unplugged")
    }

    @Test func reportsNoSystemBatteryAsLevelMinusOneAndUnknown() {
        let devices = [
            Self.supply("AC", ["type": "Mains", "online": "1"]),
            Self.supply(
                "hidpp_battery_0", ["type": "Battery", "scope": "Device", "capacity": "90"]),
            Self.supply("BAT0", ["type": "Battery", "present": "0"]),
        ]
        let battery = SystemBattery.combine(devices: devices)
        #expect(battery.level == -1)
        #expect(battery.state == .unknown)
    }

    @Test(arguments: [
        (8_041_008, 8),  // 7.67 GiB in kB → 8 GiB
        (16_777_216, 16),  // exactly 16 GiB stays
        (3_884_112, 4),
    ])
    func roundsMemTotalUpToTheNextGiB(kilobytes: Int, gib: Int) {
        let meminfo = "MemTotal:       \(kilobytes) kB\nMemFree:         1234 kB\n"
        let total = MemoryTotal.installed(dmiDevices: [], meminfo: meminfo)
        #expect(total == MemoryTotal(bytes: gib << 30, source: .meminfo))
    }

    static func dmi17(size: UInt16, extended: UInt32 = 0) -> [UInt8] {
        var raw = [UInt8](repeating: 0, count: 0x28)
        raw[0] = 17
        raw[1] = 0x28
        raw[0x0C] = UInt8(size & 0xFF)
        raw[0x0D] = UInt8(size >> 8)
        for index in 0..<4 {
            raw[0x1C + index] = UInt8(truncatingIfNeeded: extended >> (8 * index))
        }
        return raw
    }

    @Test func sumsDMIMemoryDevicesBeforeMemTotal() {
        let devices = [
            Self.dmi17(size: 8192), Self.dmi17(size: 0), Self.dmi17(size: 0x7FFF, extended: 65536),
        ]
        #expect(MemoryTotal.dmiDeviceSize(raw: devices[0]) == 8 << 30)
        #expect(MemoryTotal.dmiDeviceSize(raw: devices[2]) == 64 << 30)
        #expect(MemoryTotal.dmiDeviceSize(raw: Self.dmi17(size: 0x8000 | 512)) == 512 << 10)
        let total = MemoryTotal.installed(dmiDevices: devices, meminfo: "MemTotal: 1 kB\n")
        #expect(total == MemoryTotal(bytes: 72 << 30, source: .dmi))
        // An unknown size makes the DMI sum unreliable: fall back to MemTotal.
        let fallback = MemoryTotal.installed(
            dmiDevices: [Self.dmi17(size: 0xFFFF)], meminfo: "MemTotal: 1048576 kB\n")
        #expect(fallback == MemoryTotal(bytes: 1 << 30, source: .meminfo))
        #expect(MemoryTotal.installed(dmiDevices: [], meminfo: "garbage") == nil)
    }

    @Test(arguments: [
        ("x86_64", nil as String?, nil as String?, [false, false, false, true] as [Bool?]),
        ("armv7l", "CPU architecture: 7\n", nil, [true, true, nil, false]),
        ("armv6l", "CPU architecture: 6TEJ\n", nil, [true, false, false, false]),
        (
            "aarch64",
            "Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 cpuid\nCPU architecture: 8\n",
            nil,
            [nil, nil, true, false]
        ),
        (
            "aarch64",
            "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt lpae evtstrm\n",
            nil,
            [true, true, true, false]
        ),
        ("aarch64", nil, "0-3\n", [true, true, true, false]),
    ])
    func derivesArchitectureKeys(
        machine: String, cpuinfo: String?, aarch32: String?, expected: [Bool?]
    ) {
        let cpu = CPUArchitecture(machine: machine, cpuinfo: cpuinfo, aarch32CPUs: aarch32)
        let keys: [CapabilityID] = [
            "cpu.arch.armv6", "cpu.arch.armv7", "cpu.arch.arm64", "cpu.arch.x86_64",
        ]
        #expect(keys.map { cpu.keys[$0]?.value } == expected)
        if expected[1] == nil {
            #expect(cpu.keys["cpu.arch.armv7"]?.reason?.contains("AArch32") == true)
        }
    }

    @Test func namesTheLiveArchitecture() {
        let cpu = CPUArchitecture.live()
        #if arch(x86_64)
            #expect(cpu.name == "x86_64")
        #elseif arch(arm64)
            #expect(cpu.name == "arm64")
        #endif
    }

    @Test func describesWiFiRadiosWithDriverInterfacesAndRfkillState() {
        let pci = "/devices/pci0000:00/0000:00:1c.1/0000:02:00.0"
        let devices = DeviceTree.linkParents([
            Device(id: pci, subsystem: "pci", driver: "iwlwifi"),
            Device(id: pci + "/ieee80211/phy0", subsystem: "ieee80211"),
            Device(
                id: pci + "/ieee80211/phy0/rfkill1", subsystem: "rfkill",
                attributes: ["soft": "1", "hard": "0"]),
            Device(id: pci + "/net/wlp2s0", subsystem: "net", devtype: "wlan"),
            Device(
                id: "/devices/platform/thinkpad_acpi/rfkill/rfkill0", subsystem: "rfkill",
                properties: ["RFKILL_STATE": "2"]),
        ])
        let radios = WiFiRadio.radios(in: devices)
        #expect(radios.count == 1)
        #expect(radios.first?.driver == "iwlwifi")
        #expect(radios.first?.interfaces == ["wlp2s0"])
        #expect(radios.first?.rfkill?.text == "blocked (soft)")
        #expect(radios.first?.json.objectValue?["rfkill"] == "blocked (soft)")
        #expect(RfkillState.of(devices[4])?.text == "blocked (hard)")
        #expect(RfkillState.of(Device(id: "/x/rfkill9", subsystem: "rfkill")) == nil)
    }

    @Test func findsFlashAndTorchLEDs() {
        let devices = [
            Device(id: "/devices/platform/leds/leds/white:flash", subsystem: "leds"),
            Device(id: "/devices/platform/leds/leds/white:torch", subsystem: "leds"),
            Device(id: "/devices/platform/leds/leds/input3::capslock", subsystem: "leds"),
        ]
        #expect(CameraFlashLEDs.names(in: devices) == ["white:flash", "white:torch"])
    }
}
