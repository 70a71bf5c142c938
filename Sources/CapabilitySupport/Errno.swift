import FoundationEssentials
import Glibc

/// An error number a C call left in `errno` (or returned negated, as libudev does), with its
/// `strerror(3)` text: the one value every wrapper of a failed system call carries.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number (`ENOENT` is 2).
    package var code: Int32

    /// Wraps a number.
    /// - Parameter code: The `errno` value.
    package init(_ code: Int32) { self.code = code }

    /// Wraps a negative return code (`-ENOMEM`), the libudev convention.
    /// - Parameter returnCode: The negative code a call returned.
    package init(negated returnCode: Int32) { self.code = -returnCode }

    /// The value of `errno` now, right after the failed call.
    package static var current: Errno { Errno(errno) }

    /// `ENOMEM`: what a `*_new` call that returns NULL without setting `errno` ran out of.
    package static let outOfMemory = Errno(ENOMEM)

    /// `ENOENT`: the file or database the call needs is not there.
    package static let noSuchFile = Errno(ENOENT)

    /// `EINTR`: a signal arrived before the call finished; ``Retrying`` calls it again.
    package static let interrupted = Errno(EINTR)

    /// `EINVAL`: an invalid argument (also what a call without a buffer fails with).
    package static let invalidArgument = Errno(EINVAL)

    /// The `strerror(3)` text as the C library spells it (`No space left on device`), or
    /// `errno N` when it has none.
    package var description: String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }

    /// ``description`` in lower case, for messages that continue a sentence
    /// (`opening /dev/video0 failed: no such device`).
    package var lowercasedDescription: String { description.lowercased() }
}

/// The one loop around C calls that fail with `-1` and `errno`: a call interrupted by a
/// signal (`EINTR`) is made again, any other failure becomes an ``Errno``.
package enum Retrying {
    /// Calls `body` until it succeeds or fails with something other than `EINTR`.
    /// - Parameter body: The C call (`open`, `read`, `write`, `ioctl`, `poll`); a negative
    ///   result means it failed and set `errno`.
    /// - Returns: The call's non-negative result.
    /// - Throws: The ``Errno`` of a failure that was not an interruption.
    package static func call<Value: BinaryInteger>(_ body: () -> Value) throws(Errno) -> Value {
        while true {
            let value = body()
            if value >= 0 { return value }
            let error = Errno.current
            if error != .interrupted { throw error }
        }
    }

    /// ``call(_:)`` returning a `Result`, for callers inside closures that cannot throw.
    /// - Parameter body: The C call; a negative result means it failed and set `errno`.
    /// - Returns: The non-negative result, or the ``Errno`` of the failure.
    package static func result<Value: BinaryInteger>(_ body: () -> Value) -> Result<Value, Errno> {
        Result { () throws(Errno) -> Value in try call(body) }
    }
}
