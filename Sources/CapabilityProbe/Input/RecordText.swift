/// The line-oriented text shared by udevadm dumps and umockdev recordings:
/// blocks separated by blank lines, each line `X: value`.
struct RecordLine {
    /// The one-letter kind (`P`, `E`, `A`, …).
    var kind: Character
    /// The text after `X: `.
    var value: String
    /// The 1-based line number.
    var number: Int
}

enum RecordText {
    /// Splits text into blocks of record lines.
    /// - Parameters:
    ///   - text: The whole file.
    ///   - path: The file name for messages.
    /// - Returns: Blocks, each starting with its `P:` line.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` for a line that is not `X: value`
    ///   or a block that does not start with `P:`.
    static func blocks(_ text: String, path: String) throws(SourceError) -> [[RecordLine]] {
        var blocks: [[RecordLine]] = []
        var current: [RecordLine] = []
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                if !current.isEmpty { blocks.append(current) }
                current = []
                continue
            }
            guard let record = parse(line, number: number) else {
                throw .malformed(
                    path: path, line: number,
                    reason:
                        "expected 'X: value' (a letter, a colon, a space), got '\(preview(line))'")
            }
            if current.isEmpty && record.kind != "P" {
                throw .malformed(
                    path: path, line: number,
                    reason: "a device block must start with 'P:', got '\(record.kind):'")
            }
            current.append(record)
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    private static func parse(_ line: Substring, number: Int) -> RecordLine? {
        guard let kind = line.first, kind.isASCII, kind.isUppercase else { return nil }
        let rest = line.dropFirst()
        guard rest.first == ":" else { return nil }
        let afterColon = rest.dropFirst()
        if afterColon.isEmpty { return RecordLine(kind: kind, value: "", number: number) }
        guard afterColon.first == " " else { return nil }
        return RecordLine(kind: kind, value: String(afterColon.dropFirst()), number: number)
    }

    /// A short, printable excerpt of a line for error messages.
    static func preview(_ line: Substring) -> String {
        let cleaned = line.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || scalar.value == 0x7f ? "?" : String(scalar)
        }.joined()
        return cleaned.count > 40 ? String(cleaned.prefix(40)) + "…" : cleaned
    }

    /// Splits `KEY=value`; nil when there is no `=` or the key is empty.
    static func keyValue(_ text: String) -> (String, String)? {
        guard let equals = text.firstIndex(of: "="), equals > text.startIndex else { return nil }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
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
    ///   - path: The file name for messages.
    ///   - other: Handles the format's own line kinds.
    /// - Returns: The record.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` naming the line.
    static func device(
        from block: [RecordLine], path: String,
        other: (inout Device, RecordLine) throws(SourceError) -> Void
    ) throws(SourceError) -> Device {
        guard let first = block.first else {
            throw .malformed(path: path, line: nil, reason: "empty block")
        }
        let id = devpath(first.value)
        guard id.hasPrefix("/") else {
            throw .malformed(
                path: path, line: first.number,
                reason: "'P:' must hold a device path starting with '/'")
        }
        var device = Device(id: id)
        var links: [String] = []
        for line in block.dropFirst() {
            switch line.kind {
            case "P":
                throw .malformed(
                    path: path, line: line.number, reason: "second 'P:' line in one block")
            case "N":
                // umockdev writes `N: bus/usb/001/011=<hex contents>`: the name comes first.
                let name = line.value.split(separator: "=", maxSplits: 1).first.map(String.init)
                if let name, !name.isEmpty { device.devnode = "/dev/" + name }
            case "S":
                links.append(line.value)
            case "E":
                guard let (key, value) = keyValue(line.value) else {
                    throw .malformed(
                        path: path, line: line.number, reason: "'E:' line without KEY=value")
                }
                device.properties[key] = value
            default:
                try other(&device, line)
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
