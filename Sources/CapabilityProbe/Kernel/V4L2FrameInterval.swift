/// `struct v4l2_frmivalenum`, one reply of `VIDIOC_ENUM_FRAMEINTERVALS`, as frames per second.
public struct V4L2FrameInterval: Sendable, Equatable {
    /// The struct size in bytes.
    public static let size = 52

    /// The highest frame rate of this entry (a discrete rate, or the fastest of a range).
    public var framesPerSecond: Double

    /// Creates an interval from a frame rate.
    /// - Parameter framesPerSecond: Frames per second.
    public init(framesPerSecond: Double) {
        self.framesPerSecond = framesPerSecond
    }

    /// Parses the struct (index pixel_format width height type union{fract; stepwise}
    /// reserved[2]); an interval is numerator/denominator seconds.
    /// - Parameter bytes: At least 52 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= Self.size else { return nil }
        // discrete: {numerator, denominator}; stepwise: min {n, d}, max, step — min is fastest.
        let numerator = ByteLayout.uint32(bytes, at: 20)
        let denominator = ByteLayout.uint32(bytes, at: 24)
        guard [1, 2, 3].contains(ByteLayout.uint32(bytes, at: 16)), numerator > 0, denominator > 0
        else {
            return nil
        }
        framesPerSecond = Double(denominator) / Double(numerator)
    }

    /// The request struct for `index` of a format and size.
    /// - Parameters:
    ///   - index: The index to ask for.
    ///   - pixelFormat: The FourCC.
    ///   - width: The frame width.
    ///   - height: The frame height.
    /// - Returns: 52 bytes.
    public static func request(index: UInt32, pixelFormat: UInt32, width: UInt32, height: UInt32)
        -> [UInt8]
    {
        var bytes = [UInt8](repeating: 0, count: size)
        ByteLayout.set(index, in: &bytes, at: 0)
        ByteLayout.set(pixelFormat, in: &bytes, at: 4)
        ByteLayout.set(width, in: &bytes, at: 8)
        ByteLayout.set(height, in: &bytes, at: 12)
        return bytes
    }

    /// Encodes a discrete reply of `numerator/denominator` seconds per frame.
    /// - Parameters:
    ///   - index: The index.
    ///   - pixelFormat: The FourCC.
    ///   - width: The frame width.
    ///   - height: The frame height.
    ///   - numerator: Interval numerator.
    ///   - denominator: Interval denominator.
    /// - Returns: 52 bytes.
    public static func discreteBytes(
        index: UInt32, pixelFormat: UInt32, width: UInt32, height: UInt32, numerator: UInt32,
        denominator: UInt32
    ) -> [UInt8] {
        var bytes = request(index: index, pixelFormat: pixelFormat, width: width, height: height)
        ByteLayout.set(1, in: &bytes, at: 16)
        ByteLayout.set(numerator, in: &bytes, at: 20)
        ByteLayout.set(denominator, in: &bytes, at: 24)
        return bytes
    }
}
