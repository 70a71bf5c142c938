import Foundation

/// Writes CSV fields (RFC 4180) from untrusted text.
enum CSVText {
    /// Quotes a field when it holds a comma, quote or line break; control characters become
    /// `?`, and a leading `=`, `+`, `-` or `@` gets a `'` so spreadsheets do not run it as a
    /// formula.
    /// - Parameter text: Untrusted text.
    /// - Returns: One CSV field.
    static func field(_ text: String) -> String {
        var clean = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar -> Unicode.Scalar in
                    let value = scalar.value
                    if value == 0x0a || value == 0x0d { return " " }
                    if value < 0x20 || (0x7f...0x9f).contains(value)
                        || (0x202a...0x202e).contains(value)
                        || (0x2066...0x2069).contains(value)
                    {
                        return "?"
                    }
                    return scalar
                }))
        if let first = clean.first, "=+-@".contains(first) { clean = "'" + clean }
        guard
            clean.contains(where: { $0 == "," || $0 == "\"" }) || clean.hasPrefix(" ")
                || clean.hasSuffix(" ")
        else {
            return clean
        }
        return "\"" + clean.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV record with a final CRLF-free newline.
    /// - Parameter fields: Untrusted fields.
    /// - Returns: The line.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}
