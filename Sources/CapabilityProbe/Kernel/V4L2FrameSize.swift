/// `struct v4l2_frmsizeenum`, one reply of `VIDIOC_ENUM_FRAMESIZES`.
public enum V4L2FrameSize: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 44

    /// One fixed size (`V4L2_FRMSIZE_TYPE_DISCRETE` = 1).
    case discrete(width: UInt32, height: UInt32)
    /// A range (`CONTINUOUS` = 2 or `STEPWISE` = 3); only the largest size is kept.
    case stepwise(maxWidth: UInt32, maxHeight: UInt32)

    /// Parses the struct (index pixel_format type union{discrete; stepwise} reserved[2]).
    /// - Parameter bytes: At least 44 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        switch ByteLayout.uint32(bytes, at: 8) {
        case 1:
            self = .discrete(
                width: ByteLayout.uint32(bytes, at: 12), height: ByteLayout.uint32(bytes, at: 16))
        case 2, 3:
            // stepwise: min_width max_width step_width min_height max_height step_height
            self = .stepwise(
                maxWidth: ByteLayout.uint32(bytes, at: 16),
                maxHeight: ByteLayout.uint32(bytes, at: 28))
        default:
            return nil
        }
    }

    /// The request struct for `index` of `pixelFormat`.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - pixelFormat: The FourCC.
    /// - Returns: 44 bytes.
    public static func request(index: UInt32, pixelFormat: UInt32) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(pixelFormat, in: &bytes, at: 4)
        return bytes
    }

    /// Encodes the reply for `index` of `pixelFormat` as the kernel would write it.
    /// - Parameters:
    ///   - index: The index.
    ///   - pixelFormat: The FourCC.
    /// - Returns: 44 bytes.
    public func bytes(index: UInt32, pixelFormat: UInt32) -> [UInt8] {
        var bytes = Self.request(index: index, pixelFormat: pixelFormat)
        switch self {
        case .discrete(let width, let height):
            ByteLayout.set(1, in: &bytes, at: 8)
            ByteLayout.set(width, in: &bytes, at: 12)
            ByteLayout.set(height, in: &bytes, at: 16)
        case .stepwise(let maxWidth, let maxHeight):
            ByteLayout.set(3, in: &bytes, at: 8)
            ByteLayout.set(1, in: &bytes, at: 12)
            ByteLayout.set(maxWidth, in: &bytes, at: 16)
            ByteLayout.set(1, in: &bytes, at: 20)
            ByteLayout.set(1, in: &bytes, at: 24)
            ByteLayout.set(maxHeight, in: &bytes, at: 28)
            ByteLayout.set(1, in: &bytes, at: 32)
        }
        return bytes
    }

    /// The width and height (the maximum for a range).
    public var dimensions: (width: UInt32, height: UInt32) {
        switch self {
        case .discrete(let width, let height): return (width, height)
        case .stepwise(let width, let height): return (width, height)
        }
    }
}
