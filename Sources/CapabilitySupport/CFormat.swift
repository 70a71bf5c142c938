import Glibc

/// C's `printf` formatting, for the few numbers printed with a fixed precision or width
/// (`%.2f`, `%08x`). Foundation's `String(format:)` is not in `FoundationEssentials`; this is
/// the C library's own `vsnprintf`, in the C locale the process runs in.
/// - Parameters:
///   - format: A `printf` format with conversions for `arguments`.
///   - arguments: The values.
/// - Returns: The formatted text.
package func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    while true {
        let needed = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList(arguments) { list in
                vsnprintf(pointer.baseAddress, pointer.count, format, list)
            }
        }
        if needed < 0 { return "" }
        if Int(needed) < buffer.count {
            return String(
                decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    }
}
