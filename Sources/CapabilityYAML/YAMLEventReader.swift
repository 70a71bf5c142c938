import CapabilitySupport
internal import CYAML

/// A pull reader of YAML events over libyaml's event parser (`yaml_parser_parse`).
///
/// The reader is bounded: a document larger than ``maxBytes`` is refused before parsing, and
/// so is nesting deeper than ``maxDepth``; anchors and aliases are refused (a DEP-11 catalog
/// has none, and an alias can multiply a small file into a huge tree). libyaml holds a whole
/// scalar in memory while it scans it, so the text between two events (a scalar, a comment, a
/// run of blank lines) may be at most ``maxPieceBytes`` long: libyaml is handed the input
/// through a read handler (`yaml_parser_set_input`) that stops past it, instead of growing a
/// buffer to the size of the file. libyaml checks the encoding (UTF-8 or UTF-16 by byte-order
/// mark) and refuses control characters. The reader owns its `yaml_parser_t` and the input
/// it hands on (the caller's bytes, not a copy), freed in `deinit`; one reader reads one
/// stream, on the thread that made it.
package final class YAMLEventReader {
    /// The largest input accepted, in bytes.
    package let maxBytes: Int
    /// The deepest nesting of mappings and sequences accepted.
    package let maxDepth: Int
    /// The most bytes libyaml may read between two events.
    package let maxPieceBytes: Int
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: Input
    private var initialized: Bool
    private var depth = 0
    private var finished = false
    private var failure: InputProblem?
    /// Where the last event reported ended: the start of an overlong piece.
    private var lastEnd = YAMLPosition(line: 1, column: 1)

    /// The bytes libyaml reads, handed over in the pieces it asks for, counting what it read
    /// since the last event.
    private final class Input {
        let count: Int
        /// Copies up to `size` bytes from `offset` to `buffer`; returns how many.
        let copy: (_ offset: Int, _ buffer: UnsafeMutablePointer<UInt8>, _ size: Int) -> Int
        var offset = 0
        var sinceEvent = 0
        var limit = Int.max
        var overlong = false

        init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            count = bytes.count
            copy = { offset, buffer, size in
                let copied = bytes.withContiguousStorageIfAvailable {
                    storage -> Int in
                    guard let base = storage.baseAddress else { return 0 }
                    let count = min(size, storage.count - offset)
                    buffer.update(from: base + offset, count: count)
                    return count
                }
                if let copied { return copied }
                var index = bytes.index(bytes.startIndex, offsetBy: offset)
                var count = 0
                while count < size, index != bytes.endIndex {
                    buffer[count] = bytes[index]
                    bytes.formIndex(after: &index)
                    count += 1
                }
                return count
            }
        }

        /// libyaml's read handler: 1 with the bytes read (0 at the end), 0 past the limit.
        func read(into buffer: UnsafeMutablePointer<UInt8>, size: Int, read: inout Int) -> Int32 {
            let wanted = min(size, count - offset)
            guard sinceEvent + wanted <= limit || wanted == 0 else {
                overlong = true
                return 0
            }
            let got = wanted > 0 ? copy(offset, buffer, wanted) : 0
            offset += got
            sinceEvent += got
            read = got
            return 1
        }
    }

    /// A reader over `bytes`, read in place (not copied).
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - maxBytes: The largest input accepted (512 MiB unless told).
    ///   - maxDepth: The deepest nesting accepted (64 unless told).
    ///   - maxPieceBytes: The most bytes between two events (16 MiB unless told).
    package init<Bytes: Collection<UInt8>>(
        _ bytes: Bytes, maxBytes: Int = 512 * 1024 * 1024, maxDepth: Int = 64,
        maxPieceBytes: Int = 16 * 1024 * 1024
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxPieceBytes = maxPieceBytes
        parser = .allocate(capacity: 1)
        input = Input(bytes)
        // libyaml reads ahead in pieces of up to 16 KiB: allow for one beyond the limit.
        input.limit = maxPieceBytes + 65_536
        initialized = yaml_parser_initialize(parser) != 0
        if !initialized {
            failure = InputProblem(
                position: YAMLPosition(line: 1, column: 1),
                message: "libyaml could not make a parser (out of memory)")
        } else if input.count > maxBytes {
            failure = InputProblem(
                position: YAMLPosition(line: 1, column: 1),
                message: "the document is larger than \(maxBytes) bytes")
        } else {
            yaml_parser_set_input(
                parser,
                { context, buffer, size, read in
                    guard let context, let buffer, let read else { return 0 }
                    let input = Unmanaged<Input>.fromOpaque(context).takeUnretainedValue()
                    return input.read(into: buffer, size: size, read: &read.pointee)
                }, Unmanaged.passUnretained(input).toOpaque())
        }
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
    }

    /// The next event and where it starts, or nil at the end of the stream.
    /// - Returns: The event and its position.
    /// - Throws: ``InputProblem``: libyaml's first error, an anchor or alias, or a limit;
    ///   every later call throws the same error.
    package func next() throws(InputProblem) -> (YAMLEvent, YAMLPosition)? {
        while true {
            if let failure { throw failure }
            if finished { return nil }
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) != 0 else {
                let failed = parserError()
                failure = failed
                throw failed
            }
            defer { yaml_event_delete(&event) }
            input.sinceEvent = 0
            lastEnd = YAMLPosition(
                line: Int(event.end_mark.line) + 1, column: Int(event.end_mark.column) + 1)
            let position = YAMLPosition(
                line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch translate(&event, at: position) {
            case .success(let translated?): return (translated, position)
            case .success(nil): continue
            case .failure(let error):
                failure = error
                throw error
            }
        }
    }

    /// One libyaml event as a ``YAMLEvent``, nil for one that is not reported, or the
    /// refusal of an anchor, an alias or too deep a nesting.
    private func translate(_ event: inout yaml_event_t, at position: YAMLPosition)
        -> Result<YAMLEvent?, InputProblem>
    {
        let refusal = InputProblem(
            position: position, message: "anchors and aliases are not accepted")
        let tooDeep = InputProblem(
            position: position, message: "nesting deeper than \(maxDepth) levels")
        switch event.type {
        case YAML_STREAM_START_EVENT: return .success(nil)
        case YAML_STREAM_END_EVENT:
            finished = true
            return .success(nil)
        case YAML_DOCUMENT_START_EVENT: return .success(.documentStart)
        case YAML_DOCUMENT_END_EVENT: return .success(.documentEnd)
        case YAML_ALIAS_EVENT: return .failure(refusal)
        case YAML_SCALAR_EVENT:
            if event.data.scalar.anchor != nil { return .failure(refusal) }
            let length = event.data.scalar.length
            let value = event.data.scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
            return .success(
                .scalar(value ?? "", quoted: event.data.scalar.style != YAML_PLAIN_SCALAR_STYLE))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let anchor =
                event.type == YAML_SEQUENCE_START_EVENT
                ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
            if anchor != nil { return .failure(refusal) }
            depth += 1
            if depth > maxDepth { return .failure(tooDeep) }
            return .success(
                event.type == YAML_SEQUENCE_START_EVENT ? .sequenceStart : .mappingStart)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            depth -= 1
            return .success(event.type == YAML_SEQUENCE_END_EVENT ? .sequenceEnd : .mappingEnd)
        default: return .success(nil)
        }
    }

    /// libyaml's error: its problem (and context) at the problem's place; a piece past
    /// ``maxPieceBytes`` at the end of the node before it; running out of memory where
    /// libyaml was reading.
    private func parserError() -> InputProblem {
        if input.overlong {
            let size =
                maxPieceBytes % 1_048_576 == 0
                ? "\(maxPieceBytes / 1_048_576) MiB" : "\(maxPieceBytes) bytes"
            return InputProblem(
                position: lastEnd,
                message:
                    "a scalar, comment or run of blank lines longer than \(size) "
                    + "(the most capcheck reads in one piece)")
        }
        let state = parser.pointee
        let here = YAMLPosition(line: Int(state.mark.line) + 1, column: Int(state.mark.column) + 1)
        switch state.error {
        case YAML_MEMORY_ERROR:
            return InputProblem(
                position: here,
                message: "libyaml ran out of memory (the document needs more than capcheck may use)"
            )
        case YAML_READER_ERROR:
            // The reader reports a byte offset, not a line: the place it had read up to.
            let problem = state.problem.map { String(cString: $0) } ?? "cannot be decoded"
            return InputProblem(position: here, message: problem)
        default:
            let problem =
                state.problem.map { String(cString: $0) }
                ?? "libyaml error \(state.error.rawValue) without a message"
            let context = state.context.map { " " + String(cString: $0) } ?? ""
            return InputProblem(
                position: YAMLPosition(
                    line: Int(state.problem_mark.line) + 1,
                    column: Int(state.problem_mark.column) + 1),
                message: problem + context)
        }
    }
}
