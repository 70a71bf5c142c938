import Foundation

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
    /// - Throws: ``EDIDError`` when shorter than 128 bytes or without the header.
    public init(bytes: [UInt8]) throws(EDIDError) {
        guard bytes.count >= 128 else { throw .tooShort(count: bytes.count) }
        guard Array(bytes[0..<8]) == [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00] else {
            throw .badHeader
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
        return String(decoding: field, as: UTF8.self).trimmingCharacters(in: .whitespaces)
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
    public var timings: [EDIDTiming] { baseTimings + ctaTimings + displayIDTimings }

    /// The native mode: the largest (by pixel count) of the first base DTD and the
    /// DisplayID timings, preferring preferred ones on ties; DTD 1 alone when there is no
    /// DisplayID block (the Samsung C49RG9's 5120×1440 exists only in DisplayID).
    public var nativeMode: EDIDTiming? {
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
    public var checksumsAreValid: Bool { checksumsValid.allSatisfy { $0 } }
}
