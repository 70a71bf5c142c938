import CapabilitySupport
import Testing

@testable import CapabilityModel

/// The one JSON check (``JSONCheck``): grammar, repeated keys and depth in one pass, each
/// problem at its line and column.
@Suite struct JSONCheckTests {
    func problem(_ text: String) -> InputProblem? {
        JSONCheck.problem(in: Array(text.utf8))
    }

    @Test func acceptsJSONWithWhiteSpaceEscapesAndNumbers() {
        #expect(problem(" {\"a\": [1, -0.5e+3, true, false, null, \"\\u00e9\\n\"]}\r\n") == nil)
        #expect(problem("\"caf\u{E9} \u{1F600}\"") == nil)
        #expect(problem("0") == nil)
    }

    @Test func namesTheGrammarErrorAndItsPlace() {
        let cases: [(String, String, line: Int, column: Int)] = [
            ("", "unexpected end of file", 1, 1),
            ("{\"a\": 1", "unexpected end of file", 1, 8),
            ("{\"a\": 1,\n \"b\" 2}", "invalid value", 2, 6),
            ("[1] x", "invalid value", 1, 5),
            ("[01]", "number with leading zero", 1, 2),
            ("[1.]", "invalid value", 1, 4),
            ("[\"a\\q\"]", "invalid escape sequence", 1, 5),
            ("[\"a\\u12g4\"]", "invalid escape sequence", 1, 8),
            ("[\"a\tb\"]", "unescaped control character", 1, 4),
            ("[tru]", "invalid value", 1, 5),
            ("{,}", "invalid value", 1, 2),
        ]
        for (text, reason, line, column) in cases {
            #expect(
                problem(text) == .syntax(reason, at: .init(line: line, column: column)),
                "\(text)")
        }
    }

    @Test func findsInvalidUTF8InsideAndOutsideStrings() {
        let inside: [UInt8] = Array("[\"a".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        #expect(
            JSONCheck.problem(in: inside) == .syntax("invalid UTF-8", at: .init(line: 1, column: 4))
        )
        let outside: [UInt8] = [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")]
        #expect(
            JSONCheck.problem(in: outside)
                == .syntax("invalid UTF-8", at: .init(line: 1, column: 2)))
        let valid: [UInt8] = [UInt8(ascii: "[")] + Array("\u{E9}".utf8) + [UInt8(ascii: "]")]
        #expect(
            JSONCheck.problem(in: valid) == .syntax("invalid value", at: .init(line: 1, column: 2)))
    }

    @Test func keysOfANestedObjectEndWithIt() {
        #expect(problem("{\"a\": {\"b\": 1}, \"b\": [{\"a\": 1}, {\"a\": 2}]}") == nil)
        #expect(
            problem("{\"a\": {\"b\": {}, \"c\": 1}, \"a\": 2}")
                == .duplicateKey(
                    "a", first: .init(line: 1, column: 2), second: .init(line: 1, column: 26)))
    }

    @Test func reportsTheFirstProblemInTheText() {
        #expect(problem("{\"a\": x, \"a\": 1}")?.isSyntax == true)
        #expect(
            problem("{\"a\": 1,\n \"a\": x}")
                == .duplicateKey(
                    "a", first: .init(line: 1, column: 2), second: .init(line: 2, column: 2)))
    }
}
