/// `struct v4l2_fmtdesc`, one reply of `VIDIOC_ENUM_FMT`.
public struct V4L2FormatDescription: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 64
    /// `V4L2_FMT_FLAG_COMPRESSED`.
    public static let flagCompressed: UInt32 = 0x1
    /// `V4L2_FMT_FLAG_EMULATED`.
    public static let flagEmulated: UInt32 = 0x2

    /// The enumeration index.
    public var index: UInt32
    /// The buffer type (1 capture, 9 multi-planar capture, 13 metadata).
    public var bufferType: UInt32
    /// Format flags.
    public var flags: UInt32
    /// The driver's description (`YUYV 4:2:2`).
    public var description: String
    /// The FourCC pixel format.
    public var pixelFormat: UInt32

    /// Creates a format description.
    /// - Parameters:
    ///   - index: The enumeration index.
    ///   - bufferType: The buffer type.
    ///   - flags: Format flags.
    ///   - description: The description.
    ///   - pixelFormat: The FourCC code.
    public init(
        index: UInt32, bufferType: UInt32, flags: UInt32 = 0, description: String,
        pixelFormat: UInt32
    ) {
        self.index = index
        self.bufferType = bufferType
        self.flags = flags
        self.description = description
        self.pixelFormat = pixelFormat
    }

    /// Parses the struct (index type flags description[32] pixelformat mbus_code reserved[3]).
    /// - Parameter bytes: At least 64 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        index = ByteLayout.uint32(bytes, at: 0)
        bufferType = ByteLayout.uint32(bytes, at: 4)
        flags = ByteLayout.uint32(bytes, at: 8)
        description = ByteLayout.string(bytes, at: 12, length: 32)
        pixelFormat = ByteLayout.uint32(bytes, at: 44)
    }

    /// The request struct for enumeration index `index` of buffer type `bufferType`.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - bufferType: The buffer type.
    /// - Returns: 64 bytes with index and type set.
    public static func request(index: UInt32, bufferType: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(bufferType, in: &bytes, at: 4)
        return bytes
    }

    /// Encodes the struct as the kernel would write it.
    public var bytes: [UInt8] {
        var bytes = Self.request(index: index, bufferType: bufferType)
        ByteLayout.set(flags, in: &bytes, at: 8)
        for (offset, byte) in description.utf8.prefix(31).enumerated() { bytes[12 + offset] = byte }
        ByteLayout.set(pixelFormat, in: &bytes, at: 44)
        return bytes
    }

    /// The FourCC as text (`YUYV`, `MJPG`), trailing spaces removed.
    public var fourcc: String {
        var text = ByteLayout.fourcc(pixelFormat)
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
