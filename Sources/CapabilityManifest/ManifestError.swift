import CapabilitySupport
import CapabilityModel
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

    /// Bad input a reader found in the manifest: its place, and its reason led by what was
    /// being read (`gzip data: truncated`).
    /// - Parameters:
    ///   - path: The manifest's path.
    ///   - problem: What the reader found.
    /// - Returns: ``malformed(path:place:reason:)``.
    public static func malformed(path: String, _ problem: InputProblem) -> ManifestError {
        .malformed(
            path: path, place: problem.place?.description,
            reason: [problem.kind, problem.reason].compactMap { $0 }.joined(separator: ": "))
    }

    /// The longest key a message quotes whole; a longer one is cut, with its length.
    static let quotedKeyLength = 64

    /// `'key'`, or `'first 64 characters…' (1050000 characters)` for a longer key.
    static func quoted(_ key: String) -> String {
        let count = key.count
        guard count > quotedKeyLength else { return "'\(key)'" }
        return "'\(key.prefix(quotedKeyLength))…' (\(count) characters)"
    }

    /// The same error quoting nothing of the file: the path, a place that only counts
    /// (`line 3, column 2`) and a reason that says why nothing more is shown. For a file
    /// reached through a symbolic link another user owns, which may point at a file only the
    /// invoking user can read (``ManifestLoader`` decides when).
    /// - Returns: The error without content; an unreadable file's error as it is.
    public func quotingNothing() -> ManifestError {
        switch self {
        case .unreadable: return self
        case .malformed(let path, let place, _), .unknownKey(let path, let place, _, _):
            return .malformed(
                path: path, place: InputMessage.countingPlace(place),
                reason: InputMessage.unquotedReason)
        }
    }

    /// Whether the file itself could not be read (as opposed to bad content).
    public var isUnreadable: Bool {
        if case .unreadable = self { return true }
        return false
    }
}
