/// The handful of string edits the pipeline needs, in standard-library Swift.
///
/// Full Foundation offers them through `NSString` bridging (`trimmingCharacters(in:)`,
/// `replacingOccurrences(of:with:)`, `range(of:)`), which brings CoreFoundation and ICU into
/// the binary. `FoundationEssentials` has none of them. The sets below match Foundation's own:
/// `whitespaces` is Unicode's space separators (category Zs) and tab;
/// `newlines` is U+000A–U+000D, U+0085, U+2028 and U+2029.
package enum TrimmedCharacters: Sendable {
    /// Space separators and tab (Foundation's `CharacterSet.whitespaces`).
    case whitespaces
    /// Line and paragraph separators (Foundation's `CharacterSet.newlines`).
    case newlines
    /// Both of the above (Foundation's `CharacterSet.whitespacesAndNewlines`).
    case whitespacesAndNewlines
    /// Exactly these scalars.
    case scalars(Set<Unicode.Scalar>)

    /// Whether `scalar` belongs to the set.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .whitespaces: return Self.isWhitespace(scalar)
        case .newlines: return Self.isNewline(scalar)
        case .whitespacesAndNewlines: return Self.isWhitespace(scalar) || Self.isNewline(scalar)
        case .scalars(let set): return set.contains(scalar)
        }
    }

    /// The set of the scalars of `characters`.
    package static func characters(in characters: String) -> TrimmedCharacters {
        .scalars(Set(characters.unicodeScalars))
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == " "
            || (scalar.value > 0x7F && scalar.properties.generalCategory == .spaceSeparator)
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}

extension StringProtocol {
    /// The text without the leading and trailing scalars that belong to `set`.
    package func trimming(_ set: TrimmedCharacters) -> String {
        trimming(where: set.contains)
    }

    /// The text without the leading and trailing scalars for which `isTrimmed` holds.
    package func trimming(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The range of the first occurrence of `other`, compared scalar for scalar (Foundation's
    /// `.literal`; the standard library's `firstRange(of:)` compares characters, so it misses
    /// the `\n` of a `\r\n`).
    package func literalRange(of other: some StringProtocol) -> Range<Index>? {
        let needle = Array(other.utf8)
        let utf8 = Substring(self).utf8
        guard let first = needle.first else { return nil }
        var start = utf8.startIndex
        while let candidate = utf8[start...].firstIndex(of: first) {
            guard let end = utf8.index(candidate, offsetBy: needle.count, limitedBy: utf8.endIndex)
            else { return nil }
            if utf8[candidate..<end].elementsEqual(needle) { return candidate..<end }
            start = utf8.index(after: candidate)
        }
        return nil
    }

    /// The range of the last occurrence of `other`, compared scalar for scalar.
    package func lastLiteralRange(of other: some StringProtocol) -> Range<Index>? {
        let needle = Array(other.utf8)
        let utf8 = Substring(self).utf8
        guard !needle.isEmpty else { return nil }
        var end = utf8.endIndex
        while let start = utf8.index(end, offsetBy: -needle.count, limitedBy: utf8.startIndex) {
            if utf8[start..<end].elementsEqual(needle) { return start..<end }
            guard start > utf8.startIndex else { return nil }
            end = utf8.index(before: end)
        }
        return nil
    }

    /// Whether `other` occurs, compared scalar for scalar.
    package func containsLiteral(_ other: some StringProtocol) -> Bool {
        literalRange(of: other) != nil
    }

    /// The text with every occurrence of `target` replaced by `replacement`, compared scalar
    /// for scalar, so that escaping `\n` also reaches the one inside a `\r\n`.
    package func replacingLiteral(
        _ target: some StringProtocol, with replacement: some StringProtocol
    )
        -> String
    {
        let needle = Array(target.utf8)
        guard let first = needle.first else { return String(self) }
        let bytes = Array(utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, index + needle.count <= bytes.count,
                bytes[index..<(index + needle.count)].elementsEqual(needle)
            {
                output.append(contentsOf: replacement.utf8)
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension BinaryInteger {
    /// The value in hexadecimal, upper-case digits, left-padded with zeros to `width` digits
    /// (what `String(format: "%0*X")` prints).
    package func hexDigits(width: Int, uppercase: Bool = true) -> String {
        let digits = String(self, radix: 16, uppercase: uppercase)
        return digits.count >= width
            ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
