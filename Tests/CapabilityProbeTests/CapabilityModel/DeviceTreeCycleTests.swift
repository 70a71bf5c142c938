import Testing

@testable import CapabilityModel

/// Cycles in snapshots' parent links (`DeviceTree.parentCycle`), found by number, reported
/// as the walk by id reported them.
@Suite struct DeviceTreeCycleTests {
    /// The walk by id that `parentCycle` replaced: the reference for what it reports.
    static func reference(_ devices: [Device]) -> [String]? {
        var parentOf: [String: String] = [:]
        for device in devices {
            if let parent = device.parentID { parentOf[device.id] = parent }
        }
        var finished = Set<String>()
        for device in devices where !finished.contains(device.id) {
            var path: [String] = []
            var onPath: [String: Int] = [:]
            var current: String? = device.id
            while let id = current, !finished.contains(id) {
                if let start = onPath[id] { return Array(path[start...]) + [id] }
                onPath[id] = path.count
                path.append(id)
                current = parentOf[id]
            }
            finished.formUnion(path)
        }
        return nil
    }

    @Test func reportsTheFirstCycleAsTheWalkByIdDid() {
        // Random links over few ids (repeats, self-links, parents that are no record), a
        // fixed generator (EditDistanceTests' SplitMix) so every run checks the same 3 000 graphs.
        var generator = SplitMix(seed: 21)
        var cycles = 0
        for _ in 0..<3_000 {
            let count = Int(generator.next() % 12) + 1
            let devices = (0..<count).map { _ -> Device in
                let id = "/x/\(generator.next() % 10)"
                let roll = generator.next() % 4
                let parent = roll == 0 ? nil : "/x/\(generator.next() % 12)"
                return Device(id: id, parentID: parent)
            }
            let found = DeviceTree.parentCycle(in: devices)
            #expect(found == Self.reference(devices))
            if found != nil { cycles += 1 }
        }
        // Both kinds were checked: graphs with a cycle and forests.
        #expect(cycles > 300)
        #expect(cycles < 2_700)
    }

    @Test func namesTheLoopOfALongChain() {
        let devices = [
            Device(id: "/a", parentID: "/b"), Device(id: "/b", parentID: "/c"),
            Device(id: "/c", parentID: "/d"), Device(id: "/d", parentID: "/b"),
        ]
        #expect(DeviceTree.parentCycle(in: devices) == ["/b", "/c", "/d", "/b"])
    }

    @Test func findsNoCycleInAForest() {
        let devices = [
            Device(id: "/r/a", parentID: "/r"), Device(id: "/r/b", parentID: "/r"),
            Device(id: "/s", parentID: "/missing"), Device(id: "/r"),
        ]
        #expect(DeviceTree.parentCycle(in: devices) == nil)
    }
}
