import Testing

@testable import CapabilityRendering

/// Matrix text output pads names by ``TerminalText/characterCount(_:)`` and shows printable
/// ASCII names as they are (``TerminalText/isPrintableASCII(_:)``); both read the bytes when
/// they can, and must answer what reading the characters answers.
@Suite struct TerminalTextCountTests {
    @Test(arguments: [
        ("", 0), ("Pixel 8", 7), ("a\tb", 3), ("Écran", 5), ("e\u{301}", 1), ("🇫🇷 phone", 7),
        ("\u{7f}", 1), (String(repeating: "x", count: 300), 300),
    ])
    func characterCountIsTheNumberOfCharacters(text: String, count: Int) {
        #expect(TerminalText.characterCount(text) == count)
        #expect(TerminalText.characterCount(text) == text.count)
    }

    @Test func onlySpaceToTildeIsPrintableASCII() {
        #expect(TerminalText.isPrintableASCII(""))
        #expect(TerminalText.isPrintableASCII(" Device 12 ~"))
        for text in ["a\tb", "line\n", "\u{7f}", "\u{1b}[31m", "Écran", "\u{202e}x"] {
            #expect(!TerminalText.isPrintableASCII(text), "\(text.debugDescription)")
        }
        // A substring's copy and a string built in pieces answer as a literal does.
        let built = ["Dev", "ice"].joined() + String(" 1".prefix(2))
        #expect(TerminalText.isPrintableASCII(built) && TerminalText.characterCount(built) == 8)
    }
}
