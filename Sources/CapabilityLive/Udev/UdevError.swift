import CapabilityModel
import CapabilitySupport

/// A failed libudev call.
package enum UdevError: Error, Equatable, CustomStringConvertible {
    /// A call returned NULL or a negative code; the ``Errno`` is what it left in `errno`,
    /// the negated code, or what a NULL from a `*_new` call means.
    case call(String, Errno)

    package var description: String {
        switch self {
        case .call(let function, let error): return "\(function) failed (errno \(error.code))"
        }
    }

    /// The function that failed.
    package var function: String {
        switch self {
        case .call(let function, _): return function
        }
    }

    /// The error number of the failure.
    package var errno: Errno {
        switch self {
        case .call(_, let error): return error
        }
    }

    /// The same failure as a ``SourceError``.
    package var sourceError: SourceError { .udev(function: function, errno: errno.code) }
}
