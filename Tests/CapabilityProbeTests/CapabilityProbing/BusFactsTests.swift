import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilityProbing
@testable import CapabilityRecordings

/// Device names from the bus: a PCI function never takes its bridge's name, a class device takes
/// its PCI function's (`Fixtures/udevadm/README.md`).
@Suite struct BusFactsTests {
    @Test func doesNotGiveAPCIFunctionItsBridgesName() throws {
        let report = try Fixtures.report("udevadm/TOSHIBA_NVME.txt")
        let wifi = try #require(report.finding("net.wifi"))
        let devices = wifi.details["devices"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let unnamed = try #require(devices.first { $0["pci"] == "8086:093c" })
        #expect(unnamed["name"] == nil)
        // A class device still takes the name of the PCI function it belongs to.
        let context = ProbeContext(try Fixtures.inventory("udevadm/TOSHIBA_NVME.txt"))
        let bridgeChild = try #require(
            context.devices.first { $0.id.hasSuffix("/0000:02:00.0") })
        #expect(BusFacts.nearestName(bridgeChild, in: context) == nil)
        let classDevice = try #require(
            context.devices.first { device in
                guard BusFacts.name(device) == nil, !device.is(.pci),
                    let parent = context.parent(of: device), parent.is(.pci)
                else { return false }
                return BusFacts.name(parent) != nil
            })
        let parent = try #require(context.parent(of: classDevice))
        #expect(BusFacts.nearestName(classDevice, in: context) == BusFacts.name(parent))
    }
}
