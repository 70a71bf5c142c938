import Foundation

/// One `X: value` line of a udevadm dump or a umockdev recording.
struct RecordLine {
    /// The one-letter kind as an ASCII byte (`P`, `E`, `A`, …).
    var kind: UInt8
    /// The text after `X: `; continuation lines are joined to it with `\n`.
    var value: String
    /// The 1-based line number.
    var number: Int

    /// The kind as text, `E:`.
    var kindText: String { String(UnicodeScalar(kind)) + ":" }

    /// How warnings name the line: `E: HID_UNIQ` for a `KEY=value` line, else `E:`.
    var label: String {
        guard let equals = value.utf8.firstIndex(of: UInt8(ascii: "=")),
            equals > value.startIndex
        else { return kindText }
        return kindText + " " + value[..<equals]
    }
}

/// The line kinds one format knows; the parser skips every other kind with a warning.
struct RecordKinds {
    private var letters: Set<UInt8>

    /// Creates the set from capital letters, `"PNSE"`.
    init(_ kinds: String) { letters = Set(kinds.utf8) }

    /// Whether the kind is known.
    func contains(_ kind: UInt8) -> Bool { letters.contains(kind) }

    /// `udevadm info --export-db`: path, sysname, sysnum, device id, subsystem, devtype, device
    /// number, ifindex, node, link priority, links, diskseq (`Q:` before systemd 254, `B:`
    /// since), driver, properties and tags (`G:`, current tags `Q:`).
    static let udevadm = RecordKinds("PMRJUTDINLSQBVEG")
    /// `umockdev-record`: path, node, links, properties, text and hex attributes, link attributes.
    static let umockdev = RecordKinds("PNSEAHL")
}

/// The line-oriented text shared by udevadm dumps and umockdev recordings: records separated
/// by blank lines, each line `X: value`. Read byte by byte in one pass; real files are messy,
/// so nothing in them is fatal here: what is odd is tolerated and logged with its line.
enum RecordText {
    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let colon = UInt8(ascii: ":")

    /// Splits the bytes into records.
    ///
    /// Tolerated, each with a warning: a byte order mark, CR LF line ends (reported once), a
    /// line without an `X: ` prefix right after an `E:` line (the continuation of that value:
    /// udevadm prints a property value with an embedded newline as it is; any other such line
    /// is skipped), a blank line
    /// inside a record, a `P:` line without a blank line before it (a new record), lines
    /// before the first `P:`, unknown line kinds, lines with NUL bytes, invalid UTF-8 (replaced
    /// by U+FFFD) and a missing newline at the end (the file may have been cut short).
    /// - Parameters:
    ///   - data: The whole file.
    ///   - kinds: The line kinds of the format.
    ///   - warnings: Receives what was tolerated.
    /// - Returns: Records, each starting with its `P:` line; empty when there is none.
    static func blocks(
        _ data: Data, kinds: RecordKinds, warnings: inout WarningLog
    ) -> [[RecordLine]] {
        data.withUnsafeBytes { raw in
            blocks(raw.bindMemory(to: UInt8.self), kinds: kinds, warnings: &warnings)
        }
    }

