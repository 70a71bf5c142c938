import Foundation

/// The one JSON encoder and decoder setup: sorted keys, readable paths.
public enum JSONOutput {
    /// An encoder with sorted keys, pretty printing and unescaped slashes.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// A compact encoder with sorted keys (one object per line, for `watch`).
    public static func compactEncoder() -> JSONEncoder {
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
        return (String(data: data, encoding: .utf8) ?? "") + "\n"
    }
}
