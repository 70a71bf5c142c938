/// Where device records came from and how much they can prove.
public struct SourceInfo: Codable, Sendable, Hashable {
    /// The kind of source.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        /// The running machine through libudev.
        case live
        /// A `udevadm info --export-db` dump.
        case udevadm
        /// A umockdev recording.
        case umockdev
        /// A snapshot written by `capcheck list --json`.
        case snapshot
    }

    /// The kind of source.
    public var kind: Kind
    /// The file read, if any (`-` for standard input).
    public var path: String?
    /// Whether udev properties (the udev database) were available.
    public var udevDatabase: Bool
    /// Whether sysfs attributes were available.
    public var attributes: Bool
    /// Whether the source covers the whole machine; a partial one proves no absence.
    public var complete: Bool
    /// Notes about limits of the source, in words.
    public var notes: [String]

    /// Creates source information.
    public init(
        kind: Kind, path: String? = nil, udevDatabase: Bool, attributes: Bool,
        complete: Bool, notes: [String] = []
    ) {
        self.kind = kind
        self.path = path
        self.udevDatabase = udevDatabase
        self.attributes = attributes
        self.complete = complete
        self.notes = notes
    }
}
