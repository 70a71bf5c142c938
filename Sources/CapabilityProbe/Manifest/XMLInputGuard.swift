/// Prepares XML manifest bytes for FoundationXML, which must never see what crashes it.
///
/// FoundationXML (libxml2 underneath) dies on invalid UTF-8 in element or attribute names and
/// on a processing instruction without data (`<?x?>`), and a byte search for `<!ENTITY` misses
/// the same declaration in UTF-16. So every XML reader first passes its bytes through here:
/// the text is decoded (UTF-8, or UTF-16 by its byte-order mark) and must be valid; entity
/// declarations are refused on the decoded text; processing instructions after the XML
/// declaration, which no manifest needs, are blanked (line numbers stay); and the parser gets
/// UTF-8 bytes with no byte-order mark and no `encoding` it could re-interpret.
enum XMLInputGuard {
    /// Why the bytes cannot be given to the parser.
    struct Problem: Error, Equatable, Sendable {
        /// `line L` where known.
        var place: String?
        /// The reason.
        var reason: String
    }

    /// The document as UTF-8 bytes FoundationXML can parse safely.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The prepared bytes, or the problem.
    static func prepare(_ bytes: [UInt8]) -> Result<[UInt8], Problem> {
        let text: String
        switch decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let problem): return .failure(problem)
        }
        var scalars = Array(text.unicodeScalars)
        if let entity = find("<!ENTITY", in: scalars) {
            return .failure(
                Problem(
                    place: "line \(line(at: entity, in: scalars))",
                    reason: "entity declarations are not accepted"))
        }
        if let nul = scalars.firstIndex(of: "\u{0}") {
            return .failure(
                Problem(
                    place: "line \(line(at: nul, in: scalars))",
                    reason: "NUL character in the document"))
        }
        blankProcessingInstructions(&scalars)
        var output = String.UnicodeScalarView()
        output.append(contentsOf: scalars)
        return .success(Array(String(output).utf8))
    }

    /// Decodes UTF-16 (by byte-order mark) or strict UTF-8 (a UTF-8 byte-order mark is dropped).
    static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        if bytes.count >= 2,
            (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF)
        {
            let little = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                return .failure(
                    Problem(place: nil, reason: "UTF-16 text with an odd number of bytes"))
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index + 1 < bytes.count {
                let pair = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(little ? pair.0 | pair.1 << 8 : pair.0 << 8 | pair.1)
                index += 2
            }
            var scalars = String.UnicodeScalarView()
            var decoder = UTF16()
            var iterator = units.makeIterator()
            var line = 1
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" { line += 1 }
                    scalars.append(scalar)
                case .emptyInput: break loop
                case .error:
                    return .failure(
                        Problem(
                            place: "line \(line)", reason: "invalid UTF-16 (unpaired surrogate)"))
                }
            }
            return .success(String(scalars))
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var scalars = String.UnicodeScalarView()
        var decoder = UTF8()
        var iterator = body.makeIterator()
        var line = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput: break loop
            case .error:
                return .failure(Problem(place: "line \(line)", reason: "invalid UTF-8"))
            }
        }
        return .success(String(scalars))
    }

    /// Blanks `<?…?>` instructions other than the XML declaration, outside comments and CDATA
    /// (in XML a `<` cannot start one anywhere else); newlines stay, so lines keep their numbers.
    /// The declaration is rewritten without its `encoding`, since the output is UTF-8.
    private static func blankProcessingInstructions(_ scalars: inout [Unicode.Scalar]) {
        var index = 0
        while index < scalars.count {
            if matches("<!--", scalars, at: index) {
                index = (find("-->", in: scalars, from: index + 4).map { $0 + 3 }) ?? scalars.count
            } else if matches("<![CDATA[", scalars, at: index) {
                index = (find("]]>", in: scalars, from: index + 9).map { $0 + 3 }) ?? scalars.count
            } else if matches("<?", scalars, at: index) {
                let end = (find("?>", in: scalars, from: index + 2).map { $0 + 2 }) ?? scalars.count
                let isDeclaration =
                    matches("<?xml", scalars, at: index)
                    && (index + 5 < scalars.count && scalars[index + 5].properties.isWhitespace)
                    && scalars[..<index].allSatisfy(\.properties.isWhitespace)
                let replacement: [Unicode.Scalar] =
                    isDeclaration
                    ? Array("<?xml version=\"1.0\"?>".unicodeScalars)
                    : scalars[index..<end].map { $0 == "\n" ? "\n" : " " }
                let newlines = scalars[index..<end].filter { $0 == "\n" }.count
                let padded =
                    isDeclaration
                    ? replacement + [Unicode.Scalar](repeating: "\n", count: newlines) : replacement
                scalars.replaceSubrange(index..<end, with: padded)
                index += padded.count
            } else {
                index += 1
            }
        }
    }

    private static func matches(_ literal: String, _ scalars: [Unicode.Scalar], at index: Int)
        -> Bool
    {
        var position = index
        for scalar in literal.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static func find(_ literal: String, in scalars: [Unicode.Scalar], from start: Int = 0)
        -> Int?
    {
        guard let first = literal.unicodeScalars.first else { return nil }
        var index = start
        while index < scalars.count {
            if scalars[index] == first, matches(literal, scalars, at: index) { return index }
            index += 1
        }
        return nil
    }

    private static func line(at index: Int, in scalars: [Unicode.Scalar]) -> Int {
        1 + scalars[..<index].filter { $0 == "\n" }.count
    }
}
