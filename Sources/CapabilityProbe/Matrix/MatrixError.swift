/// Why a device matrix could not be read or used.
public enum MatrixError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The table file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The table was read but is not a valid matrix (bad quoting, wrong field count, bad cell).
    case malformed(path: String, line: Int?, reason: String)
    /// A column header is neither a capability id nor a known alias.
    case unknownHeader(path: String, line: Int, header: String, suggestion: String?)
    /// No built-in matrix has this name.
    case unknownBuiltin(name: String, known: [String])

    /// A one-line message naming the file, the place and the reason.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return InputMessage.unreadable(path, reason)
        case .malformed(let path, let line, let reason):
            return InputMessage.located(path, line: line, reason)
        case .unknownHeader(let path, let line, let header, let suggestion):
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            return "\(path):\(line): unknown column '\(header)'\(hint)"
        case .unknownBuiltin(let name, let known):
            return "no built-in matrix '\(name)' (built-in: \(known.joined(separator: ", ")))"
        }
    }
}
