import CapabilityProbe
import CapabilityXML
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One fuzz entry point: bytes in; an invariant broken → `Invariant.fail`, which aborts.
struct FuzzTarget: Sendable {
    /// The name `CAPCHECK_FUZZ_TARGET` selects.
    let name: String
    /// What it runs, for the list the binary prints.
    let summary: String
    /// One execution.
    let run: @Sendable ([UInt8]) -> Void
}

/// A broken output invariant: print it and abort, so libFuzzer keeps the input.
enum Invariant {
    static func writeError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(2, &bytes, bytes.count)
    }

    static func fail(_ message: String) -> Never {
        writeError("invariant broken: \(message)\n")
        abort()
    }

    /// Terminal text holds no control characters but newline, and nothing deceptive.
    static func terminalSafe(_ text: String, _ what: String) {
        // Most outputs hold neither: one pass over the bytes decides.
        guard
            text.utf8.contains(where: { $0 < 0x20 && $0 != 0x0a })
                || TerminalText.containsDeceptive(text)
        else { return }
        if let bad = text.unicodeScalars.first(where: {
            ($0.value < 0x20 && $0 != "\n") || TerminalText.isDeceptive($0)
        }) {
            fail("\(what): raw U+\(String(bad.value, radix: 16)) in terminal text")
        }
    }

    /// Machine formats carry no raw deceptive characters either.
    static func escaped(_ text: String, _ what: String) {
        guard TerminalText.containsDeceptive(text) else { return }
        if let bad = text.unicodeScalars.first(where: TerminalText.isDeceptive) {
            fail("\(what): raw U+\(String(bad.value, radix: 16))")
        }
    }

    /// An XML document libxml2 reads to the end without an error or warning.
    static func wellFormedXML(_ text: String, _ what: String) {
        if let error = XMLEventReader().parse(Array(text.utf8), handler: { _, _ in }) {
            fail("\(what) is not well-formed XML: \(error.reason)")
        }
    }
}
