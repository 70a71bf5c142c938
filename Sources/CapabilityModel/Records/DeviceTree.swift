/// Helpers that relate device records to each other by their paths.
package enum DeviceTree {
    /// Sets each record's `parentID` to its nearest recorded ancestor, where not already set.
    /// - Parameter devices: Records from one source.
    /// - Returns: The same records with parents linked.
    package static func linkParents(_ devices: [Device]) -> [Device] {
        var devices = devices
        linkParents(in: &devices)
        return devices
    }

    /// Sets each record's `parentID` to its nearest recorded ancestor, where not already set,
    /// in place: records the caller no longer shares are changed without a copy, and the
    /// parent id is the parent's own id string, not another copy of it.
    /// - Parameter devices: Records from one source.
    package static func linkParents(in devices: inout [Device]) {
        var index: [Substring: Int] = [:]
        index.reserveCapacity(devices.count)
        for (position, device) in devices.enumerated() { index[Substring(device.id)] = position }
        for position in devices.indices where devices[position].parentID == nil {
            let id = devices[position].id
            var path = Substring(id)
            while let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash > path.startIndex {
                path = path[..<slash]
                if let parent = index[path] {
                    devices[position].parentID = devices[parent].id
                    break
                }
            }
        }
    }

    /// A chain of explicit parent links that comes back to where it started, if any.
    ///
    /// Recordings derive parents from paths, which cannot loop; a snapshot names them, and a
    /// device that is its own ancestor would make every walk up the tree endless.
    /// - Parameter devices: Records with `parentID` set.
    /// - Returns: The ids on the first cycle found (sorted order of the records), the first
    ///   repeated at the end, or `nil` when the links form a forest.
    package static func parentCycle(in devices: [Device]) -> [String]? {
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

    /// The longest proper path prefix of `id` that is in `ids`.
    package static func nearestAncestor(of id: String, in ids: Set<String>) -> String? {
        var path = Substring(id)
        while let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            path = path[..<slash]
            if ids.contains(String(path)) { return String(path) }
        }
        return nil
    }
}
