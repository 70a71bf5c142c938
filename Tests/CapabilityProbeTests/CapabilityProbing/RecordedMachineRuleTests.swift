import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Architecture and internal panels from recordings that carry no `uname` and no sysfs
/// attributes.
@Suite struct RecordedMachineRuleTests {
    static func dump(_ devices: [Device], complete: Bool = true) -> CapabilityReport {
        let source = SourceInfo(
            kind: .udevadm, udevDatabase: true, attributes: false, complete: complete)
        return CapabilityClassifier().classify(
            DeviceInventory(
                source: source, machine: MachineIdentity(),
                devices: DeviceTree.linkParents(devices)))
    }

    static func cpu(_ properties: [String: String]) -> Device {
        Device(id: "/devices/system/cpu/cpu0", subsystem: "cpu", properties: properties)
    }

    @Test(arguments: [
        ("cpu:type:x86,ven0000fam0006mod008E:feature:,0000,003D,006F,0070", "x86_64"),
        ("cpu:type:x86,ven0002fam0019mod0074:feature:,0000,003D,006E", "x86_64"),
        ("x86cpu:vendor:0000:family:0006:model:002A:feature:,0000,003D,006F", "x86_64"),
        ("x86cpu:vendor:0000:family:0006:model:001C:feature:,0000,0001,0068", "i686"),
        ("cpu:type:x86,ven0000fam0006mod008E:feature:,0000,003D,0070", nil),
        ("cpu:type:aarch64:feature:,0000,0001,0002", "aarch64"),
        ("cpu:type:v7l:feature:,0001,0002,0004", "armv7l"),
        ("cpu:type:v6l:feature:,0001", "armv6l"),
        // IBM_s390x_DASD (Checkbox).
        ("cpu:type:z13:feature:,0000,0001,0002", "s390x"), ("cpu:type:sparc:feature:,0001", nil),
    ])
    func readsTheKernelFromTheCPUModalias(modalias: String, machine: String?) throws {
        let parsed = try #require(CPUModalias(modalias))
        #expect(parsed.kernelMachine == machine)
    }

    @Test func rejectsModaliasesThatAreNotCPUs() {
        #expect(CPUModalias("pci:v00008086d00000046sv") == nil)
        #expect(CPUModalias("cpu:type:x86") == nil)
    }

    @Test func decidesX86_64FromA64BitKernelFeature() throws {
        let report = Self.dump([
            Self.cpu(["MODALIAS": "cpu:type:x86,ven0000fam0006mod008E:feature:,003D,006F"])
        ])
        #expect(report.finding("cpu.arch")?.details["arch"] == "x86_64")
        let key = try #require(report.finding("cpu.arch.x86_64"))
        #expect(key.status == .present)
        #expect(key.evidence.first?.device == "/devices/system/cpu/cpu0")
        #expect(key.evidence.first?.reason.contains("006F") == true)
        #expect(report.finding("cpu.arch.arm64")?.status == .absent)
    }

    @Test func leavesX86_64UnknownForALongModeCPUWithoutA64BitKernelFeature() throws {
        let report = Self.dump([
            Self.cpu(["MODALIAS": "cpu:type:x86,ven0000fam0006mod008E:feature:,003D"])
        ])
        #expect(report.finding("cpu.arch")?.status == .unknown)
        #expect(report.finding("cpu.arch.x86_64")?.status == .unknown)
        #expect(report.finding("cpu.arch.armv7")?.status == .absent)
    }

    @Test func takesAnARMv7CoreForA32BitARMMachine() throws {
        let report = Self.dump([
            Self.cpu(["OF_COMPATIBLE_0": "arm,cortex-a9", "OF_COMPATIBLE_N": "1"])
        ])
        #expect(report.finding("cpu.arch.armv7")?.status == .present)
        // The core has no AArch64: decided, not unknown.
        #expect(report.finding("cpu.arch.arm64")?.status == .absent)
    }

    @Test func leavesTheWordSizeOfAnARMv8CoreUnknown() throws {
        let pmu = Device(
            id: "/devices/platform/arm-pmu", subsystem: "platform",
            properties: ["OF_COMPATIBLE_0": "arm,armv8-pmuv3", "OF_COMPATIBLE_N": "1"])
        let report = Self.dump([pmu])
        #expect(report.finding("cpu.arch")?.status == .unknown)
        #expect(report.finding("cpu.arch")?.details["hint"]?.stringValue?.hasPrefix("arm") == true)
        #expect(report.finding("cpu.arch.arm64")?.status == .unknown)
        #expect(report.finding("cpu.arch.x86_64")?.status == .absent)
    }

    static let card = "/devices/pci0000:00/0000:00:02.0/drm/card0"

    @Test(arguments: ["eDP", "LVDS", "DSI", "DPI"])
    func countsAnInternalPanelWithoutARecordedStatusAsConnected(type: String) throws {
        let report = Self.dump([
            Device(id: Self.card, subsystem: "drm", devtype: "drm_minor"),
            Device(id: Self.card + "/card0-\(type)-1", subsystem: "drm", devtype: "drm_connector"),
            Device(id: Self.card + "/card0-HDMI-A-1", subsystem: "drm", devtype: "drm_connector"),
        ])
        let display = try #require(report.finding("display"))
        #expect(display.status == .present)
        #expect(display.count == 1)
        #expect(
            display.evidence.map(\.reason) == [
                "internal \(type) panel: connected (built-in; connection state not recorded)"
            ])
    }

    @Test func letsARecordedStatusDecideForAnInternalPanel() throws {
        var connector = Device(
            id: Self.card + "/card0-eDP-1", subsystem: "drm", devtype: "drm_connector")
        connector.attributes = ["status": "disconnected"]
        let report = Self.dump([
            Device(id: Self.card, subsystem: "drm", devtype: "drm_minor"), connector,
        ])
        #expect(report.finding("display")?.status == .absent)
    }
}
