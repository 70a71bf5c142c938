import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityLive
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

/// Database names for recorded devices that lack them (this machine's hwdb and libpci).
@Suite struct RecordedDeviceNamesTests {
    static let hasDatabases =
        FileManager.default.fileExists(atPath: "/usr/share/misc/pci.ids")
        || FileManager.default.fileExists(atPath: "/usr/share/hwdata/pci.ids")

    static func inventory(_ devices: [Device]) -> DeviceInventory {
        DeviceInventory(
            source: SourceInfo(
                kind: .udevadm, path: "dump.txt", udevDatabase: true, attributes: false,
                complete: true),
            machine: MachineIdentity(), devices: devices)
    }

    @Test(.enabled(if: hasDatabases))
    func namesARecordedPCIDeviceFromThisMachinesDatabase() throws {
        // SAMSUNG_N310's GMA 950 (old udev wrote no *_FROM_DATABASE names).
        let gpu = Device(
            id: "/devices/pci0000:00/0000:00:02.0", subsystem: "pci", driver: "i915",
            properties: [
                "PCI_ID": "8086:27AE",
                "MODALIAS": "pci:v00008086d000027AEsv0000144Dsd0000C052bc03sc00i00",
            ])
        let enriched = RecordedDeviceNames.enrich(Self.inventory([gpu]))
        let device = try #require(enriched.devices.first)
        #expect(device.property("ID_VENDOR_FROM_DATABASE")?.contains("Intel") == true)
        #expect(device.property("ID_MODEL_FROM_DATABASE")?.contains("945") == true)
        #expect(enriched.source.notes.contains { $0.hasPrefix("names of 1 devices from") })
        // Only names are added: the classification does not change.
        #expect(
            CapabilityClassifier().classify(enriched).capabilities
                == CapabilityClassifier().classify(Self.inventory([gpu])).capabilities)
    }

    @Test func neverReplacesARecordedName() {
        let gpu = Device(
            id: "/devices/pci0000:00/0000:00:02.0", subsystem: "pci",
            properties: ["PCI_ID": "8086:27AE", "ID_MODEL_FROM_DATABASE": "As recorded"])
        let enriched = RecordedDeviceNames.enrich(Self.inventory([gpu]))
        #expect(enriched.devices.first?.property("ID_MODEL_FROM_DATABASE") == "As recorded")
    }

    @Test(
        arguments: [
            (["PRODUCT": "46d/a00/100"], [:], "usb:v046Dp0A00"),
            ([:], ["idVendor": "1d6b", "idProduct": "0002"], "usb:v1D6Bp0002"),
            (
                ["MODALIAS": "usb:v046Dp0A00d0100dc00dsc00dp00ic01isc01ip00in00"], [:],
                "usb:v046Dp0A00d0100dc00dsc00dp00ic01isc01ip00in00"
            ),
            (["PRODUCT": "zz/yy"], [:], nil),
        ] as [([String: String], [String: String], String?)])
    func buildsTheHwdbKeyOfAUSBDevice(
        properties: [String: String], attributes: [String: String], key: String?
    ) {
        let device = Device(
            id: "/devices/pci0000:00/0000:00:14.0/usb3/3-2", subsystem: "usb",
            devtype: "usb_device", properties: properties, attributes: attributes)
        #expect(RecordedDeviceNames.lookupKey(device) == key)
    }
}
