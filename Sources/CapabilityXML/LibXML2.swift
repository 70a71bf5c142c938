import CapabilitySupport
internal import CXML2
import Glibc

/// libxml2, opened with `dlopen(3)` the first time a document is parsed, and the nine
/// functions ``XMLEventReader`` calls.
///
/// capcheck does not link libxml2: `list`, `watch`, `--version` and every command that reads
/// no XML never map it, nor the ICU libraries Debian builds it with. The handle is kept for the
/// life of the process (libxml2 keeps global state once initialized), so nothing is closed.
struct LibXML2: @unchecked Sendable {
    /// The library's soname (the ABI of libxml2 2.x).
    static let soname = "libxml2.so.2"

    let initParser: capcheck_xmlInitParser
    let createPushParser: capcheck_xmlCreatePushParserCtxt
    let useOptions: capcheck_xmlCtxtUseOptions
    let parseChunk: capcheck_xmlParseChunk
    let stopParser: capcheck_xmlStopParser
    let freeParser: capcheck_xmlFreeParserCtxt
    let lineNumber: capcheck_xmlSAX2GetLineNumber
    let columnNumber: capcheck_xmlSAX2GetColumnNumber
    let lastError: capcheck_xmlCtxtGetLastError

    /// The library, opened and initialized once per process, or why it could not be.
    static let shared: Result<LibXML2, SharedLibrary.LoadFailure> = load()

    private static func load() -> Result<LibXML2, SharedLibrary.LoadFailure> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            return .failure(
                SharedLibrary.LoadFailure(
                    message: "XML needs libxml2 (\(soname)), which cannot be loaded: \(reason)"))
        }
        func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let initParser = symbol("xmlInitParser", as: capcheck_xmlInitParser.self),
            let createPushParser = symbol(
                "xmlCreatePushParserCtxt", as: capcheck_xmlCreatePushParserCtxt.self),
            let useOptions = symbol("xmlCtxtUseOptions", as: capcheck_xmlCtxtUseOptions.self),
            let parseChunk = symbol("xmlParseChunk", as: capcheck_xmlParseChunk.self),
            let stopParser = symbol("xmlStopParser", as: capcheck_xmlStopParser.self),
            let freeParser = symbol("xmlFreeParserCtxt", as: capcheck_xmlFreeParserCtxt.self),
            let lineNumber = symbol("xmlSAX2GetLineNumber", as: capcheck_xmlSAX2GetLineNumber.self),
            let columnNumber = symbol(
                "xmlSAX2GetColumnNumber", as: capcheck_xmlSAX2GetColumnNumber.self),
            let lastError = symbol("xmlCtxtGetLastError", as: capcheck_xmlCtxtGetLastError.self)
        else {
            return .failure(
                SharedLibrary.LoadFailure(
                    message: "\(soname) lacks a function capcheck needs (not libxml2 2.x?)")
            )
        }
        let library = LibXML2(
            initParser: initParser, createPushParser: createPushParser, useOptions: useOptions,
            parseChunk: parseChunk, stopParser: stopParser, freeParser: freeParser,
            lineNumber: lineNumber, columnNumber: columnNumber, lastError: lastError)
        // Once per process, before parsers run on several threads (libxml2 asks for it).
        library.initParser()
        return .success(library)
    }
}
