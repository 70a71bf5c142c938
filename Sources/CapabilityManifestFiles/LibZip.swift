import CZip
import CapabilityModel
import CapabilitySupport

/// libzip, opened with `dlopen(3)` the first time a command reads a built app, and the
/// functions ``ZipArchive`` calls. capcheck does not link it, so `--version`, `list` and every
/// command without an `.apk`, `.aab` or `.ipa` never map it, nor the libcrypto and libbz2 it
/// links.
struct LibZip: @unchecked Sendable {
    /// The sonames tried: libzip 1.10 and later (`libzip5`), then 1.7–1.9 (`libzip4`); the
    /// functions and structures capcheck uses are the same in both.
    static let sonames = ["libzip.so.5", "libzip.so.4"]

    let open: capcheck_zip_open
    let openFromSource: capcheck_zip_open_from_source
    let sourceBufferCreate: capcheck_zip_source_buffer_create
    let sourceFree: capcheck_zip_source_free
    let discard: capcheck_zip_discard
    let numberOfEntries: capcheck_zip_get_num_entries
    let name: capcheck_zip_get_name
    let archiveError: capcheck_zip_get_error
    let errorInit: capcheck_zip_error_init
    let errorInitWithCode: capcheck_zip_error_init_with_code
    let errorFini: capcheck_zip_error_fini
    let errorText: capcheck_zip_error_strerror
    let statInit: capcheck_zip_stat_init
    let statIndex: capcheck_zip_stat_index
    let openIndex: capcheck_zip_fopen_index
    let read: capcheck_zip_fread
    let close: capcheck_zip_fclose
    let fileErrorText: capcheck_zip_file_strerror

    /// The library, opened once per process, or why it could not be.
    static let shared: Result<LibZip, SharedLibrary.LoadFailure> = Result {
        () throws(SharedLibrary.LoadFailure) in
        try LibZip(SharedLibrary(sonames, for: "built apps (.apk, .aab, .ipa)"))
    }

    private init(_ library: SharedLibrary) throws(SharedLibrary.LoadFailure) {
        open = try library.function("zip_open", as: capcheck_zip_open.self)
        openFromSource = try library.function(
            "zip_open_from_source", as: capcheck_zip_open_from_source.self)
        sourceBufferCreate = try library.function(
            "zip_source_buffer_create", as: capcheck_zip_source_buffer_create.self)
        sourceFree = try library.function("zip_source_free", as: capcheck_zip_source_free.self)
        discard = try library.function("zip_discard", as: capcheck_zip_discard.self)
        numberOfEntries = try library.function(
            "zip_get_num_entries", as: capcheck_zip_get_num_entries.self)
        name = try library.function("zip_get_name", as: capcheck_zip_get_name.self)
        archiveError = try library.function("zip_get_error", as: capcheck_zip_get_error.self)
        errorInit = try library.function("zip_error_init", as: capcheck_zip_error_init.self)
        errorInitWithCode = try library.function(
            "zip_error_init_with_code", as: capcheck_zip_error_init_with_code.self)
        errorFini = try library.function("zip_error_fini", as: capcheck_zip_error_fini.self)
        errorText = try library.function(
            "zip_error_strerror", as: capcheck_zip_error_strerror.self)
        statInit = try library.function("zip_stat_init", as: capcheck_zip_stat_init.self)
        statIndex = try library.function("zip_stat_index", as: capcheck_zip_stat_index.self)
        openIndex = try library.function("zip_fopen_index", as: capcheck_zip_fopen_index.self)
        read = try library.function("zip_fread", as: capcheck_zip_fread.self)
        close = try library.function("zip_fclose", as: capcheck_zip_fclose.self)
        fileErrorText = try library.function(
            "zip_file_strerror", as: capcheck_zip_file_strerror.self)
    }
}
