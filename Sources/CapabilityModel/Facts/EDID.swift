import CapabilitySupport
import FoundationEssentials

/// A decoded EDID: identity, basic parameters, detailed timings and DisplayID native modes.
///
/// Only `1 + byte 126` blocks are read (some dumps hold more bytes than the header
/// announces); each block's checksum is checked and reported, not enforced.
public struct EDID: Sendable, Equatable {
    /// The three-letter PNP manufacturer id (`SAM`, `GSM`).
    public var vendor: String
    /// The product code (little-endian u16 at byte 10).
    public var productCode: Int
    /// The display product name (descriptor 0xFC), if any.
    public var name: String?
    /// The EDID version, e.g. `1.4`.
    public var version: String
    /// Whether the input is digital (byte 20 bit 7).
    public var isDigital: Bool
    /// Maximum image width in cm (byte 21; 0 = unknown or aspect ratio).
    public var widthCM: Int
    /// Maximum image height in cm (byte 22).
    public var heightCM: Int
    /// Detailed timings of the base block, in order (the first is the preferred mode).
    public var baseTimings: [EDIDTiming]
    /// Detailed timings of CTA-861 extension blocks.
    public var ctaTimings: [EDIDTiming]
    /// Detailed timings of DisplayID extension blocks (tag 0x70).
    public var displayIDTimings: [EDIDTiming]
    /// Number of extension blocks announced in byte 126.
    public var extensionCount: Int
    /// Number of 128-byte blocks decoded (at most 1 + ``extensionCount``).
    public var blockCount: Int
    /// Whether each decoded block's bytes sum to 0 mod 256.
    public var checksumsValid: [Bool]

    /// Decodes an EDID.
    /// - Parameter bytes: The raw bytes (`/sys/class/drm/*/edid`).
    /// - Throws: an ``InputProblem`` of kind `edid` when shorter than 128 bytes or without
    ///   the header.
    public init(bytes: [UInt8]) throws(InputProblem) {
        guard bytes.count >= 128 else { throw .edidTooShort(count: bytes.count) }
        guard Array(bytes[0..<8]) == [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] else {
            throw .edidBadHeader
        }
        let packed = Int(bytes[8]) << 8 | Int(bytes[9])
        let letters = [(packed >> 10) & 31, (packed >> 5) & 31, packed & 31].map { code -> UInt8 in
            (1...26).contains(code) ? UInt8(64 + code) : UInt8(ascii: "?")
        }
        vendor = String(decoding: letters, as: UTF8.self)
        productCode = Int(bytes[10]) | Int(bytes[11]) << 8
        version = "\(bytes[18]).\(bytes[19])"
        isDigital = bytes[20] & 0x80 != 0
        widthCM = Int(bytes[21])
        heightCM = Int(bytes[22])
        extensionCount = Int(bytes[126])
        blockCount = min(1 + extensionCount, bytes.count / 128)
        checksumsValid = (0..<blockCount).map { block in
            bytes[(block * 128)..<(block * 128 + 128)].reduce(0) { ($0 + Int($1)) & 0xFF } == 0
        }
        name = nil
        baseTimings = []
        for offset in stride(from: 54, to: 126, by: 18) {
            if let timing = EDIDTiming.descriptor(bytes, at: offset, origin: .base) {
                baseTimings.append(timing)
            } else if bytes[offset + 3] == 0xFC {
                name = Self.descriptorText(bytes, at: offset)
            }
        }
        if !baseTimings.isEmpty { baseTimings[0].preferred = true }
        ctaTimings = []
        displayIDTimings = []
        for block in 1..<max(1, blockCount) {
            let start = block * 128
            switch bytes[start] {
            case 0x02: ctaTimings += Self.ctaTimings(bytes, block: start)
            case 0x70: displayIDTimings += Self.displayIDTimings(bytes, block: start)
            default: break
            }
        }
    }

    /// Text of a display descriptor (13 bytes from offset 5, ended by 0x0A, padded).
    static func descriptorText(_ bytes: [UInt8], at offset: Int) -> String {
        let field = bytes[(offset + 5)..<(offset + 18)].prefix { $0 != 0x0A && $0 != 0 }
        return String(decoding: field, as: UTF8.self).trimming(.whitespaces)
    }

    /// DTDs of a CTA-861 block: from the offset in byte 2 to the end, 18 bytes each.
    static func ctaTimings(_ bytes: [UInt8], block start: Int) -> [EDIDTiming] {
        let first = Int(bytes[start + 2])
        guard first >= 4 else { return [] }
        var result: [EDIDTiming] = []
        var offset = start + first
        while offset + 18 <= start + 127,
            let timing = EDIDTiming.descriptor(bytes, at: offset, origin: .cta)
        {
            result.append(timing)
            offset += 18
        }
        return result
    }

