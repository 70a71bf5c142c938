import FoundationEssentials

/// Where the dynamic loader found the C libraries capcheck calls, for the version report: the real
/// file names carry the library versions the machine runs (`libpci.so.3.9.0`), which may
/// differ from the ones capcheck was built against.
///
/// Read from `/proc/self/maps`, which lists every file mapped into this process with symbolic
/// links resolved (`dladdr(3)` would need `_GNU_SOURCE` in a C module, which changes `fd_set`
/// for every other module that includes `<sys/select.h>`).
public enum NativeLibraries {
    /// The real path of the loaded libudev (`…/libudev.so.1.7.5`), if the process maps it
    /// (capcheck links it, so the loader maps it at start).
    public static var libudev: String? {
        return mappedFile(named: "libudev.so")
    }

    /// The real path of the loaded libpci (`…/libpci.so.3.9.0`), if the process maps it.
    public static var libpci: String? {
        return mappedFile(named: "libpci.so")
    }

    /// The first mapped file whose name starts with `prefix` (`libudev.so`).
    static func mappedFile(named prefix: String) -> String? {
        // procfs reports a size of 0, so read to the end rather than by size.
        var buffer: [UInt8] = []
        guard case .success(let directory) = DirectoryDescriptor.open("/proc/self"),
            let data = directory.read("maps", whole: true, buffer: &buffer)
        else { return nil }
        let maps = String(decoding: data, as: UTF8.self)
        for line in maps.split(separator: "\n") {
            // address perms offset dev inode path: the path is the rest from its first "/".
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.split(separator: "/").last?.hasPrefix(prefix) == true { return path }
        }
        return nil
    }
}
