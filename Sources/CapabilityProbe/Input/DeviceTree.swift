/// Helpers that relate device records to each other by their paths.
enum DeviceTree {
    /// Sets each record's `parentID` to its nearest recorded ancestor, where not already set.
    /// - Parameter devices: Records from one source.
    /// - Returns: The same records with parents linked.
    static func linkParents(_ devices: [Device]) -> [Device] {
        let ids = Set(devices.map(\.id))
        return devices.map { device in
            var device = device
            if device.parentID == nil {
                device.parentID = nearestAncestor(of: device.id, in: ids)
            }
            return device
        }
    }

    /// The longest proper path prefix of `id` that is in `ids`.
    static func nearestAncestor(of id: String, in ids: Set<String>) -> String? {
        var path = Substring(id)
        while let slash = path.lastIndex(of: "/"), slash > path.startIndex {
            path = path[..<slash]
            if ids.contains(String(path)) { return String(path) }
        }
        return nil
    }
}
