import FoundationEssentials

/// Installed RAM, as `memory.total` compares it (decisions.md): the sum of the DMI
/// memory-device (SMBIOS type 17) sizes when readable, otherwise `MemTotal` from
/// `/proc/meminfo` rounded up to the next GiB (the kernel reserves some memory, so
/// MemTotal is always a little below the installed size).
package struct MemoryTotal: Sendable, Equatable {
    /// Where the figure comes from.
    package enum Source: String, Sendable, Equatable {
        /// SMBIOS type 17 memory devices.
        case dmi
        /// `/proc/meminfo` MemTotal rounded up to a GiB.
        case meminfo
    }

    /// One GiB.
    static let gibibyte = 1 << 30

    /// Installed bytes.
    package var bytes: Int
    /// The source.
    package var source: Source

    /// Creates a total.
    /// - Parameters:
    ///   - bytes: Installed bytes.
    ///   - source: The source.
    package init(bytes: Int, source: Source) {
        self.bytes = bytes
        self.source = source
    }

    /// `MemTotal` in bytes from `/proc/meminfo` text.
    /// - Parameter meminfo: The file's text.
    /// - Returns: Bytes, or `nil` when the line is missing.
    static func memTotal(meminfo: String) -> Int? {
        for line in meminfo.split(separator: "\n") where line.hasPrefix("MemTotal:") {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            let unit = fields.count >= 3 ? fields[2].lowercased() : "kb"
            return unit == "kb" ? CheckedNumber.product(kilobytes, 1024) : kilobytes
        }
        return nil
    }

    /// Rounds up to the next whole GiB (a whole GiB stays).
    /// - Parameter bytes: A byte count.
    /// - Returns: The rounded count.
    static func roundedUpToGiB(_ bytes: Int) -> Int {
        guard let padded = CheckedNumber.sum(bytes, gibibyte - 1) else { return bytes }
        return padded / gibibyte * gibibyte
    }

    /// The size of one SMBIOS type 17 (memory device) structure.
    ///
    /// Size word at 0x0C: 0 = empty slot, 0xFFFF = unknown, bit 15 set = KiB else MiB,
    /// 0x7FFF = see the extended size (u32 MiB at 0x1C, SMBIOS 2.7+).
    /// - Parameter raw: The structure (`/sys/firmware/dmi/entries/17-N/raw`).
    /// - Returns: Bytes (0 for an empty slot), or `nil` when unknown or not type 17.
    static func dmiDeviceSize(raw: [UInt8]) -> Int? {
        guard raw.count >= 0x0E, raw[0] == 17 else { return nil }
        let length = Int(raw[1])
        let size = Int(raw[0x0C]) | Int(raw[0x0D]) << 8
        switch size {
        case 0xFFFF: return nil
        case 0x7FFF:
            guard length >= 0x20, raw.count >= 0x20 else { return nil }
            let extended = Int(ByteLayout.uint32(raw, at: 0x1C) & 0x7FFF_FFFF)
            return extended << 20
        default:
            return size & 0x8000 != 0 ? (size & 0x7FFF) << 10 : size << 20
        }
    }

    /// Decides the installed size.
    /// - Parameters:
    ///   - dmiDevices: Raw type 17 structures that could be read (root only, usually).
    ///   - meminfo: `/proc/meminfo` text, if readable.
    /// - Returns: The total, or `nil` when neither source gives one.
    package static func installed(dmiDevices: [[UInt8]], meminfo: String?) -> MemoryTotal? {
        let sizes = dmiDevices.compactMap(dmiDeviceSize)
        if !sizes.isEmpty, sizes.count == dmiDevices.count, case let sum = sizes.reduce(0, +),
            sum > 0
        {
            return MemoryTotal(bytes: sum, source: .dmi)
        }
        guard let meminfo, let total = memTotal(meminfo: meminfo) else { return nil }
        return MemoryTotal(bytes: roundedUpToGiB(total), source: .meminfo)
    }

    /// Details for the `memory.total` finding: `bytes` and `source`.
    package var details: [String: JSONValue] {
        ["bytes": .int(bytes), "source": .string(source.rawValue)]
    }
}
