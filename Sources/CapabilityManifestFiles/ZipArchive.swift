import CapabilitySupport
import CZip
import FoundationEssentials

/// A zip archive opened read-only with libzip; owns the `zip_t` (and, for in-memory
/// archives, the bytes libzip reads) and frees them in `deinit`. Entries are only ever read
/// into memory, with a size bound; nothing is extracted to disk.
package final class ZipArchive {
    /// libzip refused the archive (truncated, not a zip, inconsistent).
    static func unopenable(_ reason: String) -> InputProblem {
        InputProblem(reason: "not a readable zip archive: \(reason)")
    }

    /// An entry could not be read (damaged data, CRC mismatch).
    static func unreadable(entry: String, reason: String) -> InputProblem {
        InputProblem(
            place: .key(entry), reason: "cannot be read from the archive: \(reason.lowercased())")
    }

    /// An entry would unpack to more than the bound, or with a ratio only a zip bomb has.
    static func tooLarge(entry: String, reason: String) -> InputProblem {
        InputProblem(place: .key(entry), reason: "\(reason); refusing a possible zip bomb")
    }

    /// One entry's name and sizes as the central directory states them.
    package struct Entry: Equatable {
        /// The index in the central directory.
        package var index: UInt64
        /// The name as stored.
        package var name: String
        /// The uncompressed size the archive claims.
        package var size: UInt64
        /// The compressed size.
        var compressedSize: UInt64
    }

    /// The most entries read from a central directory (real APKs hold a few thousand).
    static let maxEntries = 200_000
    /// The highest compression ratio accepted for an entry larger than ``ratioFloor``.
    static let maxRatio: UInt64 = 100
    /// Entries up to this size may have any ratio (small XML compresses well).
    static let ratioFloor: UInt64 = 64 * 1024

    private let zip: LibZip
    private let archive: OpaquePointer
    private let buffer: UnsafeMutableRawPointer?

    /// libzip, or an unreadable ``InputProblem`` naming it and the loader's reason.
    private static func library() throws(InputProblem) -> LibZip {
        switch LibZip.shared {
        case .success(let zip): return zip
        case .failure(let failure): throw InputProblem(reason: failure.message, isUnreadable: true)
        }
    }

    /// Opens a zip file by path (`zip_open` with `ZIP_RDONLY | ZIP_CHECKCONS`).
    /// - Parameter path: The file.
    /// - Throws: an ``InputProblem`` with libzip's reason, an unreadable one
    ///   when libzip cannot be loaded.
    package init(path: String) throws(InputProblem) {
        let zip = try Self.library()
        var code: Int32 = 0
        guard let archive = zip.open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) else {
            if code == ZIP_ER_EXISTS,
                let name = Self.repeatedName(zip, { zip.open(path, ZIP_RDONLY, nil) })
            {
                throw Self.unopenable(Self.duplicateReason(name))
            }
            var error = zip_error_t()
            zip.errorInitWithCode(&error, code)
            defer { zip.errorFini(&error) }
            throw Self.unopenable(Self.text(zip.errorText(&error)).lowercased())
        }
        self.zip = zip
        self.archive = archive
        self.buffer = nil
    }

    /// Opens a zip held in memory (`zip_source_buffer_create` + `zip_open_from_source`).
    /// - Parameter data: The archive's bytes (copied; the copy lives as long as the archive).
    /// - Throws: an ``InputProblem`` with libzip's reason, an unreadable one
    ///   when libzip cannot be loaded.
    package init(data: Data) throws(InputProblem) {
        let zip = try Self.library()
        let count = max(data.count, 1)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
        data.copyBytes(to: buffer.assumingMemoryBound(to: UInt8.self), count: data.count)
        var error = zip_error_t()
        zip.errorInit(&error)
        defer { zip.errorFini(&error) }
        guard let source = zip.sourceBufferCreate(buffer, UInt64(data.count), 0, &error) else {
            buffer.deallocate()
            throw Self.unopenable(Self.text(zip.errorText(&error)).lowercased())
        }
        guard let archive = zip.openFromSource(source, ZIP_RDONLY | ZIP_CHECKCONS, &error)
        else {
            if error.zip_err == ZIP_ER_EXISTS {
                // A second source over the same bytes: zip_open_from_source took none of the first.
                let name = Self.repeatedName(
                    zip,
                    {
                        guard let again = zip.sourceBufferCreate(buffer, UInt64(data.count), 0, nil)
                        else { return nil }
                        guard let opened = zip.openFromSource(again, ZIP_RDONLY, nil) else {
                            zip.sourceFree(again)
                            return nil
                        }
                        return opened
                    })
                if let name {
                    zip.sourceFree(source)
                    buffer.deallocate()
                    throw Self.unopenable(Self.duplicateReason(name))
                }
            }
            zip.sourceFree(source)
            buffer.deallocate()
            throw Self.unopenable(Self.text(zip.errorText(&error)).lowercased())
        }
        self.zip = zip
        self.archive = archive
        self.buffer = buffer
    }

    /// The first name two entries share, found by opening the archive again without the
    /// consistency check (libzip then keeps going past the repeat) and closing it at once.
    private static func repeatedName(_ zip: LibZip, _ open: () -> OpaquePointer?) -> String? {
        guard let lenient = open() else { return nil }
        defer { zip.discard(lenient) }
        let count = zip.numberOfEntries(lenient, 0)
        guard count > 0, count <= maxEntries else { return nil }
        var seen = Set<String>()
        for index in 0..<UInt64(count) {
            guard let raw = zip.name(lenient, index, ZIP_FL_ENC_RAW) else { continue }
            let name = String(cString: raw)
            if !seen.insert(name).inserted { return name }
        }
        return nil
    }

    /// libzip's message (a C string it owns), or words for none.
    private static func text(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) } ?? "unknown libzip error"
    }

    /// Words for an archive with two entries of one name.
    private static func duplicateReason(_ name: String) -> String {
        "duplicate entry \(name) (two entries of that name; a zip tool would pick one)"
    }

    deinit {
        zip.discard(archive)
        buffer?.deallocate()
    }

    /// Every entry in central-directory order (`zip_get_num_entries`, `zip_stat_index`).
    /// - Throws: an ``InputProblem`` when the directory holds more than ``maxEntries``
    ///   entries or an entry cannot be described.
    package func entries() throws(InputProblem) -> [Entry] {
        let count = zip.numberOfEntries(archive, 0)
        guard count >= 0 else { throw Self.unopenable("cannot count the entries") }
        guard count <= Self.maxEntries else {
            throw Self.unopenable(
                "\(count) entries, more than the \(Self.maxEntries) capcheck reads")
        }
        var result: [Entry] = []
        result.reserveCapacity(Int(count))
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            zip.statInit(&stat)
            guard zip.statIndex(archive, index, 0, &stat) == 0, let name = stat.name else {
                throw Self.unopenable("entry \(index) cannot be described")
            }
            result.append(
                Entry(
                    index: index, name: String(cString: name), size: stat.size,
                    compressedSize: stat.comp_size))
        }
        return result
    }

    /// Reads one entry into memory, refusing entries over `limit` bytes or with a ratio
    /// above ``maxRatio`` (a zip bomb); stops reading at `limit` whatever the header says.
    /// - Parameters:
    ///   - entry: The entry.
    ///   - limit: The largest size accepted.
    /// - Returns: The bytes.
    /// - Throws: ``InputProblem`` at the entry: too large, or unreadable.
    package func read(_ entry: Entry, limit: Int) throws(InputProblem) -> Data {
        if entry.size > UInt64(limit) {
            throw Self.tooLarge(
                entry: entry.name,
                reason: "would unpack to \(entry.size) bytes, more than the \(limit) accepted")
        }
        if entry.size > Self.ratioFloor, entry.size / max(entry.compressedSize, 1) > Self.maxRatio {
            throw Self.tooLarge(
                entry: entry.name,
                reason:
                    "compressed \(entry.compressedSize) → \(entry.size) bytes, a ratio only a zip bomb has"
            )
        }
        guard let file = zip.openIndex(archive, entry.index, 0) else {
            throw Self.unreadable(entry: entry.name, reason: lastError())
        }
        defer { _ = zip.close(file) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { raw -> Int64 in
                guard let base = raw.baseAddress else { return -1 }
                return zip.read(file, base, UInt64(raw.count))
            }
            if got < 0 {
                throw Self.unreadable(entry: entry.name, reason: Self.text(zip.fileErrorText(file)))
            }
            if got == 0 { break }
            data.append(contentsOf: chunk[0..<Int(got)])
            if data.count > limit {
                throw Self.tooLarge(
                    entry: entry.name, reason: "unpacks to more than the \(limit) bytes accepted")
            }
        }
        return data
    }

    private func lastError() -> String {
        guard let error = zip.archiveError(archive) else { return "unreadable" }
        return Self.text(zip.errorText(error)).lowercased()
    }
}
