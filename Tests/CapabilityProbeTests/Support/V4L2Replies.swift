@testable import CapabilityModel

// The kernel's replies to V4L2 enumeration ioctls, encoded for replayed devices: test code,
// kept out of the library.
extension V4L2FrameInterval {
    /// Encodes a discrete reply of `numerator/denominator` seconds per frame.
    /// - Parameters:
    ///   - index: The index.
    ///   - pixelFormat: The FourCC.
    ///   - width: The frame width.
    ///   - height: The frame height.
    ///   - numerator: Interval numerator.
    ///   - denominator: Interval denominator.
    /// - Returns: 52 bytes.
    static func discreteBytes(
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

extension V4L2FrameSize {
    /// Encodes the reply for `index` of `pixelFormat` as the kernel would write it.
    /// - Parameters:
    ///   - index: The index.
    ///   - pixelFormat: The FourCC.
    /// - Returns: 44 bytes.
    func bytes(index: UInt32, pixelFormat: UInt32) -> [UInt8] {
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
}
