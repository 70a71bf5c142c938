import CapabilitySupport
import CZlib
import FoundationEssentials

/// Inflates gzip (or zlib) data with zlib; owns the `z_stream` and ends it in `deinit`.
/// Output is bounded by a limit, so a gzip bomb cannot take unbounded memory.
package final class GzipInflater {
    /// What an ``InputProblem`` of the inflater says it was reading.
    static let kind = "gzip data"

    private var stream = z_stream()
    private var initialized = false

    private init() throws(InputProblem) {
        guard capcheck_inflate_init_gzip(&stream) == Z_OK else {
            throw InputProblem(kind: Self.kind, reason: "zlib cannot start inflating")
        }
        initialized = true
    }

    deinit {
        if initialized { inflateEnd(&stream) }
    }

    /// Inflates a whole buffer (several gzip members are read one after another).
    /// - Parameters:
    ///   - data: The compressed bytes.
    ///   - limit: The largest output accepted, in bytes.
    /// - Returns: The inflated bytes.
    /// - Throws: ``InputProblem`` (kind `gzip data`) for corrupt, truncated or oversized data.
    package static func inflate(_ data: Data, limit: Int) throws(InputProblem) -> Data {
        let inflater = try GzipInflater()
        return try inflater.run(Array(data), limit: limit)
    }

    private func run(_ input: [UInt8], limit: Int) throws(InputProblem) -> Data {
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset = 0
        while true {
            var status: Int32 = Z_OK
            var filled = false
            let consumed: Int = input.withUnsafeBufferPointer { source in
                chunk.withUnsafeMutableBufferPointer { buffer in
                    guard let base = source.baseAddress, let out = buffer.baseAddress else {
                        status = Z_BUF_ERROR
                        return 0
                    }
                    stream.next_in = UnsafeMutablePointer(mutating: base + offset)
                    stream.avail_in = uInt(min(input.count - offset, Int(UInt32.max)))
                    stream.next_out = out
                    stream.avail_out = uInt(buffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    filled = stream.avail_out == 0
                    output.append(out, count: buffer.count - Int(stream.avail_out))
                    let used = (input.count - offset) - Int(stream.avail_in)
                    stream.next_in = nil
                    stream.next_out = nil
                    return used
                }
            }
            offset += consumed
            if output.count > limit {
                throw InputProblem(
                    kind: Self.kind,
                    reason:
                        "larger than \(limit / 1_048_576) MiB when inflated (the most capcheck reads)"
                )
            }
            switch status {
            case Z_STREAM_END:
                // Another gzip member may follow; anything else after the end is ignored.
                guard offset < input.count, input[offset] == 0x1F else { return output }
                inflateReset(&stream)
            case Z_OK:
                if !filled, offset >= input.count {
                    throw InputProblem(kind: Self.kind, reason: "truncated")
                }
            case Z_BUF_ERROR:
                if offset >= input.count || consumed == 0 {
                    throw InputProblem(kind: Self.kind, reason: "truncated")
                }
            default:
                throw InputProblem(kind: Self.kind, reason: "corrupt data")
            }
        }
    }
}
