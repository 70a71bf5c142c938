import Foundation
import Testing

@testable import CapabilityProbe

@Suite struct RecordedSourceTests {
    @Test(arguments: Fixtures.udevadmDumps)
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
        ("P: /devices/a\nE: NOEQUALS\n", "dump.txt:2: 'E:' line without KEY=value"),
        (
            "P: /devices/a\nthis is not a record\n",
            "dump.txt:2: expected 'X: value' (a letter, a colon, a space), got 'this is not a record'"
        ),
        ("P: /devices/a\n\nE: A=b\n", "dump.txt:3: a device block must start with 'P:', got 'E:'"),
        ("P: devices/a\n", "dump.txt:1: 'P:' must hold a device path starting with '/'"),
    ])
    func namesTheLineOfAMalformedDump(text: String, message: String) {
        #expect(throws: SourceError.self) {
            try UdevadmDumpSource(text: text, path: "dump.txt").inventory()
        }
        do {
            _ = try UdevadmDumpSource(text: text, path: "dump.txt").inventory()
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: [
        (
            Data(),
            "x: not a udevadm dump, umockdev recording or capcheck snapshot: the file is empty"
        ),
        (
            Data([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]),
            "x: not a udevadm dump, umockdev recording or capcheck snapshot: binary data, not UTF-8 text"
        ),
        (
            Data("hello\n".utf8),
            "x: not a udevadm dump, umockdev recording or capcheck snapshot: first line 'hello' is neither 'P: /devices/…' nor a JSON object"
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

    @Test(arguments: [
        ("P: /devices/a\nH: blob=zz\n", "r.umockdev:2: 'H: blob' is not hexadecimal"),
        ("P: /devices/a\nA: novalue\n", "r.umockdev:2: 'A:' line without name=value"),
        ("P: /devices/a\nL: nolink\n", "r.umockdev:2: 'L:' line without name=target"),
        ("P: /devices/a\nP: /devices/b\n", "r.umockdev:2: second 'P:' line in one block"),
    ])
    func namesTheLineOfAMalformedRecording(text: String, message: String) {
        do {
            _ = try UmockdevRecordingSource(text: text, path: "r.umockdev").inventory()
            Issue.record("expected an error")
        } catch {
            #expect(error.description == message)
        }
    }
}
