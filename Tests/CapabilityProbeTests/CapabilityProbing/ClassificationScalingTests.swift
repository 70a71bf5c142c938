import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Classification is linear in the number of devices: counted with ``LookupCounter`` (records
/// visited by every ``ProbeContext`` look-up and full pass), never with a clock.
@Suite struct ClassificationScalingTests {
    /// `copies` renamed copies of the real machines' records: copy k puts every id under
    /// `/devices/ck/…`, so parents stay inside their copy and every prober sees k times the
    /// same kinds of records (k times the radios, cameras, sensors, …). `withoutPCI` drops
    /// the PCI functions, as a filtered dump does: radios then hang off unrecorded ids.
    static func machines(copies: Int, withoutPCI: Bool = false) throws -> DeviceInventory {
        let originals = try ["LENOVO_T430S", "HP_ENVY_15_MEDIATEK_BT", "RPI3B", "SAMSUNG_N310"].map
        {
            try Fixtures.inventory("udevadm/\($0).txt")
        }
        var devices: [Device] = []
        for copy in 0..<copies {
            for inventory in originals {
                for var device in inventory.devices where !(withoutPCI && device.subsystem == "pci")
                {
                    let rename = { (id: String) in
                        "/devices/c\(copy)" + id.dropFirst("/devices".count)
                    }
                    device.id = rename(device.id)
                    device.parentID = device.parentID.map(rename)
                    devices.append(device)
                }
            }
        }
        let source = SourceInfo(
            kind: .udevadm, udevDatabase: true, attributes: false, complete: !withoutPCI)
        return DeviceInventory(source: source, machine: MachineIdentity(), devices: devices)
    }

    static func visitsPerDevice(copies: Int, withoutPCI: Bool) throws
        -> (perDevice: Double, report: CapabilityReport)
    {
        let inventory = try machines(copies: copies, withoutPCI: withoutPCI)
        let counter = LookupCounter()
        let report = CapabilityClassifier().classify(ProbeContext(inventory, counter: counter))
        return (Double(counter.total) / Double(inventory.devices.count), report)
    }

    @Test(arguments: [false, true])
    func lookUpsPerDeviceStayFlatWhenTheMachineGrowsTenfold(withoutPCI: Bool) throws {
        let small = try Self.visitsPerDevice(copies: 1, withoutPCI: withoutPCI)
        let large = try Self.visitsPerDevice(copies: 10, withoutPCI: withoutPCI)
        // The same records ten times over: ten times the radios. Without the PCI records a
        // radio's function is not recorded, so a per-radio search through all records (the
        // old `RadioFunction.init`) would make this ratio ≈ 10.
        #expect(
            large.report.finding("net.wifi")?.count == 10
                * (small.report.finding("net.wifi")?.count ?? 0))
        #expect(
            large.perDevice / small.perDevice <= 1.3,
            "\(small.perDevice) → \(large.perDevice) visits per device")
    }

    @Test func theWiFiAndModemScansRunOncePerClassification() throws {
        let inventory = try Self.machines(copies: 1)
        let context = ProbeContext(inventory)
        _ = CapabilityClassifier().classify(context)
        // Read by the Wi-Fi, cellular and location probers, computed once.
        #expect(context.scans.computations(of: .wifi) == 1)
        #expect(context.scans.computations(of: .cellular) == 1)
    }

    @Test func nearestRecordedAncestorWalksThePathNotTheRecords() throws {
        let inventory = try Self.machines(copies: 3)
        let counter = LookupCounter()
        let context = ProbeContext(inventory, counter: counter)
        let before = counter.total
        let pci = try #require(inventory.devices.first { $0.subsystem == "pci" })
        let found = context.deviceOrNearestAncestor(pci.id + "/net/wlan9/not/recorded")
        #expect(found?.id == pci.id)
        // One look-up per path component tried: 5 here, whatever the number of records.
        #expect(counter.total - before == 5)
    }

    @Test func descendantsMatchAPrefixFilter() throws {
        let inventory = try Self.machines(copies: 2)
        let context = ProbeContext(inventory)
        for device in inventory.devices where device.subsystem == "pci" || device.subsystem == "usb"
        {
            let expected = inventory.devices.filter { $0.id.hasPrefix(device.id + "/") }
            #expect(context.descendants(of: device) == expected)
        }
    }
}
