/// The native JSON manifest as written: `{"version": 1, "require": [...], "forbid": [...],
/// "optional": [...]}`; unknown top-level keys are errors.
struct NativeManifestDocument: Decodable, Equatable {
    /// The only version this capcheck reads.
    static let currentVersion = 1

    /// The format version.
    var version: Int
    /// A free-text description (documentation only).
    var description: String?
    /// Ids or predicates that must hold.
    var require: [String]
    /// Ids or predicates that must not hold.
    var forbid: [String]
    /// Ids or predicates that are reported, never failing.
    var optional: [String]

    enum CodingKeys: String, CodingKey, CaseIterable {
        case version, description, require, forbid, optional
    }

    /// Any key, to find the ones that are not allowed.
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A top-level key the format does not have.
    struct UnknownKey: Error {
        var key: String
    }

    /// A version this capcheck does not read.
    struct UnsupportedVersion: Error {
        var version: Int
    }

    init(
        version: Int = currentVersion, description: String? = nil, require: [String] = [],
        forbid: [String] = [], optional: [String] = []
    ) {
        self.version = version
        self.description = description
        self.require = require
        self.forbid = forbid
        self.optional = optional
    }

    init(from decoder: any Decoder) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = all.allKeys.map(\.stringValue).sorted().first(where: {
            CodingKeys(rawValue: $0) == nil
        }) {
            throw UnknownKey(key: unknown)
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == Self.currentVersion else { throw UnsupportedVersion(version: version) }
        description = try container.decodeIfPresent(String.self, forKey: .description)
        require = try container.decodeIfPresent([String].self, forKey: .require) ?? []
        forbid = try container.decodeIfPresent([String].self, forKey: .forbid) ?? []
        optional = try container.decodeIfPresent([String].self, forKey: .optional) ?? []
    }
}
