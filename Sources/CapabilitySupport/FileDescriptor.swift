import Glibc

/// An open file descriptor, the one way the library opens, reads, writes, inspects and closes
/// files: every call retries after `EINTR` (``Retrying``) and fails with an ``Errno``. Modelled
/// on swift-system's `FileDescriptor`: a plain value over the C `int`, closed explicitly with
/// ``close()`` (a type that owns one closes it in its `deinit`).
package struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The C descriptor.
    package let rawValue: CInt

    /// Wraps a descriptor that is already open (standard input, one end of a pipe).
    /// - Parameter rawValue: The C descriptor.
    package init(rawValue: CInt) { self.rawValue = rawValue }

    /// Standard input.
    package static let standardInput = FileDescriptor(rawValue: 0)

    /// Opens a file (`open(2)`, or `openat(2)` relative to a directory), always with
    /// `O_CLOEXEC`, so no child process inherits it.
    /// - Parameters:
    ///   - path: The path (relative to `directory` when one is given).
    ///   - flags: `O_RDONLY`, `O_WRONLY | O_CREAT | O_EXCL`, `O_DIRECTORY | O_NOFOLLOW`, ….
    ///   - permissions: The mode of a file `O_CREAT` creates.
    ///   - directory: The directory a relative `path` starts from, if not the current one.
    /// - Returns: The open descriptor.
    /// - Throws: The ``Errno`` of the failure.
    package static func open(
        _ path: String, _ flags: CInt, permissions: mode_t = 0,
        relativeTo directory: FileDescriptor? = nil
    ) throws(Errno) -> FileDescriptor {
        let all = flags | O_CLOEXEC
        let descriptor = path.withCString { name in
            Retrying.result {
                if let directory { return openat(directory.rawValue, name, all, permissions) }
                return Glibc.open(name, all, permissions)
            }
        }
        return FileDescriptor(rawValue: try descriptor.get())
    }

    /// A pipe (`pipe(2)`) with both ends closed on `exec`, so no child inherits them.
    /// - Returns: The end to read and the end to write.
    /// - Throws: The ``Errno`` of the failure.
    package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [CInt] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { throw .current }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Reads once (`read(2)`): up to `buffer.count` bytes.
    /// - Parameter buffer: Where the bytes go.
    /// - Returns: How many bytes were read; 0 at the end of the file.
    /// - Throws: The ``Errno`` of the failure.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try Retrying.call { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads once at an offset (`pread(2)`), so several threads can read one descriptor.
    /// - Parameters:
    ///   - offset: Where in the file.
    ///   - buffer: Where the bytes go.
    /// - Returns: How many bytes were read; 0 at the end of the file.
    /// - Throws: The ``Errno`` of the failure.
    package func read(fromAbsoluteOffset offset: Int, into buffer: UnsafeMutableRawBufferPointer)
        throws(Errno) -> Int
    {
        try Retrying.call { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Reads until the end of the file or until more than `limit` bytes came.
    /// - Parameters:
    ///   - limit: The most bytes wanted.
    ///   - chunk: The size of one `read(2)`.
    /// - Returns: The bytes, or nil as soon as there are more than `limit`.
    /// - Throws: The ``Errno`` of a failed read.
    package func readAll(upTo limit: Int, chunk: Int = 1 << 16) throws(Errno) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let got = try buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) -> Int in try read(into: raw) }
            }.get()
            if got == 0 { return bytes }
            guard bytes.count + got <= limit else { return nil }
            bytes.append(contentsOf: buffer[..<got])
        }
    }

    /// Writes once (`write(2)`): as many bytes of `buffer` as the kernel takes.
    /// - Parameter buffer: The bytes.
    /// - Returns: How many were written.
    /// - Throws: The ``Errno`` of the failure.
    package func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try Retrying.call { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes every byte of `buffer`, in as many `write(2)` calls as it takes.
    /// - Parameter buffer: The bytes.
    /// - Throws: The ``Errno`` of the failure.
    package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < buffer.count {
            offset += try write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
        }
    }

    /// Moves the file offset (`lseek(2)` from the start).
    /// - Parameter offset: The new offset.
    /// - Throws: The ``Errno`` of the failure.
    package func seek(to offset: Int) throws(Errno) {
        guard lseek(rawValue, off_t(offset), SEEK_SET) >= 0 else { throw .current }
    }

    /// What the file is (`fstat(2)`).
    /// - Returns: Its kind and size.
    /// - Throws: The ``Errno`` of the failure.
    package func status() throws(Errno) -> Status {
        var status = stat()
        guard fstat(rawValue, &status) == 0 else { throw .current }
        return Status(status)
    }

    /// Closes the descriptor (`close(2)`; not retried: on Linux the descriptor is gone
    /// even when the call was interrupted).
    /// - Throws: The ``Errno`` of the failure (a write that failed late, on NFS say).
    package func close() throws(Errno) {
        guard Glibc.close(rawValue) == 0 else { throw .current }
    }

    /// What ``status()`` reports: a file's kind and size.
    package struct Status: Sendable {
        /// The `st_mode` file-type bits.
        private let type: mode_t
        /// The size in bytes (a regular file's length).
        package let size: Int

        init(_ status: stat) {
            type = status.st_mode & S_IFMT
            size = Int(status.st_size)
        }

        /// Whether it is a regular file.
        package var isRegularFile: Bool { type == S_IFREG }
        /// Whether it is a directory.
        package var isDirectory: Bool { type == S_IFDIR }
    }
}
