import CapabilityModel
import CapabilitySupport
import FoundationEssentials
import Glibc

/// Reads a user-named input file and says in words why it could not be read.
package enum InputFile {
    /// The most bytes ``read(_:limit:)`` takes from one file unless told: twice the largest
    /// real AppStream catalog inflated (Flathub's, about 60 MiB), so that no manifest a
    /// reader holds in memory is larger.
    package static let maximumBytes = 256 * 1024 * 1024

    /// The file's bytes.
    /// - Parameter path: The path as the user gave it.
    /// - Returns: The contents.
    /// - Throws: an unreadable ``InputProblem`` with a one-word-or-so reason.
    package static func read(_ path: String) throws(InputProblem) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw failure(path)
        }
    }

    /// The bytes of a file, a FIFO or a pipe (`<(cat m.json)`), at most `limit` of them: the
    /// file is opened once and read to its end, so a pipe is read as it is written.
    /// - Parameters:
    ///   - path: The path as the user gave it.
    ///   - limit: The most bytes taken (``maximumBytes`` unless told).
    ///   - regularFileOnly: Refuse anything but a regular file, as ``Reader/init(_:regularFileOnly:)``.
    /// - Returns: The contents.
    /// - Throws: ``InputProblem`` with the reason ``read(_:)`` gives, or one that is not
    ///   ``InputProblem/isUnreadable`` (bad input, not missing input) for more than `limit`
    ///   bytes.
    package static func read(_ path: String, limit: Int, regularFileOnly: Bool = false)
        throws(InputProblem) -> Data
    {
        let reader = try Reader(path, regularFileOnly: regularFileOnly)
        let tooLarge = InputProblem(
            file: path, reason: "larger than \(limit / 1_048_576) MiB (the most capcheck reads)")
        guard reader.size <= limit else { throw tooLarge }
        guard let data = try reader.readToEnd(after: [], limit: limit) else { throw tooLarge }
        return data
    }

    /// The file's bytes as an array, read into it directly (no `Data` to copy from): a
    /// regular file in one buffer of its size, anything else until its end.
    /// - Parameter path: The path as the user gave it.
    /// - Returns: The contents.
    /// - Throws: an unreadable ``InputProblem`` with the reason ``read(_:)`` gives.
    package static func bytes(_ path: String) throws(InputProblem) -> [UInt8] {
        try Reader(path).readAll()
    }

    /// A file opened to be read in pieces (a recording is parsed as it is read, so its bytes
    /// are never all in memory at once). Owns its descriptor and its read buffer.
    package final class Reader {
        private let descriptor: FileDescriptor
        /// What read(2) fills before the bytes are appended; freed in `deinit`.
        private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        /// The size of a regular file when it was opened (0 for a pipe or device).
        package let size: Int

        /// Opens a file for reading.
        /// - Parameters:
        ///   - path: The path as the user gave it.
        ///   - regularFileOnly: Refuse anything but a regular file (a symbolic link, a FIFO,
        ///     a terminal, a device): opened with `O_NOFOLLOW` and `O_NONBLOCK`, so that a
        ///     FIFO nobody writes to never waits, then decided by `fstat` on the descriptor
        ///     (files found in a directory rather than named by the user).
        /// - Throws: an unreadable ``InputProblem`` with the reason ``InputFile/read(_:)`` gives, or
        ///   `not a regular file`.
        package init(_ path: String, regularFileOnly: Bool = false) throws(InputProblem) {
            let guarded = regularFileOnly ? O_NOFOLLOW | O_NONBLOCK | O_NOCTTY : 0
            let descriptor: FileDescriptor
            do {
                descriptor = try FileDescriptor.open(path, O_RDONLY | guarded)
            } catch {
                throw InputFile.failure(path)
            }
            guard let status = try? descriptor.status(), !status.isDirectory else {
                try? descriptor.close()
                throw InputProblem(reason: "permission denied or not a file", isUnreadable: true)
            }
            guard !regularFileOnly || status.isRegularFile else {
                try? descriptor.close()
                throw InputProblem(reason: "not a regular file", isUnreadable: true)
            }
            self.descriptor = descriptor
            size = status.isRegularFile ? status.size : 0
        }

        deinit {
            try? descriptor.close()
            scratch.deallocate()
        }

        /// Appends up to `count` more bytes of the file to `buffer`.
        /// - Returns: How many bytes were appended; 0 at the end of the file.
        /// - Throws: an unreadable ``InputProblem`` when the file cannot be read.
        package func read(into buffer: inout [UInt8], upTo count: Int) throws(InputProblem) -> Int {
            // Never zeroed: only the bytes read(2) wrote are copied out.
            if scratch.count < count {
                scratch.deallocate()
                scratch = .allocate(byteCount: count, alignment: 16)
            }
            let got: Int
            do {
                got = try descriptor.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: scratch[..<count]))
            } catch {
                throw InputProblem(reason: "permission denied or not a file", isUnreadable: true)
            }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<got]))
            return got
        }

        /// Everything in the file: a regular file's size read straight into the array's
        /// storage (a large file as two halves read at once, on two threads), then whatever
        /// more there is (a file that grew, a pipe or device, whose size is 0) in pieces.
        /// Called on a file just opened.
        /// - Throws: an unreadable ``InputProblem`` when the file cannot be read.
        package func readAll() throws(InputProblem) -> [UInt8] {
            let descriptor = descriptor
            var failed = false
            var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                initialized = 0
                guard let base = buffer.baseAddress else { return }
                HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
                let count = buffer.count
                let halves = count >= HugePages.minimum ? 2 : 1
                let part = (count + halves - 1) / halves
                // The halves are disjoint; each thread is given its start as an address.
                let address = UInt(bitPattern: base)
                let reads = ParallelMap.results(count: halves) { half -> Int? in
                    let start = half * part
                    guard let pointer = UnsafeMutableRawPointer(bitPattern: address + UInt(start))
                    else { return 0 }
                    return Self.read(descriptor, into: pointer, min(part, count - start), at: start)
                }
                // The bytes up to the first short half (a file that shrank meanwhile).
                for (half, read) in reads.enumerated() {
                    guard let read else {
                        failed = true
                        return
                    }
                    initialized += read
                    if read < min(part, count - half * part) { return }
                }
            }
            guard !failed, (try? descriptor.seek(to: bytes.count)) != nil else {
                throw InputProblem(reason: "permission denied or not a file", isUnreadable: true)
            }
            while try read(into: &bytes, upTo: 1 << 16) > 0 {}
            return bytes
        }

        /// Reads `count` bytes at `offset` into `pointer` (`pread`, so two threads can read
        /// one descriptor), fewer only at the end of the file.
        /// - Returns: How many bytes were read, or nil when reading failed.
        private static func read(
            _ descriptor: FileDescriptor, into pointer: UnsafeMutableRawPointer, _ count: Int,
            at offset: Int
        ) -> Int? {
            var done = 0
            while done < count {
                let rest = UnsafeMutableRawBufferPointer(start: pointer + done, count: count - done)
                guard let got = try? descriptor.read(fromAbsoluteOffset: offset + done, into: rest)
                else { return nil }
                if got == 0 { break }
                done += got
            }
            return done
        }

        /// The rest of the file after `head`, its first bytes already read, in one buffer
        /// sized once for a regular file.
        /// - Throws: an unreadable ``InputProblem`` when the file cannot be read.
        package func readToEnd(after head: [UInt8]) throws(InputProblem) -> Data {
            // Never nil without a limit.
            try readToEnd(after: head, limit: Int.max) ?? Data(head)
        }

        /// The rest of the file after `head` as ``readToEnd(after:)`` reads it, or nil as soon
        /// as the whole would be longer than `limit` bytes (a pipe is not read further).
        /// - Throws: an unreadable ``InputProblem`` when the file cannot be read.
        package func readToEnd(after head: [UInt8], limit: Int) throws(InputProblem) -> Data? {
            var data = Data(capacity: min(max(size, head.count), limit))
            data.append(contentsOf: head)
            var piece: [UInt8] = []
            // A regular file's rest in one read (and one more that finds the end); the scratch
            // buffer is allocated once at its size, so a small file costs a small one.
            let chunk = size > 0 ? min(1 << 20, max(4096, size - head.count + 1)) : 1 << 20
            while try read(into: &piece, upTo: chunk) > 0 {
                guard data.count + piece.count <= limit else { return nil }
                data.append(contentsOf: piece)
                piece.removeAll(keepingCapacity: true)
            }
            return data
        }
    }

    /// Everything left on an open descriptor (standard input), read until its end.
    /// - Parameter descriptor: An open descriptor; it stays open.
    /// - Returns: The bytes (those read before an error, if one occurs).
    package static func readToEnd(descriptor: FileDescriptor) -> Data {
        // Never nil without a limit.
        readToEnd(descriptor: descriptor, limit: Int.max) ?? Data()
    }

    /// Everything left on an open descriptor as ``readToEnd(descriptor:)`` reads it, or nil
    /// as soon as there is more than `limit` bytes (the rest is not read).
    /// - Parameters:
    ///   - descriptor: An open descriptor; it stays open.
    ///   - limit: The most bytes taken.
    /// - Returns: The bytes, or nil past the limit.
    package static func readToEnd(descriptor: FileDescriptor, limit: Int) -> Data? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in try descriptor.read(into: raw) }
            }
            guard case .success(let got) = read, got > 0 else { return data }
            guard data.count + got <= limit else { return nil }
            data.append(contentsOf: buffer[..<got])
        }
    }

    /// The names in a folder (`opendir(3)`, `readdir(3)`), without `.` and `..`.
    /// - Parameter path: The folder.
    /// - Returns: The names, or why the folder cannot be listed (`permission denied`).
    package static func names(in path: String) -> Result<[String], InputProblem> {
        guard let directory = opendir(path) else {
            return .failure(
                InputProblem(reason: Errno.current.lowercasedDescription, isUnreadable: true))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// The kind of file a path names, following symbolic links (`stat(2)`).
    package enum Kind: Sendable, Equatable {
        /// Nothing there, or it cannot be looked at.
        case missing
        /// A directory.
        case directory
        /// A regular file.
        case regular
        /// A FIFO, socket or device.
        case other
    }

    /// What `path` names, after symbolic links.
    /// - Parameter path: A path.
    /// - Returns: Its kind.
    package static func kind(of path: String) -> Kind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular
        default: return .other
        }
    }

    /// Whether a message may quote a few bytes of the file: not when the path passes through
    /// a symbolic link someone other than the invoking user owns, as the file itself or as
    /// a folder on the way (a link planted in a folder others can write, pointing at a
    /// secret the invoking user, say root, can read).
    /// - Parameter path: The path as given.
    /// - Returns: False for a path through a link owned by another user.
    package static func mayQuoteContent(of path: String) -> Bool {
        let user = getuid()
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? component : "/" + component
            var status = stat()
            guard lstat(prefix, &status) == 0 else { return false }
            if status.st_mode & S_IFMT == S_IFLNK, status.st_uid != user { return false }
        }
        return true
    }

    /// Whether the path itself names a regular file: not a symbolic link (to `/dev/stdin`,
    /// say), a FIFO, a terminal, a device, a socket or a directory.
    /// - Parameter path: The path.
    /// - Returns: True for a regular file.
    package static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Whether the path names a directory (a symbolic link to one too).
    /// - Parameter path: The path.
    /// - Returns: True for a directory.
    package static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func failure(_ path: String) -> InputProblem {
        let exists = FileManager.default.fileExists(atPath: path)
        return InputProblem(
            file: path, reason: exists ? "permission denied or not a file" : "no such file",
            isUnreadable: true)
    }
}

/// Asks the kernel to back a large buffer with transparent huge pages where it allows them
/// (`madvise`): a 16 MiB buffer then costs a few page faults instead of 4 096. Advice only; a
/// kernel that says no leaves the buffer as it was.
package enum HugePages {
    /// Buffers smaller than this are left alone.
    static let minimum = 4 << 20

    /// Advises huge pages for the whole pages inside `buffer`, when it is large.
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        guard buffer.count >= minimum, let base = buffer.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + buffer.count) / page * page
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }
}
