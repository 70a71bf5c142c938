/// The outcome of a kernel probe: a value, or `unknown` with a one-line reason.
///
/// A failed open or ioctl never means the hardware is absent: a refused `/dev/video0`
/// or a missing `AF_BLUETOOTH` only says that this process could not ask.
public enum KernelProbeResult<Value> {
    /// The probe answered.
    case value(Value)
    /// The probe could not answer; the reason names the file or call and why.
    case unknown(reason: String)

    /// The value, or `nil` when unknown.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The reason, or `nil` when the probe answered.
    public var reason: String? {
        if case .unknown(let reason) = self { return reason }
        return nil
    }

    /// Transforms the value, keeping an unknown reason.
    /// - Parameter transform: Maps the value.
    /// - Returns: The mapped result.
    public func map<Other>(_ transform: (Value) -> Other) -> KernelProbeResult<Other> {
        switch self {
        case .value(let value): return .value(transform(value))
        case .unknown(let reason): return .unknown(reason: reason)
        }
    }
}

extension KernelProbeResult: Sendable where Value: Sendable {}
extension KernelProbeResult: Equatable where Value: Equatable {}
extension KernelProbeResult: Hashable where Value: Hashable {}
