import FoundationEssentials
import CapabilityModel

/// One `X: value` line of a udevadm dump or a umockdev recording.
package struct RecordLine {
    /// The one-letter kind as an ASCII byte (`P`, `E`, `A`, …).
    package var kind: UInt8
    /// For a `KEY=value` line of a kind that holds pairs (``RecordKinds/holdsPair(_:)``): the
    /// key, non-empty; `nil` for every other line.
    package var key: String?
    /// The text after `X: `, or after `KEY=` when ``key`` is set; continuation lines are
    /// joined to it with `\n`.
    package var value: String
    /// The 1-based line number.
    package var number: Int

    /// The kind as text, `E:`.
    var kindText: String { String(UnicodeScalar(kind)) + ":" }

    /// How warnings name the line: `E: HID_UNIQ` for a `KEY=value` line, else `E:`.
    package var label: String {
        guard let key else { return kindText }
        return kindText + " " + key
    }

    /// The key and value of a line that holds a pair.
    package var pair: (key: String, value: String)? {
        guard let key else { return nil }
        return (key, value)
    }
}

/// The line kinds one format knows; the parser skips every other kind with a warning.
package struct RecordKinds {
    /// Whether each byte value is a kind, indexed by the byte: asked once a line, a hashed set
    /// cost more than the rest of the line's dispatch.
    private var known = [Bool](repeating: false, count: 256)

    /// Creates the set from capital letters, `"PNSE"`.
    init(_ kinds: String) {
        for byte in kinds.utf8 { known[Int(byte)] = true }
    }

    /// Whether the kind is known.
    package func contains(_ kind: UInt8) -> Bool { known[Int(kind)] }

    /// Whether lines of the kind hold `KEY=value` (properties, attributes, links), split as
    /// they are read: `E`, `A`, `H`, `L`.
    static func holdsPair(_ kind: UInt8) -> Bool {
        kind == UInt8(ascii: "E") || kind == UInt8(ascii: "A") || kind == UInt8(ascii: "H")
            || kind == UInt8(ascii: "L")
    }

    /// `udevadm info --export-db`: path, sysname, sysnum, device id, subsystem, devtype, device
    /// number, ifindex, node, link priority, links, diskseq (`Q:` before systemd 254, `B:`
    /// since), driver, properties and tags (`G:`, current tags `Q:`).
    package static let udevadm = RecordKinds("PMRJUTDINLSQBVEG")
    /// `umockdev-record`: path, node, links, properties, text and hex attributes, link attributes.
    package static let umockdev = RecordKinds("PNSEAHL")
}

