import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel
@testable import CapabilityRendering

/// The one JSON setup: `JSONEncoder`'s text with deceptive characters escaped.
@Suite struct JSONOutputTests {
    /// One character of each deceptive range, and their escapes.
    static let deceptive: [(String, String)] = [
        ("\u{7f}", #"\u007f"#), ("\u{85}", #"\u0085"#), ("\u{61c}", #"\u061c"#),
        ("\u{200b}", #"\u200b"#), ("\u{200f}", #"\u200f"#), ("\u{2028}", #"\u2028"#),
        ("\u{202e}", #"\u202e"#), ("\u{2060}", #"\u2060"#), ("\u{2066}", #"\u2066"#),
        ("\u{feff}", #"\ufeff"#), ("\u{e0041}", #"\udb40\udc41"#),
    ]

    @Test(arguments: deceptive)
    func escapesEachDeceptiveCharacterAndReadsBackTheSameValue(
        character: String, escape: String
    ) throws {
        let value = ["k": "a" + character + "é😀中", "other": character]
        for json in [try JSONOutput.string(value), try JSONOutput.compactString(value)] {
            #expect(!json.unicodeScalars.contains(where: TerminalText.isDeceptive))
            #expect(json.contains("a" + escape + "é😀中"))
            #expect(try JSONDecoder().decode([String: String].self, from: Data(json.utf8)) == value)
        }
    }

    @Test func leavesTextWithoutThemAsTheEncoderWroteIt() throws {
        let value = ["b": "é😀中\u{a0}\u{2027}\u{202f}\u{e0080}", "a": "/x\"\\\n"]
        let encoded = Array(try JSONOutput.encoder().encode(value))
        #expect(JSONOutput.escapingDeceptive(encoded) == encoded)
        #expect(try JSONOutput.string(value) == String(decoding: encoded, as: UTF8.self) + "\n")
    }

    @Test func writesSortedKeysWithTwoSpaceIndentation() throws {
        #expect(
            try JSONOutput.string(["b": [1], "a": []])
                == "{\n  \"a\" : [\n\n  ],\n  \"b\" : [\n    1\n  ]\n}\n")
    }
}
