import CapabilityModel
import CapabilitySupport
import CapabilityXML
import FoundationEssentials

/// Reads AppStream metainfo files and catalogs (inflated by their loader when gzip-compressed) into manifests: one
/// per `<component>`, with one requirement per relation item (the controls of one block
/// combine into one "any of" requirement, as the specification says), never resolving
/// external entities. Unknown item kinds and values become `unknown` requirements and a
/// note with the nearest known name; they never discard the file.
package struct AppStreamReader {
    /// The file name used in messages.
    package let path: String
    /// Implied-relation handling.
    package let options: ManifestLoadOptions

    /// A reader.
    /// - Parameters:
    ///   - path: The file name used in messages.
    ///   - options: How unknown keys and implied features are handled.
    package init(path: String, options: ManifestLoadOptions) {
        self.path = path
        self.options = options
    }

    /// Reads a metainfo file: exactly one component.
    package func read(_ data: Data) throws(ManifestError) -> Manifest {
        let components = try readAll(data)
        guard components.count == 1, let only = components.first else {
            throw malformed(
                nil,
                "an AppStream catalog with \(components.count) components; "
                    + "'verify' checks each one, other commands take one metainfo file")
        }
        return only.manifest
    }

    /// Reads every component of a metainfo file or catalog (XML, or a DEP-11 YAML catalog
    /// through ``DEP11Reader``), in document order.
    package func readAll(_ data: Data) throws(ManifestError) -> [AppStreamComponentManifest] {
        if DEP11Reader.looksLikeYAML(data) {
            return manifests(
                of: try DEP11Reader(path: path).components(data), inCatalog: true)
        }
        let collector = AppStreamParserDelegate()
        let problem = XMLInputGuard.parse(Array(data), with: collector)
        if let (line, reason) = collector.limitExceeded { throw malformed("line \(line)", reason) }
        if let problem { throw .malformed(path: path, problem) }
        guard let root = collector.rootName else { throw malformed(nil, "no XML element found") }
        guard root == "component" || root == "components" else {
            throw malformed(
                nil, "the root element is <\(root)>, expected <component> or <components>")
        }
        guard collector.rootClosed else {
            throw malformed(nil, "the document ends before </\(root)>")
        }
        return manifests(of: collector.components, inCatalog: root == "components")
    }

    /// The manifests of components read from XML or YAML.
    private func manifests(of components: [AppStreamParserDelegate.Component], inCatalog: Bool)
        -> [AppStreamComponentManifest]
    {
        components.enumerated().map { index, component in
            let id = component.id.flatMap { $0.isEmpty ? nil : $0 } ?? "component #\(index + 1)"
            return AppStreamComponentManifest(
                id: id, name: component.name, type: component.type, inCatalog: inCatalog,
                manifest: manifest(component, id: id, inCatalog: inCatalog))
        }
    }

    private func malformed(_ place: String?, _ reason: String) -> ManifestError {
        .malformed(path: path, place: place, reason: reason)
    }

    /// The requirements and notes of one component.
    private func manifest(
        _ component: AppStreamParserDelegate.Component, id: String, inCatalog: Bool
    ) -> Manifest {
        var requirements: [Requirement] = []
        var notes: [String] = []
        let prefix = inCatalog ? "\(id): " : ""
        for stray in component.strayBlocks {
            let hint =
                EditDistance.nearest(stray.name, in: AppStreamRelationKind.allCases.map(\.rawValue))
                .map { " (did you mean <\($0)>?)" } ?? ""
            notes.append(
                "\(prefix)line \(stray.line): <\(stray.name)> is not a relation block\(hint); ignored"
            )
        }
        for block in component.blocks {
            requirements += self.requirements(of: block, prefix: prefix, notes: &notes)
        }
        if options.implied, component.blocks.allSatisfy({ $0.items.isEmpty }) {
            requirements += implied(for: component.type)
        } else if options.implied, Self.takesImpliedDisplay(component.type),
            !requirements.contains(where: {
                if case .relation(.displayLength) = $0.target { return true }
                return false
            })
        {
            notes.append(prefix + Self.noImpliedDisplayNote)
        }
        return Manifest(
            path: inCatalog ? "\(path)#\(id)" : path, kind: .appstream,
            requirements: requirements, notes: notes)
    }

    /// The requirements of one relation block: one per item, and the block's `<control>`
    /// items joined into one (any of them is enough); odd items add notes.
    private func requirements(
        of block: AppStreamParserDelegate.Block, prefix: String, notes: inout [String]
    ) -> [Requirement] {
        var requirements: [Requirement] = []
        var controls: [AppStreamControl] = []
        var unknownControls: [String] = []
        var hasControls = false
        for item in block.items {
            let place = "\(prefix)line \(item.line)"
            guard let kind = AppStreamItemKind(rawValue: item.name) else {
                let hint = EditDistance.nearest(
                    item.name, in: AppStreamItemKind.allCases.map(\.rawValue))
                let shown = hint.map { " (did you mean <\($0)>?)" } ?? ""
                notes.append("\(place): unknown relation item <\(item.name)>\(shown)")
                requirements.append(
                    requirement(
                        "\(item.name) \(item.value)", block,
                        .relation(.unrecognized("unknown relation item <\(item.name)>\(shown)"))))
                continue
            }
            // Every attribute the item kind does not use is named once, whatever the kind
            // (translate="no" from an ITS-aware editor is the common one).
            for name in item.attributes.keys.sorted() where !kind.attributes.contains(name) {
                notes.append("\(place): \(name) on <\(kind.rawValue)> has no meaning; ignored")
            }
            if kind == .control {
                hasControls = true
                if let control = AppStreamControl(rawValue: item.value) {
                    if !controls.contains(control) { controls.append(control) }
                } else {
                    let hint = EditDistance.nearest(
                        item.value, in: AppStreamControl.allCases.map(\.rawValue))
                    notes.append(
                        "\(place): unknown control '\(item.value)'"
                            + (hint.map { " (did you mean \($0)?)" } ?? ""))
                    unknownControls.append(item.value)
                }
                continue
            }
            let (target, note) = resolve(kind, item)
            if let note { notes.append("\(place): \(note)") }
            requirements.append(requirement("\(item.name) \(keyText(item))", block, target))
        }
        if hasControls {
            let values = controls.map(\.rawValue) + unknownControls
            requirements.append(
                requirement(
                    "control " + values.joined(separator: "|"), block,
                    .relation(.controls(controls, unrecognized: unknownControls)),
                    note: values.count > 1 ? "any one of these controls is enough" : nil))
        }
        return requirements
    }

    /// Component types the implied display length is for.
    static func takesImpliedDisplay(_ type: String?) -> Bool {
        ["desktop-application", "desktop", "web-application"].contains(type ?? "")
    }

    /// Where the specification and libappstream part: the specification's text assumes the
    /// display length whenever no `display_length` relation is given; libappstream 1.x
    /// (`as_component_make_implicit_relations_explicit`) only when the component declares no
    /// relation at all, and capcheck follows libappstream, whose verdicts it matches.
    static let noImpliedDisplayNote =
        "no display_length relation: the specification says \"If no display_length relation "
        + "is present, a minimum required display (ge) relation of 768px is implicitly "
        + "assumed\", but libappstream 1.x assumes it only for a component with no relation at "
        + "all, and capcheck follows libappstream: no display length is required"

    /// What the specification assumes for an application that declares no relations: a
    /// desktop or web application needs a display of at least 768 px and supports pointing
    /// and keyboard; a console application supports the console. Other component types
    /// (fonts, add-ons, firmware, generic) get nothing.
    private func implied(for type: String?) -> [Requirement] {
        var rows: [Requirement] = []
        let controls: [AppStreamControl]
        switch type {
        case "desktop-application", "desktop", "web-application":
            controls = [.pointing, .keyboard]
            rows.append(
                Requirement(
                    key: "display_length 768", source: .implied,
                    target: .relation(.displayLength(compare: .ge, pixels: 768, side: .shortest)),
                    wanted: .present,
                    note: "implied: with no display_length the specification assumes >= 768 px"))
        case "console-application": controls = [.console]
        default: controls = []
        }
        if !controls.isEmpty {
            rows.append(
                Requirement(
                    key: "control " + controls.map(\.rawValue).joined(separator: "|"),
                    source: .implied,
                    target: .relation(.controls(controls, unrecognized: [])), wanted: .optional,
                    note: "implied: the specification assumes these controls for a "
                        + "\(type ?? "") that declares none"))
        }
        return rows
    }

    private func requirement(
        _ key: String, _ block: AppStreamParserDelegate.Block, _ target: RequirementTarget,
        note: String? = nil
    ) -> Requirement {
        Requirement(
            key: "\(block.kind.rawValue) \(key)".trimming(.whitespaces),
            source: .appstream, target: target, wanted: block.kind.wanted, note: note)
    }

    /// The key text: the value with the attributes that change its meaning.
    private func keyText(_ item: AppStreamParserDelegate.Item) -> String {
        var parts: [String] = []
        for name in ["side", "compare", "version", "bandwidth_mbitps"] {
            if let value = item.attributes[name] { parts.append("\(name)=\(value)") }
        }
        return ([item.value] + parts).joined(separator: " ")
    }

    /// The target of one non-control item, and a note when something was odd.
    private func resolve(_ kind: AppStreamItemKind, _ item: AppStreamParserDelegate.Item)
        -> (RequirementTarget, String?)
    {
        let value = item.value
        var compare = AppStreamCompare.ge
        if let text = item.attributes["compare"] {
            guard let parsed = AppStreamCompare.parse(text) else {
                let hint = EditDistance.nearest(text, in: AppStreamCompare.allCases.map(\.rawValue))
                return Self.unknown(
                    "unknown compare '\(text)'" + (hint.map { " (did you mean \($0)?)" } ?? ""))
            }
            compare = parsed
        }
        switch kind {
        case .id:
            return (
                .notApplicable(
                    "another software component (\(value)): a package-manager question, "
                        + "not the hardware's"), nil
            )
        case .memory:
            return Self.resolveMemory(item)
        case .displayLength:
            return Self.resolveDisplayLength(item, compare: compare)
        case .kernel:
            guard !value.isEmpty else { return Self.unknown("kernel needs a name such as Linux") }
            return (
                .relation(
                    .kernel(name: value, compare: compare, version: item.attributes["version"])),
                nil
            )
        case .modalias:
            guard !value.isEmpty else { return Self.unknown("modalias needs a value") }
            return (.relation(.modalias(value)), nil)
        case .hardware:
            let chid = value.lowercased().trimming(.characters(in: "{}"))
            guard ComputerHardwareIDs.isGUID(chid) else {
                return Self.unknown("hardware must be a CHID (a GUID), not '\(value)'")
            }
            return (.relation(.hardware(chid)), nil)
        case .internet:
            return Self.resolveInternet(item)
        case .firmware:
            return (
                .relation(
                    .firmware(
                        value: value.isEmpty ? "runtime" : value, compare: compare,
                        version: item.attributes["version"])), nil
            )
        case .control:
            return Self.unknown("control is combined per block")
        }
    }

    /// A rejected item: an unrecognized relation (unknown, never absent) and the note.
    private static func unknown(_ why: String) -> (RequirementTarget, String?) {
        (.relation(.unrecognized(why)), why)
    }

    /// `<memory>`: at least that many MiB of physical memory (`compare` is ignored, as the
    /// specification and libappstream do).
    private static func resolveMemory(_ item: AppStreamParserDelegate.Item)
        -> (RequirementTarget, String?)
    {
        let value = item.value
        guard let mib = Int(value), mib > 0 else {
            return Self.unknown("memory must be a positive number of MiB, not '\(value)'")
        }
        let predicate = Predicate(
            subject: .memoryTotal, comparison: .atLeast, value: .bytes(Double(mib) * 1_048_576),
            text: "memory.total >= \(mib) MiB")
        let note =
            item.attributes["compare"] == nil
            ? nil
            : "compare on <memory> is ignored (the specification and libappstream mean at least)"
        return (.predicate(predicate), note)
    }

    /// `<display_length>`: logical pixels or a named size (xsmall…xlarge), on the shortest
    /// side unless `side` says otherwise.
    private static func resolveDisplayLength(
        _ item: AppStreamParserDelegate.Item, compare: AppStreamCompare
    ) -> (RequirementTarget, String?) {
        let value = item.value
        let pixels: Int
        if let number = Int(value), number > 0 {
            pixels = number
        } else if let named = AppStreamItemKind.namedDisplayLengths[value] {
            pixels = named
        } else {
            let hint = EditDistance.nearest(
                value, in: AppStreamItemKind.namedDisplayLengths.keys.sorted())
            return Self.unknown(
                "display_length must be logical pixels or xsmall…xlarge, not '\(value)'"
                    + (hint.map { " (did you mean \($0)?)" } ?? ""))
        }
        var side = RelationItem.DisplaySide.shortest
        if let text = item.attributes["side"] {
            guard let parsed = RelationItem.DisplaySide(rawValue: text) else {
                let hint = EditDistance.nearest(
                    text, in: RelationItem.DisplaySide.allCases.map(\.rawValue))
                return Self.unknown(
                    "unknown display side '\(text)'"
                        + (hint.map { " (did you mean \($0)?)" } ?? ""))
            }
            side = parsed
        }
        return (.relation(.displayLength(compare: compare, pixels: pixels, side: side)), nil)
    }

    /// `<internet>`: one of the specification's values, with an optional positive
    /// `bandwidth_mbitps`.
    private static func resolveInternet(_ item: AppStreamParserDelegate.Item)
        -> (RequirementTarget, String?)
    {
        let value = item.value
        guard AppStreamItemKind.internetKinds.contains(value) else {
            let hint = EditDistance.nearest(value, in: AppStreamItemKind.internetKinds)
            return Self.unknown(
                "unknown internet value '\(value)'"
                    + (hint.map { " (did you mean \($0)?)" } ?? ""))
        }
        var bandwidth: Int?
        if let text = item.attributes["bandwidth_mbitps"] {
            guard let number = Int(text), number > 0 else {
                return Self.unknown("bandwidth_mbitps must be a positive number, not '\(text)'")
            }
            bandwidth = number
        }
        return (.relation(.internet(kind: value, bandwidthMbitps: bandwidth)), nil)
    }
}