    /// Detailed timings of a DisplayID extension block: the section (version, length,
    /// product type, extension count) starts at byte 1; data blocks (tag, revision,
    /// length) follow; tag 0x03 = type I timings, 0x22 = type VII, 20 bytes each.
    static func displayIDTimings(_ bytes: [UInt8], block start: Int) -> [EDIDTiming] {
        let sectionLength = Int(bytes[start + 2])
        let end = min(start + 5 + sectionLength, start + 127)
        var offset = start + 5
        var result: [EDIDTiming] = []
        while offset + 3 <= end {
            let tag = bytes[offset]
            let length = Int(bytes[offset + 2])
            if tag == 0 && length == 0 { break }  // padding
            let payload = offset + 3
            if tag == 0x03 || tag == 0x22 {
                let unit = tag == 0x03 ? 10 : 1
                for descriptor in stride(from: payload, to: min(payload + length, end) - 19, by: 20)
                {
                    if let timing = EDIDTiming.displayID(bytes, at: descriptor, clockUnitKHz: unit)
                    {
                        result.append(timing)
                    }
                }
            }
            offset = payload + length
        }
        return result
    }

    /// All detailed timings: base, then CTA, then DisplayID.
    var timings: [EDIDTiming] { baseTimings + ctaTimings + displayIDTimings }

    /// The native mode: the largest (by pixel count) of the first base DTD and the
    /// DisplayID timings, preferring preferred ones on ties; DTD 1 alone when there is no
    /// DisplayID block (the Samsung C49RG9's 5120×1440 exists only in DisplayID).
    var nativeMode: EDIDTiming? {
        let candidates = Array(baseTimings.prefix(1)) + displayIDTimings
        return candidates.enumerated().max { left, right in
            let a = left.element
            let b = right.element
            if a.width * a.height != b.width * b.height {
                return a.width * a.height < b.width * b.height
            }
            if a.preferred != b.preferred { return !a.preferred }
            if a.refreshHz != b.refreshHz { return a.refreshHz < b.refreshHz }
            return left.offset > right.offset
        }?.element
    }

    /// Whether every decoded block has a valid checksum.
    var checksumsAreValid: Bool { checksumsValid.allSatisfy { $0 } }
}

/// One detailed timing from an EDID: a base-block or CTA-861 DTD, or a DisplayID type I
/// / type VII detailed timing.
public struct EDIDTiming: Sendable, Equatable {
    /// Where the timing was found.
    public enum Origin: String, Sendable, Equatable {
        /// A detailed timing descriptor of the base block.
        case base
        /// A DTD in a CTA-861 extension block.
        case cta
        /// A DisplayID detailed timing (type I or VII) in an extension block.
        case displayID = "displayid"
    }

    /// Active pixels per line.
    public var width: Int
    /// Active lines.
    public var height: Int
    /// The pixel clock in kHz.
    public var pixelClockKHz: Int
    /// The refresh rate in Hz (frames per second; fields for interlaced modes).
    public var refreshHz: Double
    /// The image width in mm from the descriptor (0 = not given).
    public var widthMM: Int
    /// The image height in mm from the descriptor (0 = not given).
    public var heightMM: Int
    /// Whether the timing is flagged preferred (DisplayID) or is the base block's first DTD.
    public var preferred: Bool
    /// Where it was found.
    public var origin: Origin

    /// Creates a timing.
    /// - Parameters:
    ///   - width: Active pixels per line.
    ///   - height: Active lines.
    ///   - pixelClockKHz: Pixel clock in kHz.
    ///   - refreshHz: Refresh rate.
    ///   - widthMM: Image width in mm.
    ///   - heightMM: Image height in mm.
    ///   - preferred: Preferred flag.
    ///   - origin: Where it was found.
    init(
        width: Int, height: Int, pixelClockKHz: Int, refreshHz: Double, widthMM: Int = 0,
        heightMM: Int = 0,
        preferred: Bool = false, origin: Origin = .base
    ) {
        self.width = width
        self.height = height
        self.pixelClockKHz = pixelClockKHz
        self.refreshHz = refreshHz
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.preferred = preferred
        self.origin = origin
    }

    /// The mode as `WxH@Hz`, the rate rounded to an integer.
    public var mode: String { "\(width)x\(height)@\(Int(refreshHz.rounded()))" }

    /// Parses an 18-byte detailed timing descriptor (EDID 1.3/1.4 layout).
    /// - Parameters:
    ///   - bytes: The EDID bytes.
    ///   - offset: Where the descriptor starts.
    ///   - origin: The block kind.
    /// - Returns: The timing, or `nil` for a display descriptor (pixel clock 0) or an empty mode.
    package static func descriptor(_ bytes: [UInt8], at offset: Int, origin: Origin) -> EDIDTiming?
    {
        guard offset + 18 <= bytes.count else { return nil }
        let b = { (index: Int) in Int(bytes[offset + index]) }
        let clock = (b(0) | b(1) << 8) * 10
        guard clock > 0 else { return nil }
        let width = b(2) | (b(4) & 0xF0) << 4
        let horizontalBlank = b(3) | (b(4) & 0x0F) << 8
        let height = b(5) | (b(7) & 0xF0) << 4
        let verticalBlank = b(6) | (b(7) & 0x0F) << 8
        let widthMM = b(12) | (b(14) & 0xF0) << 4
        let heightMM = b(13) | (b(14) & 0x0F) << 8
        let interlaced = b(17) & 0x80 != 0
        let total = (width + horizontalBlank) * (height + verticalBlank)
        guard width > 0, height > 0, total > 0 else { return nil }
        let refresh = Double(clock) * 1000 / Double(total)  // field rate when interlaced
        return EDIDTiming(
            width: width, height: interlaced ? height * 2 : height, pixelClockKHz: clock,
            refreshHz: refresh,
            widthMM: widthMM, heightMM: heightMM, origin: origin)
    }

