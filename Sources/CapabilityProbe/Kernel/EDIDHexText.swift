/// Reads the hex dump that follows `edid-decode (hex):` in linuxhw/EDID files (16 bytes
/// per line as two-digit hex, blocks separated by blank lines, ended by a `----` line).
public enum EDIDHexText {
    /// The raw bytes of the dump.
    /// - Parameter text: The whole file.
    /// - Returns: The bytes.
    /// - Throws: ``EDIDError/badHex(_:)`` naming the line when the marker is missing or a
    ///   token is not hex.
    public static func bytes(from text: String) throws(EDIDError) -> [UInt8] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix("edid-decode (hex):") }) else {
            throw .badHex("no 'edid-decode (hex):' line")
        }
        var bytes: [UInt8] = []
        for (number, line) in lines.enumerated().dropFirst(marker + 1) {
            if line.hasPrefix("---") { break }
            for token in line.split(whereSeparator: \.isWhitespace) {
                guard token.count == 2, let byte = UInt8(token, radix: 16) else {
                    throw .badHex("line \(number + 1): '\(token)' is not a hex byte")
                }
                bytes.append(byte)
            }
        }
        return bytes
    }
}
