import Foundation
import Testing

@testable import CapabilityModel
@testable import CapabilitySupport

/// ``Errno`` and ``Retrying``: the one place a failed C call becomes a value.
@Suite struct ErrnoTests {
    @Test func aCallInterruptedBySignalsIsMadeAgainUntilItSucceeds() throws {
        var calls = 0
        let value = try Retrying.call { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(value == 7)
        #expect(calls == 3)
    }

    @Test func aFailureOtherThanEINTRIsThrownAfterOneCall() {
        var calls = 0
        #expect(throws: Errno(EACCES)) {
            try Retrying.call { () -> Int in
                calls += 1
                errno = EACCES
                return -1
            }
        }
        #expect(calls == 1)
        let result = Retrying.result { () -> Int32 in
            errno = ENOENT
            return -1
        }
        #expect(result == .failure(.noSuchFile))
    }

    @Test func theTextIsStrerrorAndANegatedReturnCodeIsTheSameNumber() {
        #expect(Errno(negated: -ENOMEM) == .outOfMemory)
        #expect(Errno.outOfMemory.description == String(cString: strerror(ENOMEM)))
        #expect(Errno(ENOSPC).description == "No space left on device")
        #expect(Errno(ENODEV).lowercasedDescription == "no such device")
    }
}