/// One component of a metainfo file or catalog, read as a manifest.
public struct AppStreamComponentManifest: Sendable, Hashable {
    /// The component id (`org.gnome.Maps`), or `component #N` when it has none.
    public var id: String
    /// The untranslated name, if any.
    public var name: String?
    /// The component type (`desktop-application`, …), if given.
    public var type: String?
    /// Whether it came from a catalog (`<components>`) rather than a metainfo file.
    public var inCatalog: Bool
    /// Its relations as requirements.
    public var manifest: Manifest
}

/// The AppStream format: metainfo or a catalog as XML (`<component>`, `<components>`), a
/// DEP-11 YAML catalog, or either compressed with gzip.
package struct AppStreamManifestFormat: ManifestFormat {
    package var kind: ManifestKind { .appstream }
    package var noun: String { "AppStream metainfo" }
    package var recognised: String { "AppStream metainfo or catalog (XML or DEP-11 YAML)" }
    package var xmlRoot: (element: String, name: String)? { ("component", "AppStream metainfo") }
    package var inflatesGzip: Bool { true }

    package func recognisesBytes(_ content: ManifestContent) -> Bool {
        content.data.starts(with: [0x1F, 0x8B])
            || DEP11Reader.looksLikeYAML(content.data.prefix(4096))
    }

    package func read(_ data: Data, path: String, options: ManifestLoadOptions)
        throws(ManifestError) -> Manifest
    {
        try AppStreamReader(path: path, options: options).read(data)
    }

    package func impliedLegend(hasDefault: Bool) -> String? {
        "(* implied by the AppStream specification for this component)"
    }
}
