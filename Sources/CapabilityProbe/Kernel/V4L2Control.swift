/// `struct v4l2_queryctrl`, the reply of `VIDIOC_QUERYCTRL`.
public struct V4L2Control: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 68

    /// The control id (`V4L2_CID_*`).
    public var id: UInt32
    /// The control type.
    public var type: UInt32
    /// The control name (`Focus, Automatic Continuous`).
    public var name: String
    /// The default value (e.g. the fixed `CAMERA_ORIENTATION`).
    public var defaultValue: Int32
    /// Control flags.
    public var flags: UInt32

    /// Creates a control description.
    /// - Parameters:
    ///   - id: The control id.
    ///   - type: The control type.
    ///   - name: The name.
    ///   - defaultValue: The default value.
    ///   - flags: Flags.
    public init(
        id: UInt32, type: UInt32 = 1, name: String, defaultValue: Int32 = 0, flags: UInt32 = 0
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.defaultValue = defaultValue
        self.flags = flags
    }

    /// Parses the struct (id type name[32] minimum maximum step default_value flags
    /// reserved[2]).
    /// - Parameter bytes: At least 68 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        id = ByteLayout.uint32(bytes, at: 0)
        type = ByteLayout.uint32(bytes, at: 4)
        name = ByteLayout.string(bytes, at: 8, length: 32)
        defaultValue = ByteLayout.int32(bytes, at: 52)
        flags = ByteLayout.uint32(bytes, at: 56)
    }

    /// The request struct for control `id` (OR `V4L2_CTRL_FLAG_NEXT_CTRL` to ask for the
    /// next one).
    /// - Parameter id: The id to ask for.
    /// - Returns: 68 bytes.
    public static func request(id: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(id, in: &bytes, at: 0)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    public var bytes: [UInt8] {
        var bytes = Self.request(id: id)
        ByteLayout.set(type, in: &bytes, at: 4)
        for (offset, byte) in name.utf8.prefix(31).enumerated() { bytes[8 + offset] = byte }
        ByteLayout.set(UInt32(bitPattern: defaultValue), in: &bytes, at: 52)
        ByteLayout.set(flags, in: &bytes, at: 56)
        return bytes
    }

    /// Whether the driver reports the control as disabled.
    public var isDisabled: Bool { flags & V4L2.controlFlagDisabled != 0 }
}
