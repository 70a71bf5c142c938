import FoundationEssentials

/// A manifest format capcheck reads, declared in its reader's file: its kind, its name in
/// messages, how its content is recognised, how it is read and which keys it suggests.
///
/// ``ManifestFormats/all`` lists every format; the loader's detection, its messages, the
/// catalogs' wording and the suggestions for unknown keys all walk that list.
package protocol ManifestFormat: Sendable {
    /// The kind it reads (the `--kind` word and the JSON `kind`).
    var kind: ManifestKind { get }
    /// A manifest of this format in words, as a catalog's message names it (`an Info.plist`).
    var noun: String { get }
    /// What detection looks for, as the message for unrecognised content names it
    /// (`a property list`).
    var recognised: String { get }
    /// The XML root element that marks it (`plist`) and how the message for other XML names
    /// it, when the format is XML.
    var xmlRoot: (element: String, name: String)? { get }
    /// Whether gzip-compressed bytes are inflated before they are read (a compressed catalog).
    var inflatesGzip: Bool { get }

    /// Whether the leading bytes carry its signature, looked at before any text.
    /// - Parameter content: The bytes being detected.
    /// - Returns: True when they are this format.
    func recognisesBytes(_ content: ManifestContent) -> Bool

    /// Whether text that is not XML is this format.
    /// - Parameter content: The bytes being detected.
    /// - Returns: True when they are this format.
    func recognisesText(_ content: ManifestContent) -> Bool

    /// Reads a manifest of this format.
    /// - Parameters:
    ///   - data: The bytes (inflated when ``inflatesGzip``).
    ///   - path: The file name used in messages.
    ///   - options: Unknown-key and implied-feature handling.
    /// - Returns: The manifest.
    /// - Throws: ``ManifestError`` naming the file, place and reason.
    func read(_ data: Data, path: String, options: ManifestLoadOptions) throws(ManifestError)
        -> Manifest

    /// The nearest valid key for one that is unknown, for "did you mean …?".
    /// - Parameter key: What was written.
    /// - Returns: The suggestion, if any.
    func suggestion(for key: String) -> String?

    /// The legend `lint` prints under requirements marked as implied, when this format's
    /// rules imply some (nil: the generic legend).
    /// - Parameter hasDefault: Whether a default requirement (`+`) is among them.
    /// - Returns: The legend line.
    func impliedLegend(hasDefault: Bool) -> String?
}

extension ManifestFormat {
    /// Not XML unless a format says so.
    package var xmlRoot: (element: String, name: String)? { nil }
    /// Gzip is not inflated unless a format says so.
    package var inflatesGzip: Bool { false }
    /// No binary signature unless a format has one.
    package func recognisesBytes(_ content: ManifestContent) -> Bool { false }
    /// No text form beyond XML unless a format has one.
    package func recognisesText(_ content: ManifestContent) -> Bool { false }
    /// No suggestions unless a format has a vocabulary.
    package func suggestion(for key: String) -> String? { nil }
    /// The generic legend unless a format implies by rules of its own.
    package func impliedLegend(hasDefault: Bool) -> String? { nil }
}

/// The bytes of a manifest whose format is being detected, with what detection looks at.
package struct ManifestContent {
    /// The bytes.
    package let data: Data
    /// The file name, lowercased (a `.plist` name breaks the tie between JSON and OpenStep).
    package let lowercasedPath: String
    /// The leading text without whitespace or byte-order mark (empty before text is looked at).
    package let text: Substring
    /// Whether the bytes fail JSON's syntax (asked only for a JSON-like `.plist`).
    package let failsJSONSyntax: () -> Bool

    /// Content being detected.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - path: The file name.
    ///   - text: The leading text, trimmed.
    ///   - failsJSONSyntax: Whether the bytes fail JSON's syntax.
    package init(
        data: Data, path: String, text: Substring = "",
        failsJSONSyntax: @escaping () -> Bool = { false }
    ) {
        self.data = data
        self.lowercasedPath = path.lowercased()
        self.text = text
        self.failsJSONSyntax = failsJSONSyntax
    }

    /// Whether the text starts like JSON (`{` or `[`).
    package var startsLikeJSON: Bool { text.hasPrefix("{") || text.hasPrefix("[") }
}
