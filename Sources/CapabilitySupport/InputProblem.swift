/// Bad input: the one error every reader throws (XML, YAML, JSON, plist, binary and
/// protobuf XML, zip, gzip, catalogs, EDID, matrix cells, input files), saying which file,
/// where in it and why.
///
/// ``description`` is the one-line message, its parts joined by `: `, those that are `nil`
/// left out: `manifest.json: line 3, column 2: unexpected end of file`.
public struct InputProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the input the problem is.
    public enum Place: Equatable, Sendable, CustomStringConvertible {
        /// A line, from 1: `line 3`.
        case line(Int)
        /// A line and a column, from 1: `line 3, column 2`.
        case lineColumn(line: Int, column: Int)
        /// A byte offset, from 0: `byte 12`.
        case offset(Int)
        /// A named part, as written: a key path (`require[2]`), an object (`object 7`), an
        /// archive entry.
        case key(String)

        /// The line, when the place has one.
        public var line: Int? {
            switch self {
            case .line(let line), .lineColumn(let line, _): return line
            case .offset, .key: return nil
            }
        }

        /// The place as a message names it.
        public var description: String {
            switch self {
            case .line(let line): return "line \(line)"
            case .lineColumn(let line, let column): return "line \(line), column \(column)"
            case .offset(let offset): return "byte \(offset)"
            case .key(let key): return key
            }
        }
    }

    /// The file, as the user named it, or `nil` while the reader does not know it.
    public var file: String?
    /// What was being read when it is not the file itself (`edid`, `gzip data`), or `nil`.
    public var kind: String?
    /// Where, or `nil` for the input as a whole.
    public var place: Place?
    /// Why, in words.
    public var reason: String
    /// The reader's own number for the problem, or 0: libxml2's `xmlParserErrors`, or
    /// `JSONCheck`'s mark for text that is not JSON at all.
    public var code: Int
    /// Whether the file could not be read at all (missing, not permitted, not a regular
    /// file), rather than read and found bad.
    public var isUnreadable: Bool

    /// A problem.
    /// - Parameters:
    ///   - file: The file, if known.
    ///   - kind: What was being read when it is not the file itself.
    ///   - place: Where.
    ///   - reason: Why.
    ///   - code: The reader's own number for the problem, or 0.
    ///   - isUnreadable: Whether the file could not be read at all.
    public init(
        file: String? = nil, kind: String? = nil, place: Place? = nil, reason: String,
        code: Int = 0, isUnreadable: Bool = false
    ) {
        self.file = file
        self.kind = kind
        self.place = place
        self.reason = reason
        self.code = code
        self.isUnreadable = isUnreadable
    }

    /// A problem at a byte offset.
    /// - Parameters:
    ///   - offset: The byte offset, from 0.
    ///   - reason: Why.
    package init(offset: Int, reason: String) {
        self.init(place: .offset(offset), reason: reason)
    }

    /// A problem at a line and column.
    /// - Parameters:
    ///   - line: The line, from 1.
    ///   - column: The column, from 1.
    ///   - reason: Why.
    ///   - code: The reader's own number for the problem, or 0.
    package init(line: Int, column: Int, reason: String, code: Int = 0) {
        self.init(place: .lineColumn(line: line, column: column), reason: reason, code: code)
    }

    /// `file: kind: place: reason`, without the parts that are `nil`.
    public var description: String {
        [file, kind, place?.description, reason].compactMap { $0 }.joined(separator: ": ")
    }
}
