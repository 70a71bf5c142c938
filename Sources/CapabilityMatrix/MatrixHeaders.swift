import CapabilitySupport
import FoundationEssentials
import CapabilityModel

/// The vocabulary of matrix column headers: capability ids and their known aliases.
///
/// Lookup ignores case, spaces, hyphens and underscores, so `Audio In`, `audio-in` and
/// `AUDIO_IN` are one header. Seed aliases follow manifests.md §4.3.
package enum MatrixHeaders {
    /// Every canonical capability id a column may name (the probers' ids).
    package static var capabilityIDs: [CapabilityID] { CapabilityID.probed }

    /// Aliases for capability columns, as they are usually written, with their ids: the
    /// table's plain words, Apple keys and Android feature names (``CapabilityID/Definition``).
    static let capabilityAliases: [(alias: String, id: CapabilityID)] = capabilityIDs.flatMap {
        id in
        let definition = id.definition
        return (definition.aliases + definition.appleKeys + definition.androidFeatures).map {
            ($0, id)
        }
    }

    /// Headers of numeric and text columns: a column holding a quantity is named by the
    /// quantity's aliases (``Quantity/Definition/matrixAliases``); the columns a quantity is
    /// derived from, and free text, by the words here.
    static let valueAliases: [(alias: String, kind: MatrixValueKind)] =
        MatrixValueKind.allCases.flatMap { kind in
            guard kind.holdsQuantity, let quantity = kind.quantity else {
                return [(String, MatrixValueKind)]()
            }
            return quantity.definition.matrixAliases.map { ($0, kind) }
        } + [
            ("StillWidth", .stillWidth), ("StillHeight", .stillHeight),
            ("VideoWidth", .videoWidth), ("VideoHeight", .videoHeight), ("VideoMode", .videoMode),
            ("Notes", .notes), ("Note", .notes), ("Comment", .notes), ("VideoMegapixels", .notes),
        ]

    /// Known headers with no Linux meaning: kept, shown, never evaluated.
    static let ignoredAliases: [(alias: String, reason: String)] = [
        ("arkit", "Apple framework"), ("arm64e", "Apple ABI"), ("driverkit", "Apple framework"),
        ("embedded-web-browser-engine", "Apple entitlement"), ("gamekit", "Apple service"),
        ("healthkit", "Apple framework"), ("ipad-minimum-performance-m1", "Apple chip tier"),
        ("iphone-ipad-minimum-performance-a12", "Apple chip tier"),
        ("iphone-performance-gaming-tier", "Apple chip tier"), ("metal", "Apple GPU API"),
        ("opengles-1", "OpenGL ES version (no numeric cell)"),
        ("opengles-2", "OpenGL ES version (no numeric cell)"),
        ("opengles-3", "OpenGL ES version (no numeric cell)"),
        ("watch-companion", "historic Apple key"), ("web-browser-engine", "Apple entitlement"),
    ]

    /// The lookup key: lower case without spaces, hyphens or underscores.
    package static func normalized(_ header: some StringProtocol) -> String {
        String(header.lowercased().unicodeScalars.filter { $0 != " " && $0 != "-" && $0 != "_" })
    }

    private static let table: [String: MatrixColumn.Role] = {
        var table: [String: MatrixColumn.Role] = [:]
        for (alias, reason) in ignoredAliases {
            table[normalized(alias)] = .ignored(reason: reason)
        }
        for (alias, kind) in valueAliases { table[normalized(alias)] = .value(kind) }
        for (alias, id) in capabilityAliases { table[normalized(alias)] = .capability(id) }
        for id in capabilityIDs { table[normalized(id.rawValue)] = .capability(id) }
        table["family"] = .family
        return table
    }()

    /// What a header means, if it is known.
    /// - Parameter header: The header as written.
    /// - Returns: The role, or nil for an unknown header.
    package static func role(of header: some StringProtocol) -> MatrixColumn.Role? {
        table[normalized(header.trimming(.whitespaces))]
    }

    /// The nearest known header to an unknown one, for "did you mean …".
    /// - Parameter header: The unknown header.
    /// - Returns: `'Gyroscope' (sensor.gyroscope)`-style text, or nil when nothing is close.
    package static func suggestion(for header: String) -> String? {
        suggestions.vocabulary.nearest(normalized(header)).flatMap { suggestions.shown[$0] }
    }

    /// The known headers by lookup key, as a suggestion shows them, and their lookup keys
    /// prepared for ``EditDistance/Vocabulary/nearest(_:)``.
    private static let suggestions: (shown: [String: String], vocabulary: EditDistance.Vocabulary) =
        {
            var names: [String: String] = [:]
            for (alias, id) in capabilityAliases { names[alias] = "'\(alias)' (\(id))" }
            for id in capabilityIDs { names[id.rawValue] = "'\(id)'" }
            for (alias, _) in valueAliases { names[alias] = "'\(alias)'" }
            for (alias, _) in ignoredAliases { names[alias] = "'\(alias)'" }
            names["Family"] = "'Family'"
            let byKey = Dictionary(
                names.map { (normalized($0.key), $0.value) }, uniquingKeysWith: min)
            return (byKey, EditDistance.Vocabulary(byKey.keys.sorted()))
        }()
}
