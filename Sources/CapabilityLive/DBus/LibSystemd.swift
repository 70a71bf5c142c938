import CSystemd
import CapabilityModel
import CapabilitySupport

/// libsystemd's sd-bus, opened with `dlopen(3)` the first time a command asks ModemManager,
/// and the functions ``SystemBus`` and ``BusMessage`` call. capcheck does not link it, so
/// `--version` and every probe that does not reach D-Bus never map it, nor the libgcrypt,
/// libzstd, liblz4 and libcap it links.
struct LibSystemd: @unchecked Sendable {
    /// The soname (libsystemd's ABI has been `.so.0` since it was created).
    static let sonames = ["libsystemd.so.0"]

    let openSystem: capcheck_sd_bus_open_system
    let new: capcheck_sd_bus_new
    let setAddress: capcheck_sd_bus_set_address
    let setBusClient: capcheck_sd_bus_set_bus_client
    let start: capcheck_sd_bus_start
    let flushCloseUnref: capcheck_sd_bus_flush_close_unref
    let newMethodCall: capcheck_sd_bus_message_new_method_call
    let appendBasic: capcheck_sd_bus_message_append_basic
    let call: capcheck_sd_bus_call
    let errorFree: capcheck_sd_bus_error_free
    let messageUnref: capcheck_sd_bus_message_unref
    let enterContainer: capcheck_sd_bus_message_enter_container
    let exitContainer: capcheck_sd_bus_message_exit_container
    let skip: capcheck_sd_bus_message_skip
    let peekType: capcheck_sd_bus_message_peek_type
    let readBasic: capcheck_sd_bus_message_read_basic

    /// The library, opened once per process, or why it could not be.
    static let shared: Result<LibSystemd, SharedLibrary.LoadFailure> = Result {
        () throws(SharedLibrary.LoadFailure) in
        try LibSystemd(SharedLibrary(sonames, for: "D-Bus calls (ModemManager)"))
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.LoadFailure) {
        openSystem = try library.function(
            "sd_bus_open_system", as: capcheck_sd_bus_open_system.self)
        new = try library.function("sd_bus_new", as: capcheck_sd_bus_new.self)
        setAddress = try library.function(
            "sd_bus_set_address", as: capcheck_sd_bus_set_address.self)
        setBusClient = try library.function(
            "sd_bus_set_bus_client", as: capcheck_sd_bus_set_bus_client.self)
        start = try library.function("sd_bus_start", as: capcheck_sd_bus_start.self)
        flushCloseUnref = try library.function(
            "sd_bus_flush_close_unref", as: capcheck_sd_bus_flush_close_unref.self)
        newMethodCall = try library.function(
            "sd_bus_message_new_method_call", as: capcheck_sd_bus_message_new_method_call.self)
        appendBasic = try library.function(
            "sd_bus_message_append_basic", as: capcheck_sd_bus_message_append_basic.self)
        call = try library.function("sd_bus_call", as: capcheck_sd_bus_call.self)
        errorFree = try library.function("sd_bus_error_free", as: capcheck_sd_bus_error_free.self)
        messageUnref = try library.function(
            "sd_bus_message_unref", as: capcheck_sd_bus_message_unref.self)
        enterContainer = try library.function(
            "sd_bus_message_enter_container", as: capcheck_sd_bus_message_enter_container.self)
        exitContainer = try library.function(
            "sd_bus_message_exit_container", as: capcheck_sd_bus_message_exit_container.self)
        skip = try library.function("sd_bus_message_skip", as: capcheck_sd_bus_message_skip.self)
        peekType = try library.function(
            "sd_bus_message_peek_type", as: capcheck_sd_bus_message_peek_type.self)
        readBasic = try library.function(
            "sd_bus_message_read_basic", as: capcheck_sd_bus_message_read_basic.self)
    }
}
