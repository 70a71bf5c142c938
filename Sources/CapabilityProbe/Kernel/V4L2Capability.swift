/// `struct v4l2_capability`, the reply of `VIDIOC_QUERYCAP`.
public struct V4L2Capability: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 104

    /// The driver name (`uvcvideo`).
    public var driver: String
    /// The card name (`Integrated Camera: Integrated C`).
    public var card: String
    /// The bus location (`usb-0000:00:14.0-8`).
    public var busInfo: String
    /// The driver version.
    public var version: UInt32
    /// Capabilities of the whole physical device.
    public var capabilities: UInt32
    /// Capabilities of this node; valid when `capabilities` has `V4L2_CAP_DEVICE_CAPS`.
    public var deviceCapabilities: UInt32

    /// Creates a capability record.
    /// - Parameters:
    ///   - driver: The driver name.
    ///   - card: The card name.
    ///   - busInfo: The bus location.
    ///   - version: The driver version.
    ///   - capabilities: The physical device's capability bits.
    ///   - deviceCapabilities: This node's capability bits.
    public init(
        driver: String, card: String, busInfo: String, version: UInt32 = 0,
        capabilities: UInt32, deviceCapabilities: UInt32
    ) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.version = version
        self.capabilities = capabilities
        self.deviceCapabilities = deviceCapabilities
    }

    /// Parses the struct (driver[16] card[32] bus_info[32] version capabilities
    /// device_caps reserved[3]).
    /// - Parameter bytes: At least 104 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        driver = ByteLayout.string(bytes, at: 0, length: 16)
        card = ByteLayout.string(bytes, at: 16, length: 32)
        busInfo = ByteLayout.string(bytes, at: 48, length: 32)
        version = ByteLayout.uint32(bytes, at: 80)
        capabilities = ByteLayout.uint32(bytes, at: 84)
        deviceCapabilities = ByteLayout.uint32(bytes, at: 88)
    }

    /// Encodes the struct as the kernel would write it (tests and replays).
    public var bytes: [UInt8] {
        var bytes = [UInt8](repeating: 0, count: Self.size)
        for (offset, length, text) in [(0, 16, driver), (16, 32, card), (48, 32, busInfo)] {
            for (index, byte) in text.utf8.prefix(length - 1).enumerated() {
                bytes[offset + index] = byte
            }
        }
        ByteLayout.set(version, in: &bytes, at: 80)
        ByteLayout.set(capabilities, in: &bytes, at: 84)
        ByteLayout.set(deviceCapabilities, in: &bytes, at: 88)
        return bytes
    }

    /// The capabilities of this node: `device_caps` when valid, else `capabilities`.
    public var effectiveCapabilities: UInt32 {
        capabilities & V4L2.capDeviceCaps != 0 ? deviceCapabilities : capabilities
    }

    /// Whether the node captures video (single- or multi-planar).
    public var capturesVideo: Bool {
        effectiveCapabilities & (V4L2.capVideoCapture | V4L2.capVideoCaptureMultiplanar) != 0
    }

    /// Whether the node is a memory-to-memory device (codec, scaler), not a camera.
    public var isMemoryToMemory: Bool {
        effectiveCapabilities
            & (V4L2.capVideoMemoryToMemory | V4L2.capVideoMemoryToMemoryMultiplanar)
            != 0
    }

    /// Whether the node is a touch sensor (`V4L2_CAP_TOUCH`); such nodes are not cameras.
    public var isTouch: Bool { effectiveCapabilities & V4L2.capTouch != 0 }

    /// Whether the node only carries metadata (UVC's second node per function).
    public var isMetadataOnly: Bool {
        effectiveCapabilities & V4L2.capMetaCapture != 0 && !capturesVideo
    }
}
