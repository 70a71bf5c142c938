import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// Reads capcheck's native, versioned JSON manifest.
package struct JSONManifestReader {
    /// The file name used in messages.
    package let path: String
    /// Unknown-key handling.
    package let options: ManifestLoadOptions

    /// A reader.
    /// - Parameters:
    ///   - path: The file name used in messages.
    ///   - options: How unknown keys and implied features are handled.
    package init(path: String, options: ManifestLoadOptions) {
        self.path = path
        self.options = options
    }

    package func read(_ data: Data) throws(ManifestError) -> Manifest {
        let document = try decode(data)
        var requirements: [Requirement] = []
        var seen: [String: String] = [:]
        let lists: [(String, [String], Wanted)] = [
            ("require", document.require, .present), ("forbid", document.forbid, .absent),
            ("optional", document.optional, .optional),
        ]
        for (list, entries, wanted) in lists {
            for (index, raw) in entries.enumerated() {
                let place = "\(list)[\(index)]"
                let key = raw.trimming(.whitespaces)
                guard !key.isEmpty else {
                    throw .malformed(path: path, place: place, reason: "empty entry")
                }
                if let other = seen[key] {
                    throw .malformed(
                        path: path, place: place, reason: "'\(key)' is already listed at \(other)")
                }
                seen[key] = place
                requirements.append(
                    try requirement(
                        key, wanted: wanted, place: place,
                        suggesting: requirements.count < KeyCatalog.suggestedKeys))
            }
        }
        let notes = document.description.map { ["description: \($0)"] } ?? []
        return Manifest(path: path, kind: .json, requirements: requirements, notes: notes)
    }

    /// Decodes the document after the structure check; every failure names its place.
    private func decode(_ data: Data) throws(ManifestError) -> NativeManifestDocument {
        if let problem = JSONCheck.problem(in: data), !problem.isSyntax {
            throw .malformed(path: path, problem)
        }
        do {
            return try JSONDecoder().decode(NativeManifestDocument.self, from: data)
        } catch let error as NativeManifestDocument.UnknownKey {
            let suggestion = EditDistance.nearest(
                error.key, in: NativeManifestDocument.CodingKeys.allCases.map(\.rawValue))
            throw .unknownKey(path: path, place: nil, key: error.key, suggestion: suggestion)
        } catch let error as NativeManifestDocument.UnsupportedVersion {
            throw .malformed(
                path: path, place: "version",
                reason:
                    "unsupported version \(error.version) (this capcheck reads \(NativeManifestDocument.currentVersion))"
            )
        } catch let error as DecodingError {
            throw Self.describe(error, path: path, data: data)
        } catch {
            throw .malformed(path: path, place: nil, reason: "not valid JSON")
        }
    }

    /// One entry: a predicate (`memory.total >= 3GiB`) or a capability id; an unknown name is
    /// an error unless unknown keys are allowed.
    private func requirement(
        _ key: String, wanted: Wanted, place: String, suggesting: Bool
    ) throws(ManifestError) -> Requirement {
        let target: RequirementTarget
        var note: String?
        if Predicate.looksLikePredicate(key) {
            do throws(ManifestError) {
                target = .predicate(try Predicate.parse(key, path: path, place: place))
            } catch .unknownKey(_, _, let name, _) where options.allowUnknown {
                target = try options.resolve(
                    nil, key: name, kind: .json, path: path, place: place, suggesting: suggesting
                ).target
            }
        } else {
            let entry = try options.resolve(
                KeyCatalog.nativeEntry(key), key: key, kind: .json, path: path, place: place,
                suggesting: suggesting)
            target = entry.target
            note = entry.note
        }
        return Requirement(key: key, source: .json, target: target, wanted: wanted, note: note)
    }

    /// One line for a decoding error, with the coding path (`require[2]: expected a string`)
    /// or, for broken JSON syntax, the line and column (`line 3, column 5: …`).
    package static func describe(_ error: DecodingError, path: String, data: Data) -> ManifestError
    {
        func place(_ codingPath: [any CodingKey]) -> String? {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? nil : text
        }
        func words(_ type: Any.Type) -> String {
            if type == String.self { return "a string" }
            if type == Int.self { return "an integer" }
            let name = "\(type)"
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "a list of strings" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return name
        }
        switch error {
        case .typeMismatch(let type, let context):
            let where_ = place(context.codingPath)
            return .malformed(
                path: path, place: where_,
                reason: "expected \(where_ == nil ? "an object" : words(type))")
        case .valueNotFound(let type, let context):
            return .malformed(
                path: path, place: place(context.codingPath),
                reason: "expected \(words(type)), found null")
        case .keyNotFound(let key, let context):
            return .malformed(
                path: path, place: place(context.codingPath + [key]), reason: "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return syntaxError(data, path: path)
                    ?? .malformed(path: path, place: nil, reason: "not valid JSON")
            }
            return .malformed(
                path: path, place: place(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .malformed(path: path, place: nil, reason: "not valid JSON")
        }
    }

    /// Where and why the JSON syntax is broken (``JSONCheck``), as a line and column.
    /// - Parameters:
    ///   - data: The manifest bytes.
    ///   - path: The file name used in messages.
    /// - Returns: The error, or nil when the bytes parse as JSON after all.
    static func syntaxError(_ data: Data, path: String) -> ManifestError? {
        guard let problem = JSONCheck.problem(in: data), problem.isSyntax else { return nil }
        return .malformed(
            path: path, place: problem.place?.description,
            reason: "not valid JSON: \(problem.reason)")
    }
}

/// The native JSON manifest as written: `{"version": 1, "require": [...], "forbid": [...],
/// "optional": [...]}`; unknown top-level keys are errors.
package struct NativeManifestDocument: Decodable, Equatable {
    /// The only version this capcheck reads.
    static let currentVersion = 1

    /// The format version.
    package var version: Int
    /// A free-text description (documentation only).
    package var description: String?
    /// Ids or predicates that must hold.
    var require: [String]
    /// Ids or predicates that must not hold.
    var forbid: [String]
    /// Ids or predicates that are reported, never failing.
    package var optional: [String]

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case version, description, require, forbid, optional
    }

    /// Any key, to find the ones that are not allowed.
    package struct AnyKey: CodingKey {
        package var stringValue: String
        package var intValue: Int? { nil }
        package init(stringValue: String) { self.stringValue = stringValue }
        package init?(intValue: Int) { nil }
    }

    /// A top-level key the format does not have.
    package struct UnknownKey: Error {
        package var key: String
    }

    /// A version this capcheck does not read.
    package struct UnsupportedVersion: Error {
        package var version: Int
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

    package init(from decoder: any Decoder) throws {
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

/// capcheck's native JSON manifest: text that starts with `{` or `[`.
package struct JSONManifestFormat: ManifestFormat {
    package var kind: ManifestKind { .json }
    package var noun: String { "a capcheck JSON manifest" }
    package var recognised: String { "a JSON manifest" }

    package func recognisesText(_ content: ManifestContent) -> Bool { content.startsLikeJSON }

    package func read(_ data: Data, path: String, options: ManifestLoadOptions)
        throws(ManifestError) -> Manifest
    {
        try JSONManifestReader(path: path, options: options).read(data)
    }

    package func suggestion(for key: String) -> String? { KeyCatalog.nearestNativeKey(to: key) }
}
