import Foundation

/// Installed RAM of the running machine (decisions.md "memory.total").
enum LiveMemory {
    /// The installed RAM: the sum of SMBIOS type 17 memory-device sizes when readable (root
    /// only on most systems), otherwise `MemTotal` rounded up to the next GiB (the kernel
    /// reserves some memory, so MemTotal is always below the installed size).
    /// - Parameter sysfsRoot: The sysfs mount point.
    /// - Returns: Bytes and a pseudo path naming the source, or `nil` when neither is readable.
    static func installed(sysfsRoot: String) -> (bytes: Int, source: String)? {
        let entries = sysfsRoot + "/firmware/dmi/entries"
        if let names = try? FileManager.default.contentsOfDirectory(atPath: entries) {
            var total = 0
            for name in names.sorted() where name.hasPrefix("17-") {
                guard let raw = FileManager.default.contents(atPath: entries + "/" + name + "/raw")
                else { continue }
                total += memoryDeviceBytes([UInt8](raw)) ?? 0
            }
            if total > 0 { return (total, "/sys/firmware/dmi/entries") }
        }
        guard let data = FileManager.default.contents(atPath: "/proc/meminfo"),
            let kibibytes = memTotalKiB(String(decoding: data, as: UTF8.self))
        else { return nil }
        return (roundUpToGiB(kibibytes * 1024), "/proc/meminfo")
    }

    /// The size of one SMBIOS type 17 structure, in bytes (`nil` when empty or unknown).
    /// - Parameter raw: The structure (formatted area first).
    /// - Returns: The module size.
    static func memoryDeviceBytes(_ raw: [UInt8]) -> Int? {
        guard raw.count >= 0x0E, raw[0] == 17, Int(raw[1]) >= 0x0E else { return nil }
        let size = Int(raw[0x0C]) | Int(raw[0x0D]) << 8
        if size == 0 || size == 0xFFFF { return nil }
        if size == 0x7FFF {
            guard Int(raw[1]) >= 0x20, raw.count >= 0x20 else { return nil }
            let extended =
                (Int(raw[0x1C]) | Int(raw[0x1D]) << 8 | Int(raw[0x1E]) << 16 | Int(raw[0x1F]) << 24)
                & 0x7FFF_FFFF
            return extended * 1024 * 1024
        }
        return size & 0x8000 != 0 ? (size & 0x7FFF) * 1024 : size * 1024 * 1024
    }

    /// `MemTotal` in KiB from `/proc/meminfo` text.
    static func memTotalKiB(_ text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let value = Int(fields[1]) { return value }
        }
        return nil
    }

    /// Rounds up to a whole GiB.
    static func roundUpToGiB(_ bytes: Int) -> Int {
        let gib = 1 << 30
        return (bytes + gib - 1) / gib * gib
    }
}
