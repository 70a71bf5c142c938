import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityProbing
@testable import CapabilityRecordings
@testable import CapabilityRendering

@Suite struct RecordedSourceTests {
    @Test func findsEveryDumpOfTheFolder() {
        #expect(Fixtures.allUdevadmDumps.count == 38)
    }

    @Test(arguments: Fixtures.allUdevadmDumps)
    func readsEveryUdevadmDumpAsUdevadm(name: String) throws {
        let data = try Fixtures.data("udevadm/\(name).txt")
        #expect(try RecordedSource.detect(data, path: name) == .udevadm)
        let inventory = try RecordedSource.inventory(data, path: name)
        // Some real dumps repeat a block verbatim (i2c buses); records are merged by id.
        let paths = try Fixtures.text("udevadm/\(name).txt").split(separator: "\n")
            .filter { $0.hasPrefix("P: ") }
        #expect(inventory.devices.count == Set(paths).count)
        #expect(inventory.devices.map(\.id) == inventory.devices.map(\.id).sorted())
        #expect(inventory.source.attributes == false)
    }

    @Test func marksTheFilteredIPU6DumpAsPartial() throws {
        let inventory = try Fixtures.inventory("udevadm/DELL_LATITUDE_7350_WITH_IPU6_DRIVER.txt")
        #expect(inventory.devices.count == 31)
        #expect(inventory.source.complete == false)
        #expect(try Fixtures.inventory("udevadm/QEMU_KVM.txt").source.complete)
    }

    @Test func linksParentsToTheNearestRecordedAncestor() throws {
        let inventory = try Fixtures.inventory("udevadm/LENOVO_T430S.txt")
        let byID = Dictionary(uniqueKeysWithValues: inventory.devices.map { ($0.id, $0) })
        for device in inventory.devices {
            guard let parent = device.parentID else { continue }
            #expect(device.id.hasPrefix(parent + "/"))
            #expect(byID[parent] != nil)
        }
    }

    @Test func readsDmiVendorAndModelFromTheModalias() throws {
        let machine = try Fixtures.inventory("udevadm/LENOVO_T430S.txt").machine
        #expect(machine.vendor == "LENOVO")
        #expect(machine.model == "2355CTO")
        #expect(try Fixtures.inventory("udevadm/HOME_MADE.txt").machine.model == nil)
    }

    @Test func readsUmockdevAttributesAndDriverLinks() throws {
        let data = try Fixtures.data("umockdev/synaptics-touchpad.umockdev")
        #expect(try RecordedSource.detect(data, path: "t") == .umockdev)
        let inventory = try RecordedSource.inventory(data, path: "t")
        let serio = try #require(
            inventory.devices.first { $0.id == "/devices/platform/i8042/serio1" })
        #expect(serio.driver == "psmouse")
        #expect(serio.attribute("protocol") == "SynPS/2")
        let input = try #require(inventory.devices.first { $0.id.hasSuffix("input/input12") })
        #expect(input.attribute("properties") == "12")
        #expect(input.parentID == "/devices/platform/i8042/serio1")
        #expect(inventory.source.attributes)
    }

    @Test func readsEveryUdevadmLineKind() throws {
        let text = """
            P: /devices/virtual/net/lo
            M: lo
            R: 0
            U: net
            T: loopback
            I: 1
            Q: 7
            V: none
            L: 0
            D: c 1:2
            N: foo
            S: by-id/x
            Z: a future line kind
            E: DEVPATH=/devices/virtual/net/lo
            E: INTERFACE=lo

            """
        let inventory = try UdevadmDumpSource(text: text, path: "k.txt").inventory()
        let device = try #require(inventory.devices.first)
        #expect(device.subsystem == "net")
        #expect(device.devtype == "loopback")
        #expect(device.devnode == "/dev/foo")
        #expect(device.links == ["by-id/x"])
        #expect(device.properties["INTERFACE"] == "lo")
    }

    @Test(arguments: [
        (
            Data(),
            "x: not a udevadm dump, umockdev recording or capcheck snapshot: the file is empty"
        ),
        (
            Data([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]),
            "x:1: not a udevadm dump, umockdev recording or capcheck snapshot: binary data (a NUL byte), not text"
        ),
        (
            Data("\n \nhello\n".utf8),
            "x:3: not a udevadm dump, umockdev recording or capcheck snapshot: 'hello' is neither a 'P: /devices/…' line nor a JSON object"
        ),
        (
            Data("E: A=b\nP: /devices/a\n".utf8),
            "x:1: not a udevadm dump, umockdev recording or capcheck snapshot: 'E: A=b' is neither a 'P: /devices/…' line nor a JSON object"
        ),
        (
            Data("\u{FEFF} \r\n\t\n".utf8),
            "x: not a udevadm dump, umockdev recording or capcheck snapshot: the file holds only white space"
        ),
    ])
    func rejectsContentThatIsNoKnownFormat(data: Data, message: String) {
        do {
            _ = try RecordedSource.inventory(data, path: "x")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func rejectsASnapshotWithAWrongTypeNamingThePath() {
        let json = #"{"schema": 1, "devices": [{"id": 5}]}"#
        do {
            _ = try RecordedSource.inventory(Data(json.utf8), path: "s.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("s.json: devices[0].id: expected String"))
        }
    }

    @Test func rejectsASnapshotOfAnotherSchemaVersion() {
        let json = #"{"schema": 99, "devices": []}"#
        do {
            _ = try RecordedSource.inventory(Data(json.utf8), path: "s.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("unsupported version 99"))
        }
    }

    @Test func snapshotRoundTripKeepsEveryDeviceRecord() throws {
        let original = try Fixtures.report("udevadm/HP_ELITEBOOK_835_13_INCH_G10.txt")
        let json = try JSONOutput.string(original)
        let reread = try RecordedSource.inventory(Data(json.utf8), path: "snap.json")
        #expect(reread.source.kind == .snapshot)
        #expect(reread.devices == original.devices)
        #expect(reread.machine == original.machine)
        #expect(reread.source.complete == original.source.complete)
        #expect(CapabilityClassifier().classify(reread).capabilities == original.capabilities)
    }
}

@Suite struct UmockdevLineKindTests {
    @Test func takesTheSubsystemFromTheLinkWhenNoPropertyNamesIt() throws {
        let text = """
            P: /devices/platform/gpio-keys/input/input3
            L: subsystem=../../../../class/input
            L: driver=../../../../bus/platform/drivers/gpio-keys
            A: name=gpio-keys
            A: uevent=DEVTYPE=keys\\nDRIVER=ignored
            H: blob=00ff

            """
        let inventory = try UmockdevRecordingSource(text: text, path: "r.umockdev").inventory()
        let device = try #require(inventory.devices.first)
        #expect(device.subsystem == "input")
        #expect(device.driver == "gpio-keys")
        #expect(device.devtype == "keys")
        #expect(device.binaryAttributes["blob"] == Data([0x00, 0xff]))
    }
}
