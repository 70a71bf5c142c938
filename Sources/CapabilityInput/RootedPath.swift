import Glibc

/// Resolves a path under a root as the system inside that root would see it: every symbolic
/// link on the way is followed inside the root (an absolute target starts again at the root,
/// `..` stops at it), so a tree handed over with `--root` is never left for the host's
/// files, whatever links it holds (`var/lib/app-info -> /var/lib/swcatalog`, `x -> ../../..`).
package enum RootedPath {
    /// The most links followed for one path (the kernel's limit, `MAXSYMLINKS`).
    static let maximumLinks = 40

    /// The host path of `relative` under `root`, with no link left in it.
    /// - Parameters:
    ///   - relative: A path inside the root (a leading `/` is ignored).
    ///   - root: The root (itself resolved on the host: the user named it).
    /// - Returns: A path inside the root's real path, or nil when a component is missing or
    ///   not a folder, or the links loop or number more than ``maximumLinks``.
    package static func resolve(_ relative: String, under root: String) -> String? {
        guard let base = realPath(root) else { return nil }
        var resolved: [Substring] = []
        var pending = Array(relative.split(separator: "/").reversed())
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                _ = resolved.popLast()
                continue
            }
            let candidate = join(base, resolved + [component])
            var status = stat()
            guard lstat(candidate, &status) == 0 else { return nil }
            guard status.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(component)
                continue
            }
            links += 1
            guard links <= maximumLinks, let target = readLink(candidate) else { return nil }
            if target.hasPrefix("/") { resolved.removeAll() }
            pending.append(contentsOf: target.split(separator: "/").reversed())
        }
        return join(base, resolved)
    }

    /// `base` and the components joined by slashes.
    private static func join(_ base: String, _ components: [Substring]) -> String {
        let tail = components.joined(separator: "/")
        if tail.isEmpty { return base }
        return base.hasSuffix("/") ? base + tail : base + "/" + tail
    }

    /// A link's target (`readlink(2)`).
    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
            guard let base = pointer.baseAddress else { return -1 }
            return readlink(path, base, Int(PATH_MAX))
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The path with every link resolved on the host (`realpath(3)`), if it exists.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
