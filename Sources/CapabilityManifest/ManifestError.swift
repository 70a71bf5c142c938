import FoundationEssentials

/// Why a manifest cannot be read; every message names the file, the place and the reason.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is missing or unreadable.
    case unreadable(path: String, reason: String)
    /// The content is malformed or has the wrong type at a place.
    case malformed(path: String, place: String?, reason: String)
    /// A key capcheck does not know, with the nearest valid key (an error unless
    /// ``ManifestLoadOptions/allowUnknown``).
    case unknownKey(path: String, place: String?, key: String, suggestion: String?)

    /// One line: `manifest.json: require[2]: expected a string`.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): \(reason)"
        case .malformed(let path, let place, let reason):
            return [path, place, reason].compactMap { $0 }.joined(separator: ": ")
        case .unknownKey(let path, let place, let key, let suggestion):
            let hint = suggestion.map { " (did you mean \($0)?)" } ?? ""
            return [path, place, "unknown key \(Self.quoted(key))\(hint)"].compactMap { $0 }
                .joined(separator: ": ")
        }
    }

    /// The longest key a message quotes whole; a longer one is cut, with its length.
    static let quotedKeyLength = 64

    /// `'key'`, or `'first 64 characters…' (1050000 characters)` for a longer key.
    static func quoted(_ key: String) -> String {
        let count = key.count
        guard count > quotedKeyLength else { return "'\(key)'" }
        return "'\(key.prefix(quotedKeyLength))…' (\(count) characters)"
    }

    /// Whether the file itself could not be read (as opposed to bad content).
    public var isUnreadable: Bool {
        if case .unreadable = self { return true }
        return false
    }
}
