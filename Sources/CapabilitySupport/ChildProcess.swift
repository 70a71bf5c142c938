import FoundationEssentials
import Glibc

/// Runs another program to its end with a bounded time and a bounded output: standard input
/// is `/dev/null`, standard output and error are read through pipes as they come, and the
/// child runs in a process group of its own, so a timeout or too much output ends it and
/// every process it started (a shell script's `sleep` too).
package enum ChildProcess {
    /// How a program ended and what it printed.
    package struct Outcome: Sendable, Hashable {
        /// The exit status, or 128 + the signal number for a program ended by a signal.
        package var status: Int32
        /// Standard output.
        package var stdout: [UInt8]
        /// Standard error.
        package var stderr: [UInt8]

        /// Standard output as text (invalid UTF-8 repaired).
        package var output: String { String(decoding: stdout, as: UTF8.self) }
        /// The first non-empty line of standard error, if any.
        package var firstErrorLine: String? {
            String(decoding: stderr, as: UTF8.self).split(whereSeparator: \.isNewline).first
                .map(String.init)
        }
    }

    /// Why a program did not run to its end.
    package enum Failure: Error, Hashable, Sendable {
        /// It could not be started.
        case spawn(Errno)
        /// It ran longer than the time allowed and was ended.
        case timedOut(seconds: Double)
        /// It printed more than allowed and was ended.
        case outputTooLarge(limit: Int)
    }

    /// The full path of a program found in a `PATH` value (a name with a slash is taken as
    /// it is).
    /// - Parameters:
    ///   - name: The program (`adb`).
    ///   - searchPath: The `PATH` value.
    /// - Returns: The first executable regular file of that name, or nil.
    package static func find(_ name: String, in searchPath: String?) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = String(directory) + "/" + name
            var status = stat()
            guard stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                continue
            }
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs a program and waits for its end.
    /// - Parameters:
    ///   - path: The program's full path.
    ///   - arguments: Its arguments (without the program name).
    ///   - environment: Its environment.
    ///   - timeout: Seconds it may run.
    ///   - outputLimit: Bytes it may write to standard output and error together.
    /// - Returns: Its status and output.
    /// - Throws: ``Failure`` when it cannot start, runs too long or prints too much.
    package static func run(
        _ path: String, _ arguments: [String], environment: [String: String],
        timeout: Double, outputLimit: Int
    ) throws(Failure) -> Outcome {
        let outPipe: (read: FileDescriptor, write: FileDescriptor)
        let errPipe: (read: FileDescriptor, write: FileDescriptor)
        do {
            outPipe = try FileDescriptor.pipe()
        } catch {
            throw .spawn(error)
        }
        do {
            errPipe = try FileDescriptor.pipe()
        } catch {
            try? outPipe.read.close()
            try? outPipe.write.close()
            throw .spawn(error)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe.write.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe.write.rawValue, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envBuffer in
                guard let argvBase = argvBuffer.baseAddress, let envBase = envBuffer.baseAddress
                else { return EINVAL }
                return posix_spawn(
                    &pid, path, &actions, &attributes, argvBase, envBase)
            }
        }
        try? outPipe.write.close()
        try? errPipe.write.close()
        defer {
            try? outPipe.read.close()
            try? errPipe.read.close()
        }
        guard spawned == 0 else { throw .spawn(Errno(spawned)) }

        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        let deadline = monotonicSeconds() + timeout
        var open: [(fd: FileDescriptor, isError: Bool)] = [
            (outPipe.read, false), (errPipe.read, true),
        ]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let left = deadline - monotonicSeconds()
            guard left > 0 else {
                end(pid)
                throw .timedOut(seconds: timeout)
            }
            var polled = open.map {
                pollfd(fd: $0.fd.rawValue, events: Int16(POLLIN), revents: 0)
            }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                let error = Errno.current
                end(pid)
                throw .spawn(error)
            }
            var closed: [CInt] = []
            for entry in polled where entry.revents != 0 {
                let read = buffer.withUnsafeMutableBytes { raw in
                    Result { () throws(Errno) -> Int in
                        try FileDescriptor(rawValue: entry.fd).read(into: raw)
                    }
                }
                if case .failure(let error) = read, error == Errno(EAGAIN) { continue }
                guard case .success(let count) = read, count > 0 else {
                    closed.append(entry.fd)
                    continue
                }
                let isError = open.first { $0.fd.rawValue == entry.fd }?.isError ?? false
                if isError {
                    stderr += buffer[0..<count]
                } else {
                    stdout += buffer[0..<count]
                }
                if stdout.count + stderr.count > outputLimit {
                    end(pid)
                    throw .outputTooLarge(limit: outputLimit)
                }
            }
            open.removeAll { closed.contains($0.fd.rawValue) }
        }
        // Both pipes are closed: the program (and whatever held them) is gone or going.
        while true {
            var status: Int32 = 0
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid {
                let signal = status & 0x7f
                let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
                return Outcome(status: code, stdout: stdout, stderr: stderr)
            }
            if waited < 0, errno != EINTR {
                return Outcome(status: -1, stdout: stdout, stderr: stderr)
            }
            if monotonicSeconds() > deadline {
                end(pid)
                throw .timedOut(seconds: timeout)
            }
            usleep(10_000)
        }
    }

    /// Ends the child's process group and reaps the child.
    private static func end(_ pid: pid_t) {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
