import CapabilityYAML

/// Reads a DEP-11 YAML catalog (`Components-<arch>.yml`, what Debian and Ubuntu ship under
/// `/var/lib/swcatalog/yaml`) into the components ``AppStreamReader`` turns into manifests,
/// so a YAML catalog gets exactly the verdicts of its XML form.
///
/// The stream is read one document at a time through ``YAMLDocumentReader`` (libyaml;
/// anchors and aliases refused): the first document is the header (`File: DEP-11`), each
/// later one a component (`ID`, `Type`, `Name`, and the relation lists `Requires`,
/// `Recommends`, `Supports`). A relation item is a mapping whose first key that is not an
/// attribute names the item kind (`- kernel: Linux`), with the attributes `version`
/// (`'>= 5.10'`: compare symbol and version), `side` and `bandwidth_mbitps`; a
/// `display_length` value may start with its compare symbol (`<< 1280`), as libappstream
/// writes it.
package struct DEP11Reader {
    /// The file name used in messages.
    package let path: String

    /// A reader.
    /// - Parameter path: The file name used in messages.
    package init(path: String) {
        self.path = path
    }

    /// The keys of a relation item that are attributes, not its kind.
    static let attributeKeys: Set<String> = ["version", "side", "bandwidth_mbitps", "compare"]

    /// The DEP-11 names of the relation blocks.
    static let blockNames: [(key: String, kind: AppStreamRelationKind)] = [
        ("Requires", .requires), ("Recommends", .recommends), ("Supports", .supports),
    ]

    /// Misspelt block names noted as not being relation blocks.
    static let strayNames: Set<String> = ["Require", "Recommend", "Support", "Requirements"]

    /// Whether the bytes start like YAML (after blank and comment lines): a document marker
    /// `---`, a `%YAML` directive or the DEP-11 header `File: DEP-11`.
    /// - Parameter bytes: The first bytes of the file (a byte-order mark is skipped).
    /// - Returns: True for YAML.
    package static func looksLikeYAML(_ bytes: some Collection<UInt8>) -> Bool {
        var text = Substring(String(decoding: bytes.prefix(4096), as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return trimmed.hasPrefix("---") || trimmed.hasPrefix("%YAML")
                || trimmed.hasPrefix("File: DEP-11")
        }
        return false
    }

    /// Reads every component of the catalog, in document order, within the limits of the
    /// XML form: at most ``AppStreamParserDelegate/maximumComponents`` component documents
    /// (an empty document counts) and ``AppStreamParserDelegate/maximumItems`` relation items
    /// in all.
    /// - Parameter bytes: The (inflated) catalog, read in place.
    /// - Returns: The components.
    /// - Throws: ``ManifestError/malformed(path:place:reason:)`` for YAML libyaml refuses, an
    ///   anchor or alias, a key given twice in one mapping, a missing DEP-11 header, a
    ///   document that is not a mapping, or a limit passed.
    package func components(_ bytes: some Collection<UInt8>) throws(ManifestError)
        -> [AppStreamParserDelegate.Component]
    {
        let documents = YAMLDocumentReader(bytes)
        var components: [AppStreamParserDelegate.Component] = []
        var sawHeader = false
        var documentCount = 0
        var itemCount = 0
        while true {
            let next: YAMLNode??
            do {
                next = try documents.nextDocument()
            } catch {
                throw .malformed(path: path, error)
            }
            guard let document = next else { break }
            if sawHeader {
                documentCount += 1
                guard documentCount <= AppStreamParserDelegate.maximumComponents else {
                    let line = document?.position.line
                    throw malformed(
                        line.map { "line \($0)" },
                        "more than \(AppStreamParserDelegate.maximumComponents) components "
                            + "(the most capcheck reads)")
                }
            }
            guard let root = document else { continue }
            guard case .mapping = root else {
                throw malformed(
                    "line \(root.position.line)", "a DEP-11 document must be a mapping")
            }
            if !sawHeader {
                guard root["File"]?.text == "DEP-11" else {
                    throw malformed(
                        "line \(root.position.line)",
                        "YAML that is not a DEP-11 catalog (its first document has no "
                            + "'File: DEP-11')")
                }
                sawHeader = true
                continue
            }
            let read = component(root)
            itemCount += read.blocks.reduce(0) { $0 + $1.items.count }
            if itemCount > AppStreamParserDelegate.maximumItems {
                throw malformed(
                    "line \(root.position.line)",
                    "more than \(AppStreamParserDelegate.maximumItems) relation items "
                        + "(the most capcheck reads)")
            }
            components.append(read)
        }
        guard sawHeader else { throw malformed(nil, "the YAML stream has no document") }
        return components
    }

    private func malformed(_ place: String?, _ reason: String) -> ManifestError {
        .malformed(path: path, place: place, reason: reason)
    }

    /// One component document.
    private func component(_ root: YAMLNode) -> AppStreamParserDelegate.Component {
        var component = AppStreamParserDelegate.Component(
            type: root["Type"]?.text, line: root.position.line)
        component.id = root["ID"]?.text
        if let name = root["Name"] {
            component.name = name.text ?? name["C"]?.text
        }
        guard case .mapping(let entries, _) = root else { return component }
        for entry in entries {
            if let block = Self.blockNames.first(where: { $0.key == entry.key }) {
                component.blocks.append(
                    AppStreamParserDelegate.Block(
                        kind: block.kind, items: entry.value.items.map(item),
                        line: entry.value.position.line))
            } else if Self.strayNames.contains(entry.key) {
                component.strayBlocks.append((entry.key, entry.value.position.line))
            }
        }
        return component
    }

    /// One relation item: the kind from its first non-attribute key, the attributes as the
    /// XML form names them (`compare` as its two-letter code).
    private func item(_ node: YAMLNode) -> AppStreamParserDelegate.Item {
        guard case .mapping(let entries, let position) = node else {
            return AppStreamParserDelegate.Item(
                name: node.text ?? "", attributes: [:], value: "", line: node.position.line)
        }
        let kindEntry = entries.first { !Self.attributeKeys.contains($0.key) }
        let name = kindEntry?.key ?? ""
        var value = (kindEntry?.value.text ?? "").trimmed
        var attributes: [String: String] = [:]
        for entry in entries where Self.attributeKeys.contains(entry.key) {
            let text = (entry.value.text ?? "").trimmed
            switch entry.key {
            case "version":
                let (compare, version) = Self.splitCompare(text)
                if let compare { attributes["compare"] = compare }
                attributes["version"] = version
            default: attributes[entry.key] = text
            }
        }
        if name == AppStreamItemKind.displayLength.rawValue {
            let (compare, length) = Self.splitCompare(value)
            if let compare { attributes["compare"] = compare }
            value = length
        }
        return AppStreamParserDelegate.Item(
            name: name, attributes: attributes, value: value, line: position.line)
    }

    /// `>= 5.10` → (`ge`, `5.10`); text without a compare symbol → (nil, the text). An
    /// unknown symbol is kept as written, for the reader to name.
    static func splitCompare(_ text: String) -> (compare: String?, rest: String) {
        let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard words.count == 2, let symbol = words.first,
            symbol.allSatisfy({ "<>=!".contains($0) })
        else { return (nil, text) }
        let code = AppStreamCompare.parse(String(symbol))?.rawValue ?? String(symbol)
        return (code, String(words[1]).trimmed)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line ends.
    fileprivate var trimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0.isNewline }
        guard let start = firstIndex(where: { !isSpace($0) }),
            let end = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[start...end])
    }
}