    /// Parses a 20-byte DisplayID detailed timing (type I: clock in 10 kHz; type VII: in
    /// 1 kHz); every field is stored minus one.
    /// - Parameters:
    ///   - bytes: The EDID bytes.
    ///   - offset: Where the descriptor starts.
    ///   - clockUnitKHz: 10 for type I, 1 for type VII.
    /// - Returns: The timing, or `nil` when out of range.
    static func displayID(_ bytes: [UInt8], at offset: Int, clockUnitKHz: Int) -> EDIDTiming? {
        guard offset + 20 <= bytes.count else { return nil }
        let b = { (index: Int) in Int(bytes[offset + index]) }
        let clock = ((b(0) | b(1) << 8 | b(2) << 16) + 1) * clockUnitKHz
        let width = (b(4) | b(5) << 8) + 1
        let horizontalBlank = (b(6) | b(7) << 8) + 1
        let height = (b(12) | b(13) << 8) + 1
        let verticalBlank = (b(14) | b(15) << 8) + 1
        let total = (width + horizontalBlank) * (height + verticalBlank)
        let refresh = Double(clock) * 1000 / Double(total)
        return EDIDTiming(
            width: width, height: height, pixelClockKHz: clock, refreshHz: refresh,
            preferred: b(3) & 0x80 != 0, origin: .displayID)
    }
}

/// Why bytes are not a usable EDID, as an ``InputProblem`` of kind `edid` or `edid hex`.
extension InputProblem {
    /// Fewer than 128 bytes.
    package static func edidTooShort(count: Int) -> InputProblem {
        InputProblem(kind: "edid", reason: "\(count) bytes, need at least 128")
    }

    /// The base block does not start with `00 FF FF FF FF FF FF 00`.
    package static let edidBadHeader = InputProblem(
        kind: "edid", place: .key("block 0"), reason: "header is not 00 ff ff ff ff ff ff 00")

    /// Hex text that could not be read.
    package static func edidBadHex(line: Int?, _ reason: String) -> InputProblem {
        InputProblem(kind: "edid hex", place: line.map { .line($0) }, reason: reason)
    }
}

/// Reads the hex dump that follows `edid-decode (hex):` in linuxhw/EDID files (16 bytes
/// per line as two-digit hex, blocks separated by blank lines, ended by a `----` line).
public enum EDIDHexText {
    /// The raw bytes of the dump.
    /// - Parameter text: The whole file.
    /// - Returns: The bytes.
    /// - Throws: an ``InputProblem`` of kind `edid hex`, naming the line, when the marker is
    ///   missing or a token is not hex.
    public static func bytes(from text: String) throws(InputProblem) -> [UInt8] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix("edid-decode (hex):") }) else {
            throw .edidBadHex(line: nil, "no 'edid-decode (hex):' line")
        }
        var bytes: [UInt8] = []
        for (number, line) in lines.enumerated().dropFirst(marker + 1) {
            if line.hasPrefix("---") { break }
            for token in line.split(whereSeparator: \.isWhitespace) {
                guard token.count == 2, let byte = UInt8(token, radix: 16) else {
                    throw .edidBadHex(line: number + 1, "'\(token)' is not a hex byte")
                }
                bytes.append(byte)
            }
        }
        return bytes
    }
}

extension EDID {
    /// A summary for a display finding's per-device details: `vendor`, `product`, `name`,
    /// `version`, `digital`, `size_cm` [w, h], `native_mode`, `modes` (all detailed timings,
    /// deduplicated, in EDID order), `checksums_valid`.
    package var json: JSONValue {
        var seen: Set<String> = []
        let modes = timings.map(\.mode).filter { seen.insert($0).inserted }
        var object: [String: JSONValue] = [
            "vendor": .string(vendor), "product": .int(productCode), "version": .string(version),
            "digital": .bool(isDigital), "size_cm": .array([.int(widthCM), .int(heightCM)]),
            "modes": .array(modes.map(JSONValue.string)),
            "checksums_valid": .bool(checksumsAreValid),
        ]
        if let name { object["name"] = .string(name) }
        if let nativeMode { object["native_mode"] = .string(nativeMode.mode) }
        return .object(object)
    }
}