/// The line-oriented text shared by udevadm dumps and umockdev recordings: records separated
/// by blank lines, each line `X: value` (split by ``RecordScanner``), and how one record becomes
/// a ``Device``.
package enum RecordText {
    /// Splits the bytes into records, one at a time; see ``RecordScanner`` for what is
    /// tolerated.
    /// - Parameters:
    ///   - input: The file's bytes, in memory or read in pieces.
    ///   - path: The file name for messages.
    ///   - kinds: The line kinds of the format.
    ///   - warnings: Receives what was tolerated.
    ///   - record: Called with each record's lines, starting with its `P:` line.
    /// - Returns: How many records there were.
    /// - Throws: ``SourceError/unreadable(path:reason:)`` when the file cannot be read.
    static func forEachRecord(
        _ input: RecordBytes, path: String, kinds: RecordKinds, warnings: inout WarningLog,
        _ record: ([RecordLine]) -> Void
    ) throws(SourceError) -> Int {
        var scanner = RecordScanner(kinds: kinds)
        try input.forEachPiece(path: path) { piece, isLast in
            scanner.scan(piece, isLast: isLast, warnings: &warnings, record: record)
        }
        return scanner.recordCount
    }

    /// A short, printable excerpt of a line for messages.
    static func preview(_ line: some StringProtocol) -> String {
        // Only the first 41 scalars are looked at: a 60 MB line costs no more than a short one.
        var cleaned = String.UnicodeScalarView()
        var more = false
        for (index, scalar) in line.unicodeScalars.enumerated() {
            if index == 40 {
                more = true
                break
            }
            cleaned.append(scalar.value < 0x20 || scalar.value == 0x7f ? "?" : scalar)
        }
        return String(cleaned) + (more ? "…" : "")
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
    package static func devpath(_ value: String) -> String {
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
    package static func device(
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
        var properties: [PropertyList.Pair] = []
        // Room for exactly the `E:` lines, so the list keeps this array instead of an
        // exact-size copy of a grown one.
        var propertyLines = 0
        for line in block where line.kind == UInt8(ascii: "E") { propertyLines += 1 }
        properties.reserveCapacity(propertyLines)
        for line in block.dropFirst() {
            switch line.kind {
            case UInt8(ascii: "N"):
                // umockdev writes `N: bus/usb/001/011=<hex contents>`: the name comes first.
                let name = line.value.split(separator: "=", maxSplits: 1).first.map(String.init)
                if let name, !name.isEmpty { device.devnode = "/dev/" + name }
            case UInt8(ascii: "S"):
                links.append(line.value)
            case UInt8(ascii: "E"):
                guard let key = line.key else {
                    warnings.add(line: line.number, "'E:' line without KEY=value: skipped")
                    continue
                }
                // `DEVPATH` repeats the id: one string serves both.
                let value = key == "DEVPATH" && line.value == id ? id : line.value
                properties.append(PropertyList.Pair(key: key, value: value))
            default:
                other(&device, line, &warnings)
            }
        }
        device.propertyList = PropertyList(collecting: properties)
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

/// A source over one of the two line-oriented formats (a udevadm dump, a umockdev recording):
/// what both share — the three ways to make one and the loop that turns records into linked
/// device records — lives here once; each format says how a record becomes a device.
protocol RecordTextSource: DeviceSource {
    /// The bytes, in memory or read from a file in pieces.
    var bytes: RecordBytes { get }
    /// The file name used in messages and in ``SourceInfo/path``.
    var path: String { get }
    /// The line kinds the format knows.
    static var kinds: RecordKinds { get }

    /// Creates a source over bytes in memory or in a file.
    init(bytes: RecordBytes, path: String)

    /// One record's device, or `nil` (with a warning) when the record cannot be read.
    func device(from block: [RecordLine], warnings: inout WarningLog) -> Device?
}

extension RecordTextSource {
    /// Creates a source over bytes in memory.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name for messages.
    init(data: Data, path: String) {
        self.init(bytes: .data(data), path: path)
    }

    /// Creates a source over text.
    /// - Parameters:
    ///   - text: The text.
    ///   - path: The file name for messages.
    init(text: String, path: String) {
        self.init(data: Data(text.utf8), path: path)
    }

    /// Every readable record as a device, parents linked, with the line warnings first and the
    /// records' own after them (as when all lines were read first, so which warnings are kept
    /// past the limit does not depend on reading in pieces).
    /// - Parameter warnings: Receives what was tolerated.
    /// - Returns: The devices, never empty.
    /// - Throws: ``SourceError/malformed(path:line:reason:)`` when no device record can be read,
    ///   ``SourceError/unreadable(path:reason:)`` when the file cannot be read.
    func linkedDevices(warnings: inout WarningLog) throws(SourceError) -> [Device] {
        var recordWarnings = WarningLog()
        var devices: [Device] = []
        let records = try RecordText.forEachRecord(
            bytes, path: path, kinds: Self.kinds, warnings: &warnings
        ) { block in
            if let device = device(from: block, warnings: &recordWarnings) {
                devices.append(device)
            }
        }
        warnings.append(recordWarnings)
        guard !devices.isEmpty else {
            let first = warnings.kept.first { $0.reason.hasSuffix("record skipped") }
            throw .malformed(
                path: path, line: records == 0 ? nil : first?.line,
                reason: records == 0
                    ? "no 'P:' device record" : "no readable device record: \(first?.reason ?? "")")
        }
        DeviceTree.linkParents(in: &devices)
        return devices
    }
}
