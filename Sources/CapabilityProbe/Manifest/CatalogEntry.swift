/// What one Apple key or Android feature means on Linux.
public struct CatalogEntry: Sendable, Hashable {
    /// The capability, alternatives, predicate, or why it has no Linux meaning.
    public var target: RequirementTarget
    /// A note shown with every requirement made from this key (semantic shifts, proxies).
    public var note: String?

    /// Creates an entry.
    /// - Parameters:
    ///   - target: What the key is checked against.
    ///   - note: A note shown with it.
    public init(_ target: RequirementTarget, note: String? = nil) {
        self.target = target
        self.note = note
    }
}
