import Glibc

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
    /// parent id is the parent's own id string, not another copy of it. Paths are compared
    /// by their bytes, as udev compares them; of records with one id the last is the parent.
    /// - Parameter devices: Records from one source.
    package static func linkParents(in devices: inout [Device]) {
        let ids = devices.map(\.id)
        var table = PathTable(capacity: ids.count)
        for position in ids.indices {
            withBytes(ids[position]) { table.insert(position, $0, ids: ids) }
        }
        for position in devices.indices where devices[position].parentID == nil {
            let parent = withBytes(ids[position]) { bytes -> Int? in
                var end = bytes.count
                while end > 0 {
                    end -= 1
                    // The next shorter prefix ends before a slash; the leading one is no path.
                    guard bytes[end] == UInt8(ascii: "/"), end > 0 else { continue }
                    if let found = table.find(
                        UnsafeBufferPointer(rebasing: bytes[..<end]), ids: ids)
                    {
                        return found
                    }
                }
                return nil
            }
            if let parent { devices[position].parentID = ids[parent] }
        }
    }

    /// Calls `body` with a string's UTF-8 bytes, in place where the string is contiguous.
    private static func withBytes<Result>(
        _ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }

    /// Record positions by id bytes, open-addressed with linear probing: a parent look-up
    /// hashes a prefix of the child's bytes where they are, in one `Hasher.combine(bytes:)`,
    /// where a `[Substring: Int]` hashed each prefix through `Substring`'s own path. `Hasher`
    /// is seeded per process, so a crafted dump cannot make its paths collide.
    private struct PathTable {
        /// A position + 1, or 0 for an empty slot.
        private var slots: [Int]
        private let mask: Int

        /// A table for `capacity` ids, at most half full.
        init(capacity: Int) {
            var size = 16
            while size < capacity * 2 { size *= 2 }
            slots = [Int](repeating: 0, count: size)
            mask = size - 1
        }

        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }

        private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ id: String) -> Bool {
            withBytes(id) { other in
                guard other.count == bytes.count else { return false }
                guard let a = other.baseAddress, let b = bytes.baseAddress else { return true }
                return memcmp(a, b, bytes.count) == 0
            }
        }

        /// Adds a record's position; a later record with the same id takes the slot.
        mutating func insert(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, ids: [String]) {
            var slot = Self.hash(bytes) & mask
            while slots[slot] != 0 {
                if Self.same(bytes, ids[slots[slot] - 1]) { break }
                slot = (slot + 1) & mask
            }
            slots[slot] = position + 1
        }

        /// The position of the record whose id is these bytes, if any.
        func find(_ bytes: UnsafeBufferPointer<UInt8>, ids: [String]) -> Int? {
            var slot = Self.hash(bytes) & mask
            while slots[slot] != 0 {
                if Self.same(bytes, ids[slots[slot] - 1]) { return slots[slot] - 1 }
                slot = (slot + 1) & mask
            }
            return nil
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
