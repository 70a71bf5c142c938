/// What `--unknown-as` makes of an undecided manifest.
public enum UnknownPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Unknown required items make the manifest unsatisfied.
    case fail
    /// Unknown required items are let through.
    case pass
}
