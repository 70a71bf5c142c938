/// One logical record of a table file: a `#` provenance line or a row of fields.
enum TableRecord: Equatable {
    /// A `#` line, text after the `#` trimmed.
    case comment(String, line: Int)
    /// A row of fields, with the line it starts on.
    case fields([String], line: Int)
}
