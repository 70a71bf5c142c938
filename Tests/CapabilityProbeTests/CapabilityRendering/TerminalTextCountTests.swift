import Testing

@testable import CapabilityProbe
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

/// Terminal text is wrapped and padded by the columns a terminal gives it
/// (``TerminalText/columns(_:)``), not by its characters: a wide character takes two.
@Suite struct TerminalColumnsTests {
    @Test(arguments: [
        ("", 0), ("Pixel 8", 7), ("Écran", 5), ("e\u{301}", 1), ("罗技键盘", 8),
        ("キーボード 2", 12), ("ＡＢ", 4), ("🇫🇷 phone", 8), ("a\u{200d}b", 2),
        ("level 0.91 · state unplugged", 28),
    ])
    func columnsCountWideCharactersTwiceAndMarksNotAtAll(text: String, columns: Int) {
        #expect(TerminalText.columns(text) == columns)
    }

    @Test func wrappedWideTextStaysInsideTheWidth() {
        let name = "罗技无线键盘鼠标套装 Logitech 無線キーボード K270 とマウス M185 のセット"
        for width in [20, 21, 30, 41] {
            let lines = TerminalWrap.wrap(name, width: width)
            #expect(lines.allSatisfy { TerminalText.columns($0) <= width }, "\(width): \(lines)")
            #expect(lines.joined().filter { $0 != " " } == name.filter { $0 != " " })
        }
    }

    @Test func aCutWideWordNeverSplitsACharacterOrRunsPastTheWidth() {
        let word = String(repeating: "键", count: 15)
        let lines = TerminalWrap.wrap(word, width: 9)
        #expect(lines.map { TerminalText.columns($0) } == [8, 8, 8, 6])
    }

    @Test func listEvidenceAndDetailsWithWideDeviceNamesFitAn80ColumnTerminal() throws {
        // The webcam's name as a Chinese vendor's USB string descriptors give it.
        let name = "联想集成高清摄像头 Integrated Camera 集成摄像头 前置"
        let report = SyntheticMachines.report([
            SyntheticMachines.present(
                "camera.any",
                [
                    "devices": .array([
                        .object(["name": .string(name), "driver": "uvcvideo", "ir": false])
                    ])
                ], reason: "video4linux capture node (\(name))")
        ])
        let text = ListRenderer.render(report, width: 80)
        let long = text.split(separator: "\n").filter { TerminalText.columns($0) > 80 }
        #expect(long.isEmpty, "\(long)")
        #expect(text.contains("联想"))
    }
}
