import Testing

@testable import CapabilityModel

/// Parents linked from paths (`DeviceTree.linkParents`): the nearest recorded ancestor, by bytes.
@Suite struct DeviceTreeParentTests {
    @Test func eachRecordGetsItsNearestRecordedAncestor() {
        var devices = [
            Device(id: "/devices/pci0000:00"),
            Device(id: "/devices/pci0000:00/0000:00:14.0/usb1/1-1"),
            Device(id: "/devices/pci0000:00/0000:00:14.0"), Device(id: "/devices/pci0000:00x"),
            Device(id: "/"), Device(id: "/devices"), Device(id: "/module/snd", parentID: "/x"),
            Device(id: "/devices/pci0000:00/"), Device(id: "relative/path"),
        ]
        DeviceTree.linkParents(in: &devices)
        #expect(
            devices.map(\.parentID) == [
                "/devices", "/devices/pci0000:00/0000:00:14.0", "/devices/pci0000:00", "/devices",
                nil, nil, "/x", "/devices/pci0000:00", nil,
            ])
    }

    @Test func idsAreComparedByTheirBytes() {
        // "é" precomposed and as e + U+0301 are one String to Swift but two paths to udev.
        var devices = [
            Device(id: "/devices/caf\u{00E9}"), Device(id: "/devices/cafe\u{0301}/child"),
            Device(id: "/devices/caf\u{00E9}/child"),
        ]
        DeviceTree.linkParents(in: &devices)
        #expect(devices[1].parentID == nil)
        #expect(devices[2].parentID == "/devices/caf\u{00E9}")
    }

    @Test func ofRecordsWithOneIdTheLastIsTheParent() {
        var devices = [
            Device(id: "/devices/a", driver: "first"), Device(id: "/devices/a/b"),
            Device(id: "/devices/a", driver: "last"),
        ]
        DeviceTree.linkParents(in: &devices)
        #expect(devices.map(\.parentID) == [nil, "/devices/a", nil])
    }

    /// In random trees every derived parent is a recorded id that is a proper path prefix of
    /// the child's bytes, and no longer such prefix is recorded.
    @Test func randomTreesGetTheLongestRecordedPrefix() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "pci0000:00", "1-1", "1-1.2", "\u{00E9}", "e\u{0301}", ""]
        for _ in 0..<50 {
            var devices: [Device] = []
            for _ in 0..<Int.random(in: 1...400, using: &generator) {
                let depth = Int.random(in: 0...6, using: &generator)
                let path = (0..<depth).map { _ in pieces.randomElement(using: &generator) ?? "" }
                devices.append(Device(id: "/" + path.joined(separator: "/")))
            }
            DeviceTree.linkParents(in: &devices)
            let ids = Set(devices.map { Array($0.id.utf8) })
            for device in devices {
                let id = Array(device.id.utf8)
                // The recorded proper prefixes that end before a slash, longest last.
                let prefixes = id.indices.filter { $0 > 0 && id[$0] == UInt8(ascii: "/") }
                    .map { Array(id[..<$0]) }.filter(ids.contains)
                #expect(device.parentID.map { Array($0.utf8) } == prefixes.last)
            }
        }
    }
}
