import Glibc

/// Reads evdev switch states with `EVIOCGSW`, keeping each node open while watched.
///
/// Owned by the watcher thread; every descriptor is closed in ``closeAll()`` (called when
/// the watch ends) or `deinit`.
final class EvdevSwitchReader {
    private var descriptors: [String: Int32] = [:]

    deinit { closeAll() }

    /// Closes every node.
    func closeAll() {
        for descriptor in descriptors.values { close(descriptor) }
        descriptors.removeAll()
    }

    /// Whether switch `code` is on; nil when the node cannot be opened or read.
    /// - Parameters:
    ///   - devnode: The `/dev/input/eventN` node.
    ///   - code: The switch code (`SW_FRONT_PROXIMITY` = 0x0b).
    /// - Returns: The switch state.
    func state(devnode: String, code: Int) -> Bool? {
        let descriptor: Int32
        if let open = descriptors[devnode] {
            descriptor = open
        } else {
            let opened = open(devnode, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard opened >= 0 else { return nil }
            descriptors[devnode] = opened
            descriptor = opened
        }
        // 4 bytes hold switches 0–31 (SW_MAX is 0x10); the kernel copies min(len, bitmap).
        var bits = [UInt8](repeating: 0, count: 4)
        // _IOC(_IOC_READ, 'E', 0x1b, len): the macro is not imported.
        let request = UInt(2) << 30 | UInt(bits.count) << 16 | UInt(0x45) << 8 | UInt(0x1b)
        let rc = bits.withUnsafeMutableBytes { buffer -> Int32 in
            guard let address = buffer.baseAddress else { return -1 }
            return ioctl(descriptor, request, address)
        }
        guard rc >= 0 else {
            close(descriptor)
            descriptors[devnode] = nil
            return nil
        }
        return bits[code / 8] & UInt8(1 << (code % 8)) != 0
    }
}
