import CSystemd
import CapabilityModel
import CapabilitySupport
import Glibc

/// A failed D-Bus call: the sd-bus error name and message, or the negative errno of a
/// failure before any reply.
package struct BusError: Error, Sendable, Hashable {
    /// The D-Bus error name (`org.freedesktop.DBus.Error.AccessDenied`), when the bus or the
    /// service replied with one.
    package var name: String?
    /// The message, or the `strerror(3)` text of the errno.
    package var message: String

    /// Whether the name says access was denied (by the bus policy or polkit).
    package var isAccessDenied: Bool {
        name == "org.freedesktop.DBus.Error.AccessDenied"
            || name == "org.freedesktop.DBus.Error.AuthFailed"
            || name == "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired"
    }

    /// An error from a negative sd-bus return code.
    init(negated code: Int32) {
        name = nil
        message = Errno(negated: code).lowercasedDescription
    }

    /// libsystemd cannot be loaded: the loader's line.
    init(unavailable message: String) {
        name = nil
        self.message = message
    }

    /// An error from a filled `sd_bus_error`.
    init(_ error: sd_bus_error, code: Int32) {
        name = error.name.map { String(cString: $0) }
        message =
            error.message.map { String(cString: $0) } ?? Errno(negated: code).lowercasedDescription
    }
}

/// Owns an `sd_bus` connection to the system bus (bus.openSystem(3), which honours
/// `DBUS_SYSTEM_BUS_ADDRESS`); closed and freed in `deinit`. Use on one thread.
package final class SystemBus {
    private let library: LibSystemd
    private let pointer: OpaquePointer

    /// The system bus's socket when `DBUS_SYSTEM_BUS_ADDRESS` is not set (sd-bus's default).
    static let defaultSocket = "/run/dbus/system_bus_socket"

    /// Whether ``init(address:)`` with no address would fail with `ENOENT`: no
    /// `DBUS_SYSTEM_BUS_ADDRESS` and nothing at ``defaultSocket`` (a container or a build VM).
    static var defaultSocketIsMissing: Bool {
        guard getenv("DBUS_SYSTEM_BUS_ADDRESS") == nil else { return false }
        var status = stat()
        return lstat(defaultSocket, &status) != 0 && errno == ENOENT
    }

    /// How long one method call may take before it counts as failed.
    package static let callTimeoutMicroseconds: UInt64 = 2_000_000

    /// Connects to the system bus, or to the bus at an address (a private bus in tests).
    /// - Parameter address: A D-Bus address (`unix:path=/tmp/bus`); `nil` is the system bus
    ///   (`DBUS_SYSTEM_BUS_ADDRESS`, else `/run/dbus/system_bus_socket`).
    /// - Throws: ``BusError`` when the bus is unreachable.
    package init(address: String? = nil) throws(BusError) {
        let library: LibSystemd
        switch LibSystemd.shared {
        case .success(let loaded): library = loaded
        case .failure(let failure): throw BusError(unavailable: failure.message)
        }
        self.library = library
        var bus: OpaquePointer?
        guard let address else {
            let code = library.openSystem(&bus)
            guard code >= 0, let bus else { throw BusError(negated: code < 0 ? code : -ENOMEM) }
            pointer = bus
            return
        }
        let created = library.new(&bus)
        guard created >= 0, let bus else {
            throw BusError(negated: created < 0 ? created : -ENOMEM)
        }
        pointer = bus
        // From here `deinit` frees the connection on every path.
        let steps: [() -> Int32] = [
            { library.setAddress(bus, address) }, { library.setBusClient(bus, 1) },
            { library.start(bus) },
        ]
        for step in steps {
            let code = step()
            guard code >= 0 else { throw BusError(negated: code) }
        }
    }

    deinit { _ = library.flushCloseUnref(pointer) }

    /// Calls a method whose arguments are strings and returns the reply.
    /// - Parameters:
    ///   - destination: The bus name.
    ///   - path: The object path.
    ///   - interface: The interface.
    ///   - member: The method.
    ///   - arguments: String arguments (`s`), in order.
    /// - Returns: The reply, owned by a ``BusMessage``.
    /// - Throws: ``BusError`` when the call fails or the service replies with an error.
    package func call(
        destination: String, path: String, interface: String, member: String,
        arguments: [String] = []
    ) throws(BusError) -> BusMessage {
        var raw: OpaquePointer?
        let created = library.newMethodCall(
            pointer, &raw, destination, path, interface, member)
        guard created >= 0, let raw else {
            throw BusError(negated: created < 0 ? created : -ENOMEM)
        }
        let request = BusMessage(owning: raw, library: library)
        for argument in arguments {
            let appended = argument.withCString {
                library.appendBasic(request.pointer, BusMessage.type("s"), $0)
            }
            guard appended >= 0 else { throw BusError(negated: appended) }
        }
        var error = sd_bus_error(name: nil, message: nil, _need_free: 0)
        defer { library.errorFree(&error) }
        var reply: OpaquePointer?
        let called = library.call(
            pointer, request.pointer, Self.callTimeoutMicroseconds, &error, &reply)
        guard called >= 0, let reply else {
            throw BusError(error, code: called < 0 ? called : -EIO)
        }
        return BusMessage(owning: reply, library: library)
    }
}

