import CapabilityModel

/// A failed libudev call.
package enum UdevError: Error, Equatable, CustomStringConvertible {
    /// A call returned NULL or a negative code.
    case call(String, errno: Int32)

    package var description: String {
        switch self {
        case .call(let function, let errno): return "\(function) failed (errno \(errno))"
        }
    }

    /// The same failure as a ``SourceError``.
    package var sourceError: SourceError {
        switch self {
        case .call(let function, let errno): return .udev(function: function, errno: errno)
        }
    }
}
