import CapabilityModel
import Glibc

/// Whether a plain-text `pci.ids` lists a vendor or a vendor's device, read line by line
/// through one small buffer and kept nowhere.
///
/// libpci reads the whole list into memory (about 2 MiB of heap for Debian's 1.3 MB file) for
/// its first look-up, whatever the id. ``PCINames`` asks this first, so libpci loads the list
/// only when it has the name: a machine whose unnamed functions pci.ids does not know either
/// (a virtual machine's host bridge, hardware newer than the list) never pays for it.
///
/// The format (pciutils' `pci.ids`): a vendor line is four hex digits, two spaces and the
/// name at the start of a line; its devices follow, each a tab, four hex digits and the name;
/// a subsystem line has two tabs; `#` starts a comment; the class list (`C xx  name`) ends the
/// vendors.
package struct PCIIDsListing {
    /// The list's path.
    package let path: String
    /// The bytes read at a time.
    private let chunk: Int
    /// The most bytes read before giving up (the list is about 1.3 MB; a larger file is not
    /// one): the answer is then unknown and libpci is asked as before.
    private let limit: Int

    /// A listing of the file at `path`; nil for a compressed list (`.gz`, which libpci
    /// inflates itself), which cannot be read line by line here.
    /// - Parameters:
    ///   - path: libpci's `id_file_name`.
    ///   - chunk: The bytes read at a time (tests make it small to split lines).
    ///   - limit: The most bytes read.
    package init?(path: String, chunk: Int = 1 << 16, limit: Int = 64 << 20) {
        guard !path.hasSuffix(".gz"), chunk > 0 else { return nil }
        self.path = path
        self.chunk = chunk
        self.limit = limit
    }

    /// The list libpci reads for its `id_file_name`: libpci opens a `.gz` name and, when that
    /// file is missing, the same name without `.gz` (Debian's libpci asks for
    /// `/usr/share/misc/pci.ids.gz` and reads `/usr/share/misc/pci.ids`).
    /// - Parameter libpciPath: libpci's `id_file_name`.
    /// - Returns: The listing, or nil when libpci would read a compressed file.
    package static func read(byLibpci libpciPath: String) -> PCIIDsListing? {
        guard libpciPath.hasSuffix(".gz") else { return PCIIDsListing(path: libpciPath) }
        guard access(libpciPath, F_OK) != 0 else { return nil }
        return PCIIDsListing(path: String(libpciPath.dropLast(3)))
    }

    /// Whether the list has the vendor, or the vendor's device.
    /// - Parameters:
    ///   - vendor: The vendor id.
    ///   - device: The device id, or nil to ask for the vendor alone.
    /// - Returns: Whether it is listed; nil when the file cannot be read as a regular file
    ///   within the limit or is gzip data under a plain name (libpci inflates it): the caller
    ///   then asks libpci, which says what it can.
    package func lists(vendor: UInt32, device: UInt32?) -> Bool? {
        guard
            let descriptor = try? Retrying.call({
                open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
            })
        else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        var scan = Scan(vendor: vendor, device: device)
        var buffer = [UInt8](repeating: 0, count: chunk)
        var total = 0
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in
                Retrying.result { Glibc.read(descriptor, raw.baseAddress, raw.count) }
            }
            guard case .success(let count) = got else { return nil }
            if count == 0 { return scan.finish() }
            if total == 0, count >= 2, buffer[0] == 0x1f, buffer[1] == 0x8b { return nil }
            total += count
            guard total <= limit else { return nil }
            let found = buffer.withUnsafeBufferPointer { bytes in
                scan.feed(UnsafeBufferPointer(rebasing: bytes[..<count]))
            }
            if let found { return found }
        }
    }

    /// The line-by-line state: the first bytes of the line being read and whether the
    /// vendor block being read is the one asked for.
    private struct Scan {
        let vendor: UInt32
        let device: UInt32?
        /// The current line's first ``headLength`` bytes.
        var head: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
        var column = 0
        var inVendor = false
        static let headLength = 6

        init(vendor: UInt32, device: UInt32?) {
            self.vendor = vendor
            self.device = device
        }

        /// Reads bytes; the answer once a line decides it.
        mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    if let found = endLine() { return found }
                    continue
                }
                if column < Self.headLength {
                    withUnsafeMutableBytes(of: &head) { $0[column] = byte }
                }
                column += 1
            }
            return nil
        }

        /// The answer at the end of the file.
        mutating func finish() -> Bool { endLine() ?? false }

        /// Decides on the line just read: true when it is the id asked for, false when the
        /// vendors have ended, nil to read on.
        private mutating func endLine() -> Bool? {
            let length = min(column, Self.headLength)
            column = 0
            let kind = withUnsafeBytes(of: head) {
                Self.kind(of: UnsafeRawBufferPointer(rebasing: $0[..<length]))
            }
            switch kind {
            case .vendor(let id):
                inVendor = id == vendor
                return inVendor && device == nil ? true : nil
            case .device(let id):
                return inVendor && id == device ? true : nil
            case .classes:
                return false
            case .other:
                return nil
            }
        }

        /// What a line is, from its first bytes.
        private enum LineKind {
            case vendor(UInt32), device(UInt32), classes, other
        }

        private static func kind(of line: UnsafeRawBufferPointer) -> LineKind {
            guard let first = line.first else { return .other }
            if first == UInt8(ascii: "\t") {
                // A device has one tab; a subsystem (two tabs) is not asked for.
                guard line.count >= 6, line[1] != UInt8(ascii: "\t"), line[5] == UInt8(ascii: " "),
                    let id = hex(line[1..<5])
                else { return .other }
                return .device(id)
            }
            if first == UInt8(ascii: "C"), line.count >= 2, line[1] == UInt8(ascii: " ") {
                return .classes
            }
            guard line.count >= 5, line[4] == UInt8(ascii: " "), let id = hex(line[0..<4]) else {
                return .other
            }
            return .vendor(id)
        }

        /// Four hex digits (either case) as a number.
        private static func hex(_ digits: Slice<UnsafeRawBufferPointer>) -> UInt32? {
            var value: UInt32 = 0
            for digit in digits {
                let nibble: UInt8
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
                default: return nil
                }
                value = value << 4 | UInt32(nibble)
            }
            return value
        }
    }
}
