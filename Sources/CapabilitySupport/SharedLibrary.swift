import Glibc

/// A C library opened with `dlopen(3)` when a command first needs it, rather than linked:
/// commands that never use it (`--version`, `list`) never map it, nor what it links. The
/// handle is kept for the life of the process, so nothing is ever closed.
package struct SharedLibrary: @unchecked Sendable {
    /// The soname that was opened.
    package let soname: String
    private let handle: UnsafeMutableRawPointer

    /// Why a library or one of its functions could not be loaded: one line naming both.
    package struct LoadFailure: Error, Sendable, Equatable {
        /// The line.
        package let message: String

        /// A failure.
        /// - Parameter message: The line: the library and the loader's reason.
        package init(message: String) {
            self.message = message
        }
    }

    /// Opens the first of `sonames` the loader finds.
    /// - Parameters:
    ///   - sonames: The names to try, newest ABI first (`libzip.so.5`, `libzip.so.4`).
    ///   - purpose: What needs it, for the message (`"built apps"`).
    /// - Throws: ``LoadFailure`` with the loader's reason for the last name tried.
    package init(_ sonames: [String], for purpose: String) throws(LoadFailure) {
        var reason = "not found"
        for soname in sonames {
            if let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) {
                self.soname = soname
                self.handle = handle
                return
            }
            reason = dlerror().map { String(cString: $0) } ?? "not found"
        }
        let names = sonames.joined(separator: " or ")
        throw LoadFailure(message: "\(purpose) need \(names), which cannot be loaded: \(reason)")
    }

    /// A function of the library as a C function pointer type.
    /// - Parameters:
    ///   - name: The symbol.
    ///   - type: The `@convention(c)` function type (a typedef from the C module).
    /// - Returns: The function.
    /// - Throws: ``LoadFailure`` when the library lacks it (another ABI).
    package func function<Function>(_ name: String, as type: Function.Type) throws(LoadFailure)
        -> Function
    {
        guard let address = dlsym(handle, name) else {
            throw LoadFailure(message: "\(soname) lacks \(name), which capcheck calls")
        }
        return unsafeBitCast(address, to: type)
    }
}
