import CapabilitySupport

/// A place in a document, as people count it: lines from 1, columns from 1.
package struct YAMLPosition: Equatable, Sendable {
    /// The line.
    package var line: Int
    /// The column.
    package var column: Int

    /// A position.
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// What the reader reports, in document order. The stream's start and end, comments, tags
/// and directives are not reported; anchors and aliases are refused, never reported.
package enum YAMLEvent: Equatable, Sendable {
    /// A document begins (`---`, or implicitly).
    case documentStart
    /// A document ends.
    case documentEnd
    /// A mapping begins (block or flow).
    case mappingStart
    /// A mapping ends.
    case mappingEnd
    /// A sequence begins (block or flow).
    case sequenceStart
    /// A sequence ends.
    case sequenceEnd
    /// A scalar: its value after folding and escapes, and whether it was quoted or a block
    /// scalar (`|`, `>`) rather than plain.
    case scalar(String, quoted: Bool)
}

extension InputProblem {
    /// The first problem libyaml reported, or one of the reader's own limits.
    /// - Parameters:
    ///   - position: Where the problem is.
    ///   - message: libyaml's message (`mapping values are not allowed in this context`) or
    ///     the limit's.
    package init(position: YAMLPosition, message: String) {
        self.init(line: position.line, column: position.column, reason: message)
    }
}
