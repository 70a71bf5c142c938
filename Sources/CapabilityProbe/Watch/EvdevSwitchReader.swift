/// Reads the proximity switch of evdev nodes, keeping each node open while watched.
///
/// The ioctl and its bits are ``EvdevProbe``'s; this only keeps the nodes open between
/// polls. Owned by the watcher thread; every node is closed in ``closeAll()`` (called when
/// the watch ends) or when the reader is released.
final class EvdevSwitchReader {
    private let opener: any DeviceOpener
    private var nodes: [String: any IoctlDevice] = [:]

    /// Creates a reader.
    /// - Parameter opener: Opens nodes (``SystemDeviceOpener`` live).
    init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Closes every node.
    func closeAll() {
        nodes.removeAll()
    }

    /// Whether `SW_FRONT_PROXIMITY` is on; nil when the node cannot be opened or read (a
    /// node that fails is closed and opened again on the next read).
    /// - Parameter devnode: The `/dev/input/eventN` node.
    /// - Returns: The switch state.
    func near(devnode: String) -> Bool? {
        let node: any IoctlDevice
        if let open = nodes[devnode] {
            node = open
        } else {
            guard let opened = try? opener.open(devnode) else { return nil }
            nodes[devnode] = opened
            node = opened
        }
        let facts = EvdevProbe.facts(of: node, multitouchSlots: false, proximitySwitch: true)
        guard let near = facts.near else {
            nodes[devnode] = nil
            return nil
        }
        return near
    }
}
