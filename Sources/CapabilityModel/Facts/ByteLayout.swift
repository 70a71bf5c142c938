/// Reads and writes little-endian fields of C structs held as bytes (x86_64 and aarch64
/// layouts; both are little-endian with the same alignment for these structs).
package enum ByteLayout {
    /// An unsigned 32-bit field, or 0 when the buffer is too short.
    package static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
            | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// A signed 32-bit field.
    package static func int32(_ bytes: [UInt8], at offset: Int) -> Int32 {
        Int32(bitPattern: uint32(bytes, at: offset))
    }

    /// An unsigned 16-bit field.
    static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    /// A NUL-terminated (or full-length) C string field, decoded as UTF-8 with repairs.
    package static func string(_ bytes: [UInt8], at offset: Int, length: Int) -> String {
        guard offset >= 0, offset < bytes.count else { return "" }
        let field = bytes[offset..<min(bytes.count, offset + length)]
        let text = field.prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// Stores an unsigned 32-bit field.
    package static func set(_ value: UInt32, in bytes: inout [UInt8], at offset: Int) {
        guard offset >= 0, offset + 4 <= bytes.count else { return }
        for index in 0..<4 {
            bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
        }
    }

    /// Stores an unsigned 16-bit field.
    static func set16(_ value: UInt16, in bytes: inout [UInt8], at offset: Int) {
        guard offset >= 0, offset + 2 <= bytes.count else { return }
        bytes[offset] = UInt8(truncatingIfNeeded: value)
        bytes[offset + 1] = UInt8(truncatingIfNeeded: value >> 8)
    }

    /// A FourCC code as its four-character string (`YUYV`), trailing spaces kept.
    package static func fourcc(_ code: UInt32) -> String {
        let characters = (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }
        return String(
            decoding: characters.map { (32...126).contains($0) ? $0 : 0x3F }, as: UTF8.self)
    }
}
