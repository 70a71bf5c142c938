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
    /// in place. Paths are compared by their bytes, as udev compares them (two spellings of
    /// "é" are one `String` but two paths); of records with one id the last is the parent.
    /// - Parameter devices: Records from one source.
    package static func linkParents(in devices: inout [Device]) {
        var index: [Path: Int] = [:]
        index.reserveCapacity(devices.count)
        for position in devices.indices { index[Path(devices[position].id)] = position }
        for position in devices.indices where devices[position].parentID == nil {
            var path = Path(devices[position].id)
            while let slash = path.bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 {
                path.bytes.removeSubrange(slash...)
                if let parent = index[path] {
                    devices[position].parentID = devices[parent].id
                    break
                }
            }
        }
    }

    /// A device path as its bytes, hashed in one call (an array of bytes hashes byte by byte).
    private struct Path: Hashable {
        var bytes: [UInt8]

        init(_ id: String) { bytes = Array(id.utf8) }

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
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
        // Every id (records' and parents') numbered once, so the walk hashes no string: a
        // fleet checks thousands of snapshots of hundreds of records each.
        var number: [String: Int] = [:]
        var ids: [String] = []
        var parent: [Int] = []
        number.reserveCapacity(devices.count)
        ids.reserveCapacity(devices.count)
        parent.reserveCapacity(devices.count)
        func node(_ id: String) -> Int {
            if let known = number[id] { return known }
            number[id] = ids.count
            ids.append(id)
            parent.append(-1)
            return ids.count - 1
        }
        var starts: [Int] = []
        starts.reserveCapacity(devices.count)
        for device in devices {
            let child = node(device.id)
            starts.append(child)
            // As a dictionary by id would keep it: the last record's parent of a repeated id.
            if let id = device.parentID { parent[child] = node(id) }
        }
        var finished = [Bool](repeating: false, count: ids.count)
        var onPath = [Int](repeating: -1, count: ids.count)
        var path: [Int] = []
        for start in starts where !finished[start] {
            path.removeAll(keepingCapacity: true)
            var current = start
            while current >= 0, !finished[current] {
                if onPath[current] >= 0 {
                    return path[onPath[current]...].map { ids[$0] } + [ids[current]]
                }
                onPath[current] = path.count
                path.append(current)
                current = parent[current]
            }
            for visited in path { finished[visited] = true }
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
