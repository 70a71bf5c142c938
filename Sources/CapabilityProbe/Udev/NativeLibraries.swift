import CPCI
import CUdev
import Foundation

/// Where the dynamic loader found the C libraries capcheck calls, for `--version`: the real
/// file names carry the library versions the machine runs (`libpci.so.3.9.0`), which may
/// differ from the ones capcheck was built against.
public enum NativeLibraries {
    /// The real path of the loaded libudev (`…/libudev.so.1.7.5`), if the loader tells.
    public static var libudev: String? {
        let function: @convention(c) () -> OpaquePointer? = udev_new
        return loadedFile(unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    /// The real path of the loaded libpci (`…/libpci.so.3.9.0`), if the loader tells.
    public static var libpci: String? {
        let function: @convention(c) () -> UnsafeMutablePointer<pci_access>? = pci_alloc
        return loadedFile(unsafeBitCast(function, to: UnsafeRawPointer.self))
    }

    /// The file that holds a loaded symbol (`dladdr(3)` in the C shim), with symbolic links
    /// resolved (`realpath(3)`; the buffer it returns is freed here).
    static func loadedFile(_ address: UnsafeRawPointer) -> String? {
        guard let name = capcheck_loaded_file(address) else { return nil }
        let path = String(cString: name)
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