/// Owns one `sd_bus_message` (a reference, unreferenced in `deinit`) and reads it in order.
package final class BusMessage {
    private let library: LibSystemd
    fileprivate let pointer: OpaquePointer

    fileprivate init(owning pointer: OpaquePointer, library: LibSystemd) {
        self.library = library
        self.pointer = pointer
    }

    deinit { _ = library.messageUnref(pointer) }

    /// A D-Bus type character as sd-bus takes it.
    fileprivate static func type(_ character: Unicode.Scalar) -> CChar {
        CChar(truncatingIfNeeded: UInt8(ascii: character))
    }

    /// Enters a container (`a`, `e`, `v`, `r`) with the given contents.
    /// - Returns: `false` at the end of the enclosing array (nothing entered).
    /// - Throws: ``BusError`` when the message holds something else.
    package func enter(_ kind: Unicode.Scalar, _ contents: String) throws(BusError) -> Bool {
        let code = library.enterContainer(pointer, Self.type(kind), contents)
        guard code >= 0 else { throw BusError(negated: code) }
        return code > 0
    }

    /// Leaves the container entered last.
    package func leaveContainer() throws(BusError) {
        let code = library.exitContainer(pointer)
        guard code >= 0 else { throw BusError(negated: code) }
    }

    /// Skips the next values of the given signature.
    package func skip(_ types: String) throws(BusError) {
        let code = library.skip(pointer, types)
        guard code >= 0 else { throw BusError(negated: code) }
    }

    /// The signature of the next value, or `nil` at the end of a container.
    package func peekContents() throws(BusError) -> (type: CChar, contents: String?)? {
        var type: CChar = 0
        var contents: UnsafePointer<CChar>?
        let code = library.peekType(pointer, &type, &contents)
        guard code >= 0 else { throw BusError(negated: code) }
        guard code > 0 else { return nil }
        return (type, contents.map { String(cString: $0) })
    }

    /// Reads a string, object path or signature (`s`, `o`, `g`).
    package func readString(_ kind: Unicode.Scalar = "s") throws(BusError) -> String {
        var value: UnsafePointer<CChar>?
        let code = library.readBasic(pointer, Self.type(kind), &value)
        guard code > 0, let value else { throw BusError(negated: code < 0 ? code : -EBADMSG) }
        return String(cString: value)
    }

    /// Reads a `u`.
    package func readUInt32() throws(BusError) -> UInt32 {
        var value: UInt32 = 0
        let code = library.readBasic(pointer, Self.type("u"), &value)
        guard code > 0 else { throw BusError(negated: code < 0 ? code : -EBADMSG) }
        return value
    }

    /// Reads a `b`.
    package func readBool() throws(BusError) -> Bool {
        var value: Int32 = 0
        let code = library.readBasic(pointer, Self.type("b"), &value)
        guard code > 0 else { throw BusError(negated: code < 0 ? code : -EBADMSG) }
        return value != 0
    }
}
