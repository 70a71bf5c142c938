/// Finds where JSON text breaks the grammar of RFC 8259, and why, in one pass.
///
/// `FoundationEssentials`' `JSONDecoder` reports a syntax error as "The given data was not
/// valid JSON" with no place. The readers run this check when decoding fails, to name the
/// byte offset and a reason a person can act on.
package enum JSONSyntaxCheck {
    /// A syntax error.
    package struct Problem: Equatable, Sendable {
        /// The 0-based byte offset of the offending byte (the length of the text when it ends
        /// too early).
        package var offset: Int
        /// What is wrong: `unexpected end of file`, `invalid value`, `unescaped control
        /// character`, `invalid escape sequence`, `invalid UTF-8` or `number with leading zero`.
        package var reason: String
    }

    private enum Expecting {
        case value, objectKeyOrEnd, objectKey, colon, objectCommaOrEnd, arrayValueOrEnd
        case arrayCommaOrEnd, end
    }

    /// Checks a document (one value; whitespace around it).
    /// - Parameter bytes: The JSON text.
    /// - Returns: The first error, or `nil` when the text is JSON.
    package static func problem(in bytes: [UInt8]) -> Problem? {
        if String(validating: bytes, as: UTF8.self) == nil {
            var offset = 0
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            while case .scalarValue(let scalar) = decoder.decode(&iterator) {
                offset += UTF8.width(scalar)
            }
            return Problem(offset: offset, reason: "invalid UTF-8")
        }
        var stack: [UInt8] = []  // `{` or `[` for each open container
        var expecting = Expecting.value
        var index = 0
        let count = bytes.count

        func fail(_ reason: String = "invalid value") -> Problem {
            Problem(offset: index, reason: reason)
        }
        func endOfFile() -> Problem { Problem(offset: count, reason: "unexpected end of file") }

        /// After a value: what the enclosing container expects next.
        func afterValue() -> Expecting {
            switch stack.last {
            case UInt8(ascii: "{"): return .objectCommaOrEnd
            case UInt8(ascii: "["): return .arrayCommaOrEnd
            default: return .end
            }
        }

        while true {
            while index < count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index < count else { return expecting == .end ? nil : endOfFile() }
            let byte = bytes[index]
            switch expecting {
            case .end:
                return fail()
            case .colon:
                guard byte == UInt8(ascii: ":") else { return fail() }
                index += 1
                expecting = .value
                continue
            case .objectCommaOrEnd, .arrayCommaOrEnd:
                let close = expecting == .objectCommaOrEnd ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == UInt8(ascii: ",") {
                    index += 1
                    expecting = expecting == .objectCommaOrEnd ? .objectKey : .value
                } else if byte == close {
                    index += 1
                    stack.removeLast()
                    expecting = afterValue()
                } else {
                    return fail()
                }
                continue
            case .objectKeyOrEnd, .objectKey:
                if byte == UInt8(ascii: "}"), expecting == .objectKeyOrEnd {
                    index += 1
                    stack.removeLast()
                    expecting = afterValue()
                    continue
                }
                guard byte == UInt8(ascii: "\"") else { return fail() }
                if let problem = skipString(bytes, &index) { return problem }
                expecting = .colon
                continue
            case .arrayValueOrEnd:
                if byte == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                    expecting = afterValue()
                    continue
                }
            case .value:
                break
            }
            // A value.
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(byte)
                index += 1
                expecting = .objectKeyOrEnd
            case UInt8(ascii: "["):
                stack.append(byte)
                index += 1
                expecting = .arrayValueOrEnd
            case UInt8(ascii: "\""):
                if let problem = skipString(bytes, &index) { return problem }
                expecting = afterValue()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word: [UInt8] =
                    byte == UInt8(ascii: "t")
                    ? Array("true".utf8)
                    : byte == UInt8(ascii: "f") ? Array("false".utf8) : Array("null".utf8)
                for expected in word {
                    guard index < count else { return endOfFile() }
                    guard bytes[index] == expected else { return fail() }
                    index += 1
                }
                expecting = afterValue()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let problem = skipNumber(bytes, &index) { return problem }
                expecting = afterValue()
            default:
                return fail()
            }
        }
    }

    /// Moves past a string literal that starts at `index`.
    private static func skipString(_ bytes: [UInt8], _ index: inout Int) -> Problem? {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return nil
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                let kind = bytes[index]
                if kind == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        index += 1
                        guard index < bytes.count else {
                            return Problem(offset: bytes.count, reason: "unexpected end of file")
                        }
                        guard Character(Unicode.Scalar(bytes[index])).isHexDigit else {
                            return Problem(offset: index, reason: "invalid escape sequence")
                        }
                    }
                } else if !Array("\"\\/bfnrt".utf8).contains(kind) {
                    return Problem(offset: index, reason: "invalid escape sequence")
                }
                index += 1
            case 0..<0x20:
                return Problem(offset: index, reason: "unescaped control character")
            default:
                index += 1
            }
        }
        return Problem(offset: bytes.count, reason: "unexpected end of file")
    }

    /// Moves past a number that starts at `index`.
    private static func skipNumber(_ bytes: [UInt8], _ index: inout Int) -> Problem? {
        func isDigit(_ at: Int) -> Bool {
            at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
        }
        func digits() -> Problem? {
            guard index < bytes.count else {
                return Problem(offset: bytes.count, reason: "unexpected end of file")
            }
            guard isDigit(index) else { return Problem(offset: index, reason: "invalid value") }
            while isDigit(index) { index += 1 }
            return nil
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) {
                return Problem(offset: index - 1, reason: "number with leading zero")
            }
        } else if let problem = digits() {
            return problem
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if let problem = digits() { return problem }
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            if let problem = digits() { return problem }
        }
        return nil
    }
}
