import CapabilitySupport
internal import CXML2
import Glibc

/// A place in a document, as libxml2 counts it: lines from 1, columns from 1.
package struct XMLPosition: Equatable, Sendable {
    /// The line.
    package var line: Int
    /// The column.
    package var column: Int

    /// A position.
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// One attribute of a start tag, or a namespace declaration on it (`xmlns`, `xmlns:p`).
package struct XMLAttribute: Equatable, Sendable {
    /// The qualified name as written (`android:name`, `xmlns:android`).
    package var name: String
    /// The value, references replaced.
    package var value: String

    /// An attribute.
    /// - Parameters:
    ///   - name: The qualified name as written.
    ///   - value: The value, references replaced.
    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What the reader reports, in document order. Comments, processing instructions and the
/// document type declaration are not reported.
package enum XMLEvent: Equatable, Sendable {
    /// A start tag (an empty-element tag is a start and an end): the qualified name as
    /// written, then its namespace declarations and its attributes in document order.
    case startElement(name: String, attributes: [XMLAttribute])
    /// An end tag, with the qualified name as written.
    case endElement(name: String)
    /// Character data (possibly one run in several events), references replaced.
    case text(String)
    /// The text of a CDATA section.
    case cdata(String)
}

/// A streaming XML reader over libxml2's push parser and SAX2 callbacks.
///
/// The parser never touches the network (`XML_PARSE_NONET`), never substitutes entities
/// (no `XML_PARSE_NOENT`), loads no DTD (no `XML_PARSE_DTDLOAD`), keeps libxml2's size
/// limits (no `XML_PARSE_HUGE`), ignores the declared encoding (`XML_PARSE_IGNORE_ENC`: the
/// caller hands it UTF-8 it has checked) and does not recover: it stops at the first
/// well-formedness error. It owns its `xmlParserCtxt`, freed in `deinit`; one reader parses
/// one document, on the thread that made it. libxml2 itself is opened on first use
/// (``LibXML2``); when it cannot be, ``parse(_:handler:)`` says so as its error.
package final class XMLEventReader {
    /// The largest document accepted, in bytes.
    package let maxBytes: Int
    private var context: UnsafeMutableRawPointer?
    private var library: LibXML2?
    private var handler: ((XMLEvent, XMLPosition) -> Void)?
    private var firstError: InputProblem?

    /// Bytes handed to libxml2 at a time (libxml2 refuses a single chunk over 10 MB without
    /// `XML_PARSE_HUGE`).
    static let chunkSize = 128 * 1024

    /// A reader.
    /// - Parameter maxBytes: The largest document accepted, in bytes.
    package init(maxBytes: Int = 1 << 30) {
        self.maxBytes = maxBytes
    }

    deinit {
        if let context, let library { library.freeParser(context) }
    }

    /// Parses `bytes`, calling `handler` for each event with the parser's position when
    /// libxml2 reported it (for a start tag, its end).
    /// - Parameters:
    ///   - bytes: The document as UTF-8.
    ///   - handler: Receives each event and its position.
    /// - Returns: The first error libxml2 reported (a warning counts), or `nil`: an
    ///   ``InputProblem`` at a line and column whose ``InputProblem/code`` is libxml2's error
    ///   number (`xmlParserErrors`: 4 the document is empty, 76 a mismatched tag, …), or 0
    ///   for the reader's own limits, its reason libxml2's message without its final newline.
    package func parse(
        _ bytes: [UInt8], handler: @escaping (XMLEvent, XMLPosition) -> Void
    ) -> InputProblem? {
        guard context == nil else {
            return Self.problem(
                0, XMLPosition(line: 1, column: 1), "an XMLEventReader parses one document")
        }
        guard bytes.count <= maxBytes else {
            return Self.problem(
                0, XMLPosition(line: 1, column: 1), "the document is larger than \(maxBytes) bytes")
        }
        let library: LibXML2
        switch LibXML2.shared {
        case .success(let loaded): library = loaded
        case .failure(let failure):
            return Self.problem(0, XMLPosition(line: 1, column: 1), failure.message)
        }
        self.library = library
        self.handler = handler
        defer { self.handler = nil }
        var sax = Self.saxHandler()
        let me = Unmanaged.passUnretained(self).toOpaque()
        let head = min(4, bytes.count)
        let created = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: head) {
                    library.createPushParser(&sax, me, $0, Int32(head), nil)
                }
            } ?? library.createPushParser(&sax, me, nil, 0, nil)
        }
        guard let created else {
            return Self.problem(
                Int(CAPCHECK_XML_ERR_NO_MEMORY), XMLPosition(line: 1, column: 1),
                "libxml2 could not create a parser")
        }
        context = created
        _ = library.useOptions(created, CAPCHECK_XML_PARSE_NONET | CAPCHECK_XML_PARSE_IGNORE_ENC)
        var offset = head
        bytes.withUnsafeBufferPointer { buffer in
            while firstError == nil, offset < bytes.count, let base = buffer.baseAddress {
                let count = min(Self.chunkSize, bytes.count - offset)
                let status = (base + offset).withMemoryRebound(to: CChar.self, capacity: count) {
                    library.parseChunk(created, $0, Int32(count), 0)
                }
                offset += count
                if status != 0 { break }
            }
        }
        var status: Int32 = 0
        if firstError == nil { status = library.parseChunk(created, nil, 0, 1) }
        if firstError == nil, status != 0 || (library.lastError(created)?.pointee.code ?? 0) != 0 {
            // An error libxml2 recorded without reporting it through the handler.
            let code = status != 0 ? status : library.lastError(created)?.pointee.code ?? 0
            firstError = Self.problem(Int(code), position(), "malformed document")
        }
        return firstError
    }

    /// A problem at `position`.
    private static func problem(_ code: Int, _ position: XMLPosition, _ reason: String)
        -> InputProblem
    {
        InputProblem(
            place: .lineColumn(line: position.line, column: position.column), reason: reason,
            code: code)
    }

    /// The parser's current position (`xmlSAX2GetLineNumber`, `xmlSAX2GetColumnNumber`).
    private func position() -> XMLPosition {
        guard let context, let library else { return XMLPosition(line: 1, column: 1) }
        return XMLPosition(
            line: Int(library.lineNumber(context)), column: Int(library.columnNumber(context)))
    }

    private func emit(_ event: XMLEvent) {
        guard firstError == nil else { return }
        handler?(event, position())
    }

    private func report(_ error: UnsafePointer<capcheck_xml_error>) {
        guard firstError == nil else { return }
        var message = error.pointee.message.map { String(cString: $0) } ?? ""
        while message.last == "\n" { message.removeLast() }
        firstError = Self.problem(Int(error.pointee.code), position(), message)
        if let context, let library { library.stopParser(context) }
    }

    /// The reader behind a callback's user data.
    private static func reader(_ data: UnsafeMutableRawPointer?) -> XMLEventReader? {
        data.map { Unmanaged<XMLEventReader>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A string from `count` bytes, or up to the NUL when `count` is `nil`.
    private static func string(_ bytes: UnsafePointer<capcheck_xml_char>?, count: Int? = nil)
        -> String
    {
        guard let bytes else { return "" }
        let length = count ?? strlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// `prefix:local`, or `local`.
    private static func qualified(
        _ local: UnsafePointer<capcheck_xml_char>?, _ prefix: UnsafePointer<capcheck_xml_char>?
    )
        -> String
    {
        let name = string(local)
        guard let prefix, prefix.pointee != 0 else { return name }
        return string(prefix) + ":" + name
    }

    /// The SAX2 callbacks: elements, character data and errors; nothing else.
    private static func saxHandler() -> capcheck_xml_sax_handler {
        var sax = capcheck_xml_sax_handler()
        sax.initialized = CAPCHECK_XML_SAX2_MAGIC
        sax.startElementNs = { data, local, prefix, _, namespaceCount, namespaces, count, _, raw in
            guard let reader = XMLEventReader.reader(data) else { return }
            var attributes: [XMLAttribute] = []
            if let namespaces {
                for index in 0..<Int(namespaceCount) {
                    let name =
                        namespaces[2 * index].map { "xmlns:" + XMLEventReader.string($0) }
                        ?? "xmlns"
                    attributes.append(
                        XMLAttribute(
                            name: name, value: XMLEventReader.string(namespaces[2 * index + 1])))
                }
            }
            if let raw {
                for index in 0..<Int(count) {
                    let base = 5 * index
                    guard let start = raw[base + 3], let end = raw[base + 4] else { continue }
                    // Without entity substitution libxml2 hands an escaped `&` on as `&#38;`
                    // (a literal `&` cannot occur in a value, so the text is exact).
                    let value = XMLEventReader.string(start, count: end - start).replacing(
                        "&#38;", with: "&")
                    attributes.append(
                        XMLAttribute(
                            name: XMLEventReader.qualified(raw[base], raw[base + 1]), value: value))
                }
            }
            reader.emit(
                .startElement(name: XMLEventReader.qualified(local, prefix), attributes: attributes)
            )
        }
        sax.endElementNs = { data, local, prefix, _ in
            XMLEventReader.reader(data)?.emit(
                .endElement(name: XMLEventReader.qualified(local, prefix)))
        }
        sax.characters = { data, bytes, count in
            XMLEventReader.reader(data)?.emit(
                .text(XMLEventReader.string(bytes, count: Int(count))))
        }
        sax.ignorableWhitespace = sax.characters
        sax.cdataBlock = { data, bytes, count in
            XMLEventReader.reader(data)?.emit(
                .cdata(XMLEventReader.string(bytes, count: Int(count))))
        }
        sax.serror = { data, error in
            guard let error else { return }
            XMLEventReader.reader(data)?.report(error)
        }
        return sax
    }
}