    private static func blocks(
        _ bytes: UnsafeBufferPointer<UInt8>, kinds: RecordKinds, warnings: inout WarningLog
    ) -> [[RecordLine]] {
        var blocks: [[RecordLine]] = []
        var current: [RecordLine] = []
        // Whether the previous line was added to `current`, so a bare line continues it.
        var continuable = false
        var blankInRecord = false
        var sawCarriageReturn = false
        var position = 0
        var number = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
            warnings.add(line: 1, "UTF-8 byte order mark skipped")
        }
        while position < bytes.count {
            number += 1
            var end = position
            var nonASCII = false
            var nul = false
            while end < bytes.count {
                let byte = bytes[end]
                if byte == newline { break }
                if byte >= 0x80 { nonASCII = true } else if byte == 0 { nul = true }
                end += 1
            }
            let start = position
            position = end + 1
            if end == bytes.count {
                warnings.add(
                    line: number, "no newline at the end of the file (it may have been cut short)")
            }
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == carriageReturn {
                lineEnd -= 1
                if !sawCarriageReturn {
                    sawCarriageReturn = true
                    warnings.add(line: number, "CR LF line ends read as LF (reported once)")
                }
            }
            if nul {
                warnings.add(line: number, "NUL bytes in a text line: line skipped")
                continuable = false
                continue
            }
            if isBlank(bytes, start, lineEnd) {
                if !current.isEmpty { blankInRecord = true }
                continuable = false
                continue
            }
            let isRecordLine =
                lineEnd - start >= 2 && bytes[start] >= UInt8(ascii: "A")
                && bytes[start] <= UInt8(ascii: "Z") && bytes[start + 1] == colon
            guard isRecordLine else {
                let text = decode(bytes, start, lineEnd, nonASCII, number, &warnings)
                if continuable, let last = current.indices.last,
                    current[last].kind == UInt8(ascii: "E")
                {
                    warnings.add(line: number, "continuation of \(current[last].label)")
                    current[last].value += "\n" + text
                } else {
                    warnings.add(
                        line: number, "not an 'X: value' line, skipped: '\(preview(text))'")
                }
                continue
            }
            let kind = bytes[start]
            var valueStart = start + 2
            if valueStart < lineEnd && bytes[valueStart] == space { valueStart += 1 }
            let line = RecordLine(
                kind: kind, value: decode(bytes, valueStart, lineEnd, nonASCII, number, &warnings),
                number: number)
            if kind == UInt8(ascii: "P") {
                if !current.isEmpty {
                    if !blankInRecord {
                        warnings.add(
                            line: number, "'P:' line without a blank line before it: a new record")
                    }
                    blocks.append(current)
                }
                current = [line]
                blankInRecord = false
                continuable = true
                continue
            }
            guard !current.isEmpty else {
                warnings.add(
                    line: number, "'\(line.kindText)' line before the first 'P:' line: skipped")
                continuable = false
                continue
            }
            if blankInRecord {
                warnings.add(
                    line: number,
                    "blank line inside the record of line \(current[0].number): read as one record")
                blankInRecord = false
            }
            guard kinds.contains(kind) else {
                warnings.add(line: number, "unknown line kind '\(line.kindText)': skipped")
                continuable = false
                continue
            }
            current.append(line)
            continuable = true
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Bool
    {
        var index = start
        while index < end {
            if bytes[index] != space && bytes[index] != tab { return false }
            index += 1
        }
        return true
    }

    /// The bytes as a string; invalid UTF-8 becomes U+FFFD, with a warning.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ nonASCII: Bool,
        _ number: Int, _ warnings: inout WarningLog
    ) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if nonASCII && String(validating: slice, as: UTF8.self) == nil {
            warnings.add(line: number, "invalid UTF-8 replaced by U+FFFD")
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A short, printable excerpt of a line for messages.
    static func preview(_ line: some StringProtocol) -> String {
        let cleaned = line.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7f ? "?" : String(scalar)
        }.joined()
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }

    /// Splits `KEY=value`; nil when there is no `=` or the key is empty.
    static func keyValue(_ text: String) -> (String, String)? {
        // On the UTF-8 view: `=` is ASCII, so its index is a valid character boundary.
        let utf8 = text.utf8
        guard let equals = utf8.firstIndex(of: UInt8(ascii: "=")), equals > utf8.startIndex else {
            return nil
        }
        return (String(text[..<equals]), String(text[utf8.index(after: equals)...]))
    }

    /// The devpath of a `P:` value, normalised to start with `/devices` or `/`.
    static func devpath(_ value: String) -> String {
        var path = value
        if path.hasPrefix("/sys/") { path.removeFirst(4) }
        return path
    }

    /// Builds one device record from a block: the `P:` path, `N:` node, `S:` links and `E:`
    /// properties are read here, every other line kind goes to `other`; afterwards subsystem,
    /// devtype, driver and node fall back to the `SUBSYSTEM`, `DEVTYPE`, `DRIVER` and
    /// `DEVNAME` properties.
    /// - Parameters:
    ///   - block: The lines, starting with `P:`.
    ///   - warnings: Receives what was skipped.
    ///   - other: Handles the format's own line kinds.
    /// - Returns: The record, or nil (with a warning) when the `P:` line holds no device path.
    static func device(
        from block: [RecordLine], warnings: inout WarningLog,
        other: (inout Device, RecordLine, inout WarningLog) -> Void
    ) -> Device? {
        guard let first = block.first else { return nil }
        let id = devpath(first.value)
        guard id.hasPrefix("/") else {
            warnings.add(
                line: first.number,
                "'P:' must hold a device path starting with '/': record skipped")
            return nil
        }
        var device = Device(id: id)
        var links: [String] = []
        for line in block.dropFirst() {
            switch line.kind {
            case UInt8(ascii: "N"):
                // umockdev writes `N: bus/usb/001/011=<hex contents>`: the name comes first.
                let name = line.value.split(separator: "=", maxSplits: 1).first.map(String.init)
                if let name, !name.isEmpty { device.devnode = "/dev/" + name }
            case UInt8(ascii: "S"):
                links.append(line.value)
            case UInt8(ascii: "E"):
                guard let (key, value) = keyValue(line.value) else {
                    warnings.add(line: line.number, "'E:' line without KEY=value: skipped")
                    continue
                }
                device.properties[key] = value
            default:
                other(&device, line, &warnings)
            }
        }
        device.links = links.sorted()
        device.subsystem = device.property("SUBSYSTEM") ?? device.subsystem
        device.devtype = device.property("DEVTYPE") ?? device.devtype
        device.driver = device.driver ?? device.property("DRIVER")
        if device.devnode == nil, let name = device.property("DEVNAME") {
            device.devnode = name.hasPrefix("/") ? name : "/dev/" + name
        }
        return device
    }
}
