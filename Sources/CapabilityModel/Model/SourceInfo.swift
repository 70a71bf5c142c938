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
        /// An Android device's capture (`capcheck capture android`, or `adb` asked live).
        case androidCapture = "android-capture"
        /// An iPhone or iPad's capture (`capcheck capture ios`, or `ideviceinfo` asked live).
        case iosCapture = "ios-capture"
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
    /// What was odd in the input and tolerated, in input order (at most
    /// ``SourceWarning/keptLimit`` of them; ``warningsOmitted`` counts the rest).
    public var warnings: [SourceWarning]
    /// How many further warnings were counted but not kept.
    public var warningsOmitted: Int

    /// Creates source information.
    public init(
        kind: Kind, path: String? = nil, udevDatabase: Bool, attributes: Bool,
        complete: Bool, notes: [String] = [], warnings: [SourceWarning] = [],
        warningsOmitted: Int = 0
    ) {
        self.kind = kind
        self.path = path
        self.udevDatabase = udevDatabase
        self.attributes = attributes
        self.complete = complete
        self.notes = notes
        self.warnings = warnings
        self.warningsOmitted = warningsOmitted
    }

    /// The number of warnings, kept and omitted.
    public var warningCount: Int { warnings.count + warningsOmitted }

    private enum CodingKeys: String, CodingKey {
        case kind, path, udevDatabase, attributes, complete, notes, warnings, warningsOmitted
    }

    /// Decodes source information; `warnings` and `warningsOmitted` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        udevDatabase = try container.decode(Bool.self, forKey: .udevDatabase)
        attributes = try container.decode(Bool.self, forKey: .attributes)
        complete = try container.decode(Bool.self, forKey: .complete)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        warnings = try container.decodeIfPresent([SourceWarning].self, forKey: .warnings) ?? []
        warningsOmitted = try container.decodeIfPresent(Int.self, forKey: .warningsOmitted) ?? 0
    }

    /// Encodes source information; `warnings` and `warningsOmitted` only when there are any,
    /// so output without warnings stays as it was.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encode(udevDatabase, forKey: .udevDatabase)
        try container.encode(attributes, forKey: .attributes)
        try container.encode(complete, forKey: .complete)
        try container.encode(notes, forKey: .notes)
        if !warnings.isEmpty { try container.encode(warnings, forKey: .warnings) }
        if warningsOmitted > 0 { try container.encode(warningsOmitted, forKey: .warningsOmitted) }
    }
}
