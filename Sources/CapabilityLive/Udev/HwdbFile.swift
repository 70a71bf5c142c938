import CapabilityModel
import Glibc

/// This machine's hardware database, `hwdb.bin`, mapped read-only and searched by our own
/// code: the answers of libudev's `udev_hwdb_get_properties_list_entry`, for a fraction of
/// the work.
///
/// The file is the trie `systemd-hwdb update` writes (systemd's `hwdb-internal.h`): nodes that
/// share a prefix string, children sorted by their byte, and on each node the properties of the
/// pattern that ends there. libudev matches a pattern with a glob (`*`, `?`, `[`) by listing
/// every pattern below the glob and calling `fnmatch(3)` on each: the `pci:v*` class patterns
/// made one PCI look-up cost 160 µs. Here the glob is matched while the trie is walked (the
/// set of subject positions the pattern so far can reach, one bit a position), so a branch no
/// pattern of which can match is left at its first byte. Which properties are found, and in
/// which order, is libudev's; a branch whose pattern holds `[` or `\` is not pruned, and each
/// of its patterns is confirmed with `fnmatch(3)` as libudev does (HwdbFileTests compares
/// both on every fixture's modaliases and on hand-written databases).
///
/// Every offset the file holds is checked against its size, and a search visits each node at
/// most once: a damaged file gives fewer properties, never a crash or a loop.
package final class HwdbFile: @unchecked Sendable {
    // @unchecked: the mapping is read-only and never changes after `init`.

    /// Where libudev looks for the file, the first that exists winning (systemd's
    /// `hwdb_bin_paths`, with both places Debian's split and merged /usr give `/lib/udev`).
    package static let searchPaths = [
        "/etc/systemd/hwdb/hwdb.bin", "/etc/udev/hwdb.bin", "/usr/lib/systemd/hwdb/hwdb.bin",
        "/lib/systemd/hwdb/hwdb.bin", "/lib/udev/hwdb.bin", "/usr/lib/udev/hwdb.bin",
    ]

    /// The file's bytes, mapped.
    private let bytes: UnsafeRawBufferPointer
    /// The path it was read from.
    package let path: String
    /// The sizes of a node, a child entry and a value entry (the header gives them).
    private let nodeSize: Int
    private let childSize: Int
    private let valueSize: Int
    /// The root node's offset.
    private let root: Int
    /// Whether value entries carry a file priority and a line number (format 2 and later):
    /// then a key found twice keeps the value from the higher file and line.
    private var ranked: Bool { valueSize >= 32 }
    /// At most this many nodes in the file (its node section over the node size): no search
    /// visits more.
    private let nodeLimit: Int

    /// The bytes that begin a glob, in the order libudev tries them as children.
    private static let wildcards = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "[")]

    /// Patterns this long or longer never match (libudev builds a pattern in a `LINE_MAX`
    /// buffer).
    private static let patternLimit = 2047

    /// The file libudev would read: the first of ``searchPaths`` that exists.
    /// - Returns: The database, or nil when no file exists, the first one cannot be read, or it
    ///   is not a hwdb.bin this reader knows.
    package static func system() -> HwdbFile? {
        for path in searchPaths where access(path, F_OK) == 0 {
            return HwdbFile(path: path)
        }
        return nil
    }

    /// Maps a hwdb.bin.
    /// - Parameter path: The file.
    /// - Returns: nil when the file cannot be read, or its header is not one this reader knows
    ///   (signature `KSLPHHRH`, the size it states, entry sizes at least format 1's).
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
            status.st_size >= 80, status.st_size <= Int(Int32.max)
        else { return nil }
        let size = Int(status.st_size)
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            map != MAP_FAILED
        else { return nil }
        let bytes = UnsafeRawBufferPointer(start: map, count: size)
        func field(_ index: Int) -> Int {
            let raw = UInt64(
                littleEndian: bytes.loadUnaligned(fromByteOffset: 8 + 8 * index, as: UInt64.self))
            return raw > UInt64(size) ? -1 : Int(raw)
        }
        // tool version, file size, header size, node size, child size, value size, root
        // offset, node section length, string section length.
        let signature = Array("KSLPHHRH".utf8)
        guard bytes.prefix(8).elementsEqual(signature), field(1) == size,
            field(2) >= 80, field(3) >= 24, field(4) >= 16, field(5) >= 16,
            field(6) >= field(2), field(6) <= size - field(3), field(7) >= 0
        else {
            munmap(map, size)
            return nil
        }
        self.bytes = bytes
        self.path = path
        nodeSize = field(3)
        childSize = field(4)
        valueSize = field(5)
        root = field(6)
        nodeLimit = field(7) / nodeSize + 1
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// The properties of every pattern matching the modalias, as libudev gives them.
    /// - Parameter modalias: The search string (`pci:v00008086d…`); libudev reads it as a C
    ///   string, so it ends at a NUL.
    /// - Returns: Property names (without the leading space the file stores) and values.
    package func properties(modalias: String) -> [String: String] {
        var subject = Array(modalias.utf8)
        if let nul = subject.firstIndex(of: 0) { subject.removeSubrange(nul...) }
        var found: Found = [:]
        search(subject, into: &found)
        var result: [String: String] = [:]
        result.reserveCapacity(found.count)
        for (key, entry) in found {
            result[key] =
                string(at: offset(at: entry + 8)).map { String(decoding: $0, as: UTF8.self) }
                ?? ""
        }
        return result
    }

    // MARK: - The walk

    /// One node as the file holds it: its prefix string, children and values.
    private struct Node {
        /// The offset of the prefix string; 0 for none.
        var prefix: Int
        /// How many child entries follow the node, and where they start.
        var children: Int
        var childBase: Int
        /// How many value entries follow the children, and where they start.
        var values: Int
        var valueBase: Int
    }

    /// The properties found so far: each name's value entry.
    private typealias Found = [String: Int]

    /// libudev's walk: the literal part of the search follows the subject byte by byte; at
    /// each node, the children `*`, `?` and `[` start a glob match of the rest.
    private func search(_ subject: [UInt8], into found: inout Found) {
        var visits = nodeLimit
        var offset = root
        var index = 0
        while visits > 0, let node = node(at: offset) {
            visits -= 1
            if node.prefix != 0 {
                guard let prefix = string(at: node.prefix) else { return }
                for (position, byte) in prefix.enumerated() {
                    if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?")
                        || byte == UInt8(ascii: "[")
                    {
                        glob(
                            from: offset, skipping: position, at: index + position, subject,
                            visits: &visits, into: &found)
                        return
                    }
                    guard index + position < subject.count, subject[index + position] == byte
                    else { return }
                }
                index += prefix.count
            }
            for wildcard in Self.wildcards {
                if let child = child(of: node, wildcard) {
                    glob(
                        from: child, leading: wildcard, at: index, subject, visits: &visits,
                        into: &found)
                }
            }
            guard index < subject.count else {
                add(node, into: &found)
                return
            }
            guard let next = child(of: node, subject[index]) else { return }
            offset = next
            index += 1
        }
    }

    /// The glob match below a node: every pattern there, from the node's prefix (less its
    /// first `skipping` bytes, already matched literally) on, against the subject from
    /// `start`. Children are taken in order and a node's own values after its children's, as
    /// libudev lists them.
    private func glob(
        from node: Int, skipping: Int = 0, leading: UInt8? = nil, at start: Int,
        _ subject: [UInt8], visits: inout Int, into found: inout Found
    ) {
        var matcher = GlobMatcher(subject: subject, start: start)
        if let leading {
            matcher.pattern.append(leading)
            matcher.step(leading, level: 0)
        }
        guard matcher.alive(level: 0) else { return }
        var frames: [Frame] = []
        guard let first = enter(node, skipping: skipping, level: 0, mark: 0, &matcher, &visits)
        else { return }
        frames.append(first)
        while let top = frames.last {
            let index = frames.count - 1
            if top.nextChild < top.node.children {
                frames[index].nextChild += 1
                let entry = top.node.childBase + top.nextChild * childSize
                let child = offset(at: entry + 8)
                guard let byte = byte(at: entry), child > 0 else { continue }
                let mark = matcher.pattern.count
                guard frames.count < Self.patternLimit else { continue }
                matcher.copy(level: top.level, to: top.level + 1)
                matcher.pattern.append(byte)
                matcher.step(byte, level: top.level + 1)
                if matcher.alive(level: top.level + 1),
                    let frame = enter(
                        child, skipping: 0, level: top.level + 1, mark: mark, &matcher, &visits)
                {
                    frames.append(frame)
                } else {
                    matcher.pattern.removeSubrange(mark...)
                }
                continue
            }
            if top.node.values > 0, matcher.matches(level: top.level) {
                add(top.node, into: &found)
            }
            matcher.pattern.removeSubrange(top.mark...)
            frames.removeLast()
        }
    }

    /// A node on the glob walk's stack: the node, the next child to visit, the matcher level
    /// holding the state after its prefix, and the pattern length to go back to when it is left.
    private struct Frame {
        var node: Node
        var nextChild = 0
        var level: Int
        var mark: Int
    }

    /// Reads a node and matches its prefix; nil when the node cannot be read, the search has
    /// visited as many nodes as the file has, or no pattern below it can match.
    private func enter(
        _ offset: Int, skipping: Int, level: Int, mark: Int, _ matcher: inout GlobMatcher,
        _ visits: inout Int
    ) -> Frame? {
        guard visits > 0, let node = node(at: offset) else { return nil }
        visits -= 1
        if node.prefix != 0 {
            guard let prefix = string(at: node.prefix), skipping <= prefix.count,
                matcher.pattern.count + prefix.count - skipping < Self.patternLimit
            else {
                matcher.pattern.removeSubrange(mark...)
                return nil
            }
            for byte in prefix.dropFirst(skipping) {
                matcher.pattern.append(byte)
                matcher.step(byte, level: level)
            }
            guard matcher.alive(level: level) else {
                matcher.pattern.removeSubrange(mark...)
                return nil
            }
        }
        return Frame(node: node, level: level, mark: mark)
    }

    /// Adds a node's values: a name not seen before, or one seen with a value of a lower file
    /// priority or an earlier line (libudev's `hwdb_add_property`). Names not starting with a
    /// space are for future use and skipped.
    private func add(_ node: Node, into found: inout Found) {
        for index in 0..<node.values {
            let entry = node.valueBase + index * valueSize
            guard let key = string(at: offset(at: entry)), key.first == UInt8(ascii: " ") else {
                continue
            }
            let name = String(decoding: key.dropFirst(), as: UTF8.self)
            if ranked, let old = found[name], lower(entry, than: old) { continue }
            found[name] = entry
        }
    }

    /// Whether a value entry ranks below another: by file priority and line (format 3), or,
    /// when the entry has no priority (format 2), by file name offset and line.
    private func lower(_ entry: Int, than old: Int) -> Bool {
        // Format 3's line (32 bits at 24) and file priority (16 bits at 28).
        func line(_ entry: Int) -> UInt32 {
            UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 24, as: UInt32.self))
        }
        func priority(_ entry: Int) -> UInt16 {
            UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: entry + 28, as: UInt16.self))
        }
        guard priority(entry) != 0 else {
            let (file, oldFile) = (offset(at: entry + 16), offset(at: old + 16))
            return file < oldFile || (file == oldFile && line(entry) < line(old))
        }
        return priority(entry) < priority(old)
            || (priority(entry) == priority(old) && line(entry) < line(old))
    }

    // MARK: - Reading the file

    /// The node at an offset, nil when it or its entries lie outside the file.
    private func node(at offset: Int) -> Node? {
        guard offset > 0, offset <= bytes.count - nodeSize else { return nil }
        let children = Int(bytes[offset + 8])
        let childBase = offset + nodeSize
        let valueBase = childBase + children * childSize
        let values = self.offset(at: offset + 16)
        guard valueBase <= bytes.count, values >= 0,
            values <= (bytes.count - valueBase) / valueSize
        else { return nil }
        return Node(
            prefix: self.offset(at: offset), children: children, childBase: childBase,
            values: values, valueBase: valueBase)
    }

    /// The child of a node for a byte: the entries are sorted by byte (libudev searches them
    /// with `bsearch`, and so does this).
    private func child(of node: Node, _ byte: UInt8) -> Int? {
        var low = 0
        var high = node.children
        while low < high {
            let middle = (low + high) / 2
            let entry = node.childBase + middle * childSize
            guard let value = self.byte(at: entry) else { return nil }
            if value == byte { return offset(at: entry + 8) }
            if value < byte { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// A little-endian 64-bit offset stored at `position`; -1 when it is outside the file or
    /// points past its end.
    private func offset(at position: Int) -> Int {
        guard position >= 0, position <= bytes.count - 8 else { return -1 }
        let raw = UInt64(
            littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        return raw > UInt64(bytes.count) ? -1 : Int(raw)
    }

    /// The byte at `position`, nil outside the file.
    private func byte(at position: Int) -> UInt8? {
        guard position >= 0, position < bytes.count else { return nil }
        return bytes[position]
    }

    /// The NUL-terminated string at `position`, without its NUL; nil when it is outside the
    /// file or not terminated inside it.
    private func string(at position: Int) -> UnsafeRawBufferPointer? {
        guard position > 0, position < bytes.count, let base = bytes.baseAddress,
            let end = memchr(base + position, 0, bytes.count - position)
        else { return nil }
        return UnsafeRawBufferPointer(
            rebasing: bytes[position..<(base.distance(to: UnsafeRawPointer(end)))])
    }
}

/// The state of matching a glob pattern, built one byte at a time, against a subject: at each
/// level of the walk, the set of subject positions the pattern so far can end at (one bit a
/// position). `*` reaches every position from the first on, `?` the next one, a literal byte
/// the next one where the subject holds it. `[` and `\` begin a bracket or an escape whose
/// end is not known yet: from there on the set is every position (nothing is pruned), and a
/// match is decided by `fnmatch(3)` on the whole pattern.
struct GlobMatcher {
    /// The subject from its start, and where matching starts.
    private let subject: [UInt8]
    private let start: Int
    /// The pattern so far.
    var pattern: [UInt8] = []
    /// Words a position set takes, and the sets, one after another, a level each.
    private let words: Int
    private var sets: [UInt64]
    /// Whether each level is past a `[` or `\`.
    private var opaque: [Bool]

    /// A matcher whose level 0 holds the start position alone.
    init(subject: [UInt8], start: Int) {
        self.subject = subject
        self.start = start
        words = (subject.count + 1 + 63) / 64
        sets = [UInt64](repeating: 0, count: words * 8)
        opaque = [Bool](repeating: false, count: 8)
        sets[start / 64] = 1 << UInt64(start % 64)
    }

    /// Makes `target` a copy of `source`, growing the levels as the walk deepens.
    mutating func copy(level source: Int, to target: Int) {
        if target >= opaque.count {
            sets += [UInt64](repeating: 0, count: words * opaque.count)
            opaque += [Bool](repeating: false, count: opaque.count)
        }
        for word in 0..<words { sets[target * words + word] = sets[source * words + word] }
        opaque[target] = opaque[source]
    }

    /// Whether a pattern continuing from this level may still match.
    func alive(level: Int) -> Bool {
        if opaque[level] { return true }
        for word in 0..<words where sets[level * words + word] != 0 { return true }
        return false
    }

    /// Whether the pattern so far matches the whole subject from the start.
    func matches(level: Int) -> Bool {
        guard opaque[level] else {
            let end = subject.count
            return sets[level * words + end / 64] & (1 << UInt64(end % 64)) != 0
        }
        var pattern = self.pattern
        pattern.append(0)
        var rest = Array(subject[start...])
        rest.append(0)
        return pattern.withUnsafeBufferPointer { pattern in
            rest.withUnsafeBufferPointer { rest in
                pattern.withMemoryRebound(to: CChar.self) { pattern in
                    rest.withMemoryRebound(to: CChar.self) { rest in
                        fnmatch(pattern.baseAddress, rest.baseAddress, 0) == 0
                    }
                }
            }
        }
    }

    /// Advances a level's set over one pattern byte.
    mutating func step(_ byte: UInt8, level: Int) {
        guard !opaque[level] else { return }
        let base = level * words
        let end = subject.count
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "["), UInt8(ascii: "\\"):
            // Every position from the first reached on (for `[` and `\`, a superset of what
            // they can reach, kept from here on).
            if byte != UInt8(ascii: "*") { opaque[level] = true }
            guard let first = (0..<words).first(where: { sets[base + $0] != 0 }) else { return }
            let low = first * 64 + sets[base + first].trailingZeroBitCount
            for word in 0..<words {
                let from = max(low - word * 64, 0)
                let to = min(end + 1 - word * 64, 64)
                sets[base + word] =
                    from >= to
                    ? 0 : (to == 64 ? ~0 : (1 << UInt64(to)) - 1) & ~((1 << UInt64(from)) - 1)
            }
        default:
            // Position j + 1 is reached when j was and the subject holds the byte there (any
            // byte for `?`); a word's top bit carries into the next word's bottom.
            let any = byte == UInt8(ascii: "?")
            var carry: UInt64 = 0
            for word in 0..<words {
                var old = sets[base + word]
                var next: UInt64 = carry
                carry = 0
                while old != 0 {
                    let bit = old.trailingZeroBitCount
                    old &= old - 1
                    let position = word * 64 + bit
                    guard position < end, any || subject[position] == byte else { continue }
                    if bit == 63 { carry = 1 } else { next |= 1 << UInt64(bit + 1) }
                }
                sets[base + word] = next
            }
        }
    }
}
