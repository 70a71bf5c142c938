import Glibc
import Testing

@testable import CapabilityLive
@testable import CapabilityManifestFiles
@testable import CapabilityModel
@testable import CapabilitySupport

/// The libraries capcheck opens on first use instead of linking (libzip, libsystemd).
@Suite struct SharedLibraryTests {
    @Test func aMissingLibraryIsNamedWithWhatNeedsItAndTheLoadersReason() {
        #expect(throws: SharedLibrary.LoadFailure.self) {
            try SharedLibrary(["libcapcheck-absent.so.9", "libcapcheck-absent.so.8"], for: "tests")
        }
        do {
            _ = try SharedLibrary(["libcapcheck-absent.so.9"], for: "built apps")
        } catch {
            #expect(
                error.message.hasPrefix(
                    "built apps need libcapcheck-absent.so.9, which cannot be loaded: "))
            #expect(error.message.contains("No such file"))
        }
    }

    @Test func aFunctionTheLibraryLacksIsNamed() throws {
        let zip = try SharedLibrary(LibZip.sonames, for: "tests")
        #expect(
            throws: SharedLibrary.LoadFailure(
                message: "\(zip.soname) lacks capcheck_absent, which capcheck calls")
        ) {
            _ = try zip.function("capcheck_absent", as: (@convention(c) () -> Void).self)
        }
    }

    @Test func libzipAndLibsystemdOpenWithEveryFunctionCapcheckCalls() throws {
        if case .failure(let failure) = LibZip.shared { Issue.record("\(failure.message)") }
        if case .failure(let failure) = LibSystemd.shared { Issue.record("\(failure.message)") }
    }

    @Test func noSystemBusSocketIsReportedWithoutLoadingLibsystemd() {
        // The build VMs have no D-Bus; where one runs, the check must not claim it is missing.
        let missing = SystemBus.defaultSocketIsMissing
        var status = stat()
        let exists = lstat(SystemBus.defaultSocket, &status) == 0
        if getenv("DBUS_SYSTEM_BUS_ADDRESS") == nil {
            #expect(missing == !exists)
        } else {
            #expect(!missing)
        }
        if missing {
            #expect(
                ModemManagerClient.live()
                    == .unavailable(
                        reason: "the system D-Bus is unreachable (no such file or directory)"))
        }
    }
}
