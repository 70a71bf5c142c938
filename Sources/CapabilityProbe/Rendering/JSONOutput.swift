import Foundation

/// The one JSON encoder and decoder setup: sorted keys, readable paths.
public enum JSONOutput {
    /// An encoder with sorted keys, pretty printing and unescaped slashes.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// A compact encoder with sorted keys (one object per line, for `watch`).
    static func compactEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes a value as pretty, sorted JSON text with a final newline.
    /// - Parameter value: The value.
    /// - Returns: The text.
    /// - Throws: `EncodingError` (non-finite numbers, for instance).
    public static func string<T: Encodable>(_ value: T) throws -> String {
        let data = try encoder().encode(value)
        return escapingDeceptive(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// Encodes a value as one compact, sorted JSON line (no newline).
    /// - Parameter value: The value.
    /// - Returns: The text.
    /// - Throws: `EncodingError`.
    static func compactString<T: Encodable>(_ value: T) throws -> String {
        escapingDeceptive(String(decoding: try compactEncoder().encode(value), as: UTF8.self))
    }

    /// Replaces ``TerminalText/isDeceptive(_:)`` characters in encoded JSON with `\uXXXX`
    /// escapes (`JSONEncoder` writes them raw). Outside strings JSON has only ASCII, so the
    /// replacement can run over the whole text.
    /// - Parameter json: Encoded JSON.
    /// - Returns: The same JSON value, with those characters escaped.
    static func escapingDeceptive(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: TerminalText.isDeceptive) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if TerminalText.isDeceptive(scalar) {
                out.append(contentsOf: unicodeEscape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `\u` and four lower-case hex digits (the scalars escaped here are all in the BMP).
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
