import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The fleet target's folder: one per process, refilled from each input.
final class FleetFolder: @unchecked Sendable {
    static let shared = FleetFolder()

    /// The folder's path.
    let path: String
    private var written: [String] = []

    private init() {
        var template = Array("/tmp/capcheck-fuzz-fleet-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard made != nil else { Invariant.fail("cannot make the fleet folder") }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Replaces the folder's files with the input's parts (at most four).
    func write(_ bytes: [UInt8]) {
        for file in written { unlink(file) }
        written = []
        let separator = Array("\n--8<--\n".utf8)
        var parts: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index + separator.count <= bytes.count, parts.count < 3 {
            if bytes[index..<index + separator.count].elementsEqual(separator) {
                parts.append(bytes[start..<index])
                index += separator.count
                start = index
            } else {
                index += 1
            }
        }
        parts.append(bytes[start...])
        for (number, part) in parts.enumerated() {
            let file = "\(path)/m\(number).json"
            let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard descriptor >= 0 else { Invariant.fail("cannot write \(file)") }
            let bytes = Array(part)
            _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            written.append(file)
        }
    }
}
