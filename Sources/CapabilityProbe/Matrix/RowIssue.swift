/// One requirement that keeps a row from being eligible: unsatisfied or unknown.
public struct RowIssue: Sendable, Hashable, Codable, Comparable {
    /// The manifest key as written (`gyroscope`, `android.hardware.camera.front`).
    public var key: String
    /// The capability id it maps to, if any.
    public var capability: String?
    /// Whether the key is required (true) or forbidden (false).
    public var required: Bool
    /// The checker's reason.
    public var reason: String

    /// Creates an issue.
    /// - Parameters:
    ///   - key: The manifest key.
    ///   - capability: The capability id.
    ///   - required: Required (true) or forbidden (false).
    ///   - reason: The reason.
    public init(key: String, capability: String?, required: Bool = true, reason: String) {
        self.key = key
        self.capability = capability
        self.required = required
        self.reason = reason
    }

    /// Play Console's wording for an exclusion: "doesn't support required feature: X".
    public var playWording: String {
        required ? "doesn't support required feature: \(key)" : "has excluded feature: \(key)"
    }

    /// Orders by key.
    public static func < (lhs: RowIssue, rhs: RowIssue) -> Bool {
        (lhs.key, lhs.reason) < (rhs.key, rhs.reason)
    }
}
