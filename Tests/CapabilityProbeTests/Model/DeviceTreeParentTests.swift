import Testing

@testable import CapabilityModel

/// Parents linked from paths (`DeviceTree.linkParents`), by the byte-keyed table, against the
/// walk by `Substring` dictionary it replaced.
@Suite struct DeviceTreeParentTests {
    /// The walk that `linkParents` replaced, with ids compared by their bytes: the reference.
    static func reference(_ devices: [Device]) -> [String?] {
        var index: [[UInt8]: Int] = [:]
        for (position, device) in devices.enumerated() { index[Array(device.id.utf8)] = position }
        return devices.map { device in
            if let parent = device.parentID { return parent }
            var path = Array(device.id.utf8)
            while let slash = path.lastIndex(of: UInt8(ascii: "/")), slash > 0 {
                path.removeSubrange(slash...)
                if let parent = index[path] { return devices[parent].id }
            }
            return nil
        }
    }

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
        #expect(devices[1].parentID == "/devices/a")
        #expect(devices.map(\.parentID) == DeviceTreeParentTests.reference(devices))
    }

    @Test func randomTreesAreLinkedAsTheReferenceLinksThem() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "b", "pci0000:00", "1-1", "1-1.2", "\u{00E9}", "e\u{0301}", ""]
        for _ in 0..<50 {
            var devices: [Device] = []
            for _ in 0..<Int.random(in: 1...400, using: &generator) {
                let depth = Int.random(in: 0...6, using: &generator)
                let path = (0..<depth).map { _ in pieces.randomElement(using: &generator) ?? "" }
                let id = "/" + path.joined(separator: "/")
                let parent: String? =
                    Int.random(in: 0..<20, using: &generator) == 0 ? "/given" : nil
                devices.append(Device(id: id, parentID: parent))
            }
            let expected = Self.reference(devices)
            DeviceTree.linkParents(in: &devices)
            #expect(devices.map(\.parentID) == expected)
        }
    }
}
