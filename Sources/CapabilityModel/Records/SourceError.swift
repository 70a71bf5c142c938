/// Why device records could not be read.
public enum SourceError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The input file does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// The input was read but is not valid data of its kind.
    case malformed(path: String, line: Int?, reason: String)
    /// The input matches none of the known formats; `line` is where that shows, if known.
    case unrecognized(path: String, line: Int?, reason: String)
    /// `/sys` cannot be read at all.
    case sysfsUnreadable(reason: String)
    /// A libudev call failed.
    case udev(function: String, errno: Int32)

    /// The same error quoting nothing of the file (a recording reached through a symbolic
    /// link another user owns): a malformed file's reason is replaced by
    /// ``InputMessage/unquotedReason``; the other cases quote nothing already (an
    /// unrecognized file's reason is worded without its bytes by the detector).
    /// - Returns: The error without content.
    public func quotingNothing() -> SourceError {
        guard case .malformed(let path, let line, _) = self else { return self }
        return .malformed(path: path, line: line, reason: InputMessage.unquotedReason)
    }

    /// A one-line message naming the file, the place and the reason.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return InputMessage.unreadable(path, reason)
        case .malformed(let path, let line, let reason):
            return InputMessage.located(path, line: line, reason)
        case .unrecognized(let path, let line, let reason):
            return InputMessage.located(
                path, line: line,
                "not a udevadm dump, umockdev recording or capcheck snapshot: \(reason)")
        case .sysfsUnreadable(let reason):
            return "/sys: cannot be read: \(reason)"
        case .udev(let function, let errno):
            return "\(function) failed: errno \(errno)"
        }
    }
}
