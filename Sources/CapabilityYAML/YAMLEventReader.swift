internal import CYAML

/// A pull reader of YAML events over libyaml's event parser (`yaml_parser_parse`).
///
/// The reader is bounded: a document larger than ``maxBytes`` is refused before parsing, and
/// so is nesting deeper than ``maxDepth``; anchors and aliases are refused (a DEP-11 catalog
/// has none, and an alias can multiply a small file into a huge tree). libyaml checks the
/// encoding (UTF-8 or UTF-16 by byte-order mark) and refuses control characters. The reader
/// owns its `yaml_parser_t` and a copy of the input libyaml reads from, both freed in
/// `deinit`; one reader reads one stream, on the thread that made it.
package final class YAMLEventReader {
    /// The largest input accepted, in bytes.
    package let maxBytes: Int
    /// The deepest nesting of mappings and sequences accepted.
    package let maxDepth: Int
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var initialized: Bool
    private var depth = 0
    private var finished = false
    private var failure: YAMLReadError?

    /// A reader over `bytes`.
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - maxBytes: The largest input accepted (512 MiB unless told).
    ///   - maxDepth: The deepest nesting accepted (64 unless told).
    package init(_ bytes: [UInt8], maxBytes: Int = 512 * 1024 * 1024, maxDepth: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        parser = .allocate(capacity: 1)
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        initialized = yaml_parser_initialize(parser) != 0
        if !initialized {
            failure = YAMLReadError(
                position: YAMLPosition(line: 1, column: 1),
                message: "libyaml could not make a parser (out of memory)")
        } else if bytes.count > maxBytes {
            failure = YAMLReadError(
                position: YAMLPosition(line: 1, column: 1),
                message: "the document is larger than \(maxBytes) bytes")
        } else if let base = input.baseAddress {
            yaml_parser_set_input_string(parser, base, bytes.count)
        }
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
        input.deallocate()
    }

    /// The next event and where it starts, or nil at the end of the stream.
    /// - Returns: The event and its position.
    /// - Throws: ``YAMLReadError``: libyaml's first error, an anchor or alias, or a limit;
    ///   every later call throws the same error.
    package func next() throws(YAMLReadError) -> (YAMLEvent, YAMLPosition)? {
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
        -> Result<YAMLEvent?, YAMLReadError>
    {
        let refusal = YAMLReadError(
            position: position, message: "anchors and aliases are not accepted")
        let tooDeep = YAMLReadError(
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

    /// libyaml's error: its problem (and context) at the problem's place.
    private func parserError() -> YAMLReadError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        let context = state.context.map { " " + String(cString: $0) } ?? ""
        return YAMLReadError(
            position: YAMLPosition(
                line: Int(state.problem_mark.line) + 1, column: Int(state.problem_mark.column) + 1),
            message: problem + context)
    }
}
