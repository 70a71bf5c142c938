import CapabilitySupport
import CapabilityXML
import FoundationEssentials

/// Reads an AndroidManifest.xml (text here; binary and protobuf XML through
/// ``read(root:)``) with aapt's feature rules (``AndroidFeatureRules``), never resolving
/// external entities.
package struct AndroidManifestReader {
    /// The file name used in messages.
    package let path: String
    /// Unknown-key and implied-feature handling.
    package let options: ManifestLoadOptions

    /// A reader.
    /// - Parameters:
    ///   - path: The file name used in messages.
    ///   - options: How unknown keys and implied features are handled.
    package init(path: String, options: ManifestLoadOptions) {
        self.path = path
        self.options = options
    }

    /// The prefix of every hardware feature name.
    package static let hardware = "android.hardware."
    /// What an unknown or placeholder feature name is checked as.
    static let unprobedNote = "capcheck cannot probe"

    package func read(_ data: Data) throws(ManifestError) -> Manifest {
        let collector = AndroidManifestParserDelegate()
        if let problem = XMLInputGuard.parse(Array(data), with: collector) {
            throw .malformed(path: path, problem)
        }
        guard let rootName = collector.rootName else {
            throw malformed(nil, "no XML element found")
        }
        guard rootName == "manifest" else {
            throw malformed(nil, "the root element is <\(rootName)>, expected <manifest>")
        }
        guard collector.rootClosed, let root = collector.root else {
            throw malformed(nil, "the document ends before </manifest>")
        }
        var manifest = read(root: root)
        if collector.truncated {
            manifest.warnings.append(
                "more than \(AndroidManifestParserDelegate.maxElements) elements; the rest is ignored"
            )
        }
        return manifest
    }

    /// Applies aapt's rules to a parsed `<manifest>` (text, binary or protobuf XML alike).
    /// - Parameter root: The `<manifest>` element.
    /// - Returns: The manifest's requirements, notes and warnings.
    package func read(root: AndroidXMLElement) -> Manifest {
        let rules = AndroidFeatureRules().evaluate(root)
        var warnings = rules.warnings
        var requirements = rules.declared.map { declaredRequirement($0, warnings: &warnings) }
        if !rules.featureGroups.isEmpty {
            requirements.append(featureGroupRequirement(rules.featureGroups, warnings: &warnings))
        }
        if let glES = rules.glES { requirements.append(Self.glESRequirement(glES)) }
        if options.implied {
            requirements += rules.implied.map { impliedRequirement($0, warnings: &warnings) }
        }
        var manifest = Manifest(
            path: path, kind: .android, requirements: requirements, notes: Self.notes(rules),
            warnings: warnings)
        manifest.store = Self.store(rules, implied: options.implied)
        return manifest
    }

    /// What Play filters on: the required features (declared, parents and, unless turned
    /// off, implied ones) outside the groups, the groups, GL ES, SDK levels and screens.
    private static func store(_ rules: AndroidFeatureRules.Result, implied: Bool)
        -> StoreDeclarations
    {
        var store = StoreDeclarations()
        store.isAndroid = true
        store.androidFeatures = rules.declared.filter(\.required).map {
            StoreDeclarations.AndroidFeature(name: $0.name, version: $0.version)
        }
        if implied {
            store.androidFeatures += rules.implied.map {
                StoreDeclarations.AndroidFeature(name: $0.name, impliedBy: $0.reason)
            }
        }
        store.androidFeatureGroups = rules.featureGroups.map { group in
            group.map { StoreDeclarations.AndroidFeature(name: $0.name, version: $0.version) }
        }
        store.glEsVersion = rules.glES?.value
        store.minSdk = rules.minSdk
        store.targetSdk = rules.targetSdkDeclared
        store.maxSdk = rules.maxSdk
        store.libraries = rules.libraries.map {
            StoreDeclarations.Library(name: $0.name, required: $0.required)
        }
        store.configurations = rules.configurations
        store.glTextures = rules.glTextures
        store.optionalFeatures = rules.declared.filter { !$0.required }.map(\.name)
        store.supportsScreens = rules.supportsScreens
        store.compatibleScreens = rules.compatibleScreens.map {
            StoreDeclarations.Screen(size: $0.size, density: $0.density)
        }
        return store
    }

    /// A declared feature (or a parent aapt adds): present when required, else optional;
    /// `vulkan.version` becomes a predicate on the Vulkan version it encodes.
    private func declaredRequirement(
        _ feature: AndroidFeatureRules.Declared, warnings: inout [String]
    ) -> Requirement {
        let entry = catalogEntry(feature.name, line: feature.line, warnings: &warnings)
        var target = entry.target
        if feature.name == Self.hardware + "vulkan.version", let encoded = feature.version {
            let version = [encoded >> 22, (encoded >> 12) & 0x3ff, encoded & 0xfff]
            target = .predicate(
                Predicate(subject: .vulkanVersion, comparison: .atLeast, value: .version(version)))
        }
        var notes: [String] = []
        if let child = feature.addedBy {
            notes.append("required by \(child) (aapt adds the parent feature)")
        }
        if let placeholder = feature.requiredPlaceholder {
            notes.append("android:required is the placeholder \(placeholder), taken as true")
        }
        if let note = entry.note { notes.append(note) }
        return Requirement(
            key: feature.name, source: .android, target: target,
            wanted: feature.required ? .present : .optional,
            note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// The `<feature-group>`s as one requirement: every feature of one group (all of them
    /// required within it, as Play reads them) must hold.
    private func featureGroupRequirement(
        _ groups: [[AndroidFeatureRules.Declared]], warnings: inout [String]
    ) -> Requirement {
        let members = groups.map { group in
            group.map { feature in
                var required = feature
                required.required = true
                return declaredRequirement(required, warnings: &warnings)
            }
        }
        return Requirement(
            key: "feature-group "
                + members.map { $0.map(\.key).joined(separator: "+") }.joined(separator: " | "),
            source: .android, target: .anyGroup(members), wanted: .present,
            note: "\(groups.count) <feature-group> element\(groups.count == 1 ? "" : "s"): Play "
                + "accepts a device with every feature of one group (and those outside groups)")
    }

    /// The highest `glEsVersion`: always required (aapt and Play ignore `required="false"`
    /// on it), checked against the GPU's OpenGL ES level.
    private static func glESRequirement(_ glES: (value: Int, required: Bool, line: Int))
        -> Requirement
    {
        let major = glES.value >> 16
        let minor = glES.value & 0xffff
        return Requirement(
            key: "android:glEsVersion=0x" + glES.value.hexDigits(width: 8, uppercase: false),
            source: .android,
            target: .predicate(
                Predicate(
                    subject: .glesVersion, comparison: .atLeast, value: .version([major, minor]))),
            wanted: .present,
            note: (glES.required
                ? "" : "aapt and Play ignore android:required=\"false\" on glEsVersion; ")
                + "only the highest glEsVersion counts; checked against the GPU's OpenGL ES level")
    }

    /// A feature aapt implies (from a permission or an orientation) or its faketouch default.
    private func impliedRequirement(
        _ feature: AndroidFeatureRules.Implied, warnings: inout [String]
    ) -> Requirement {
        let entry = catalogEntry(feature.name, line: nil, warnings: &warnings)
        var note = feature.reason
        if feature.onlySDK23 { note += Self.sdk23Note }
        if let extra = entry.note { note += "; " + extra }
        return Requirement(
            key: feature.name, source: feature.isDefault ? .default : .implied,
            target: entry.target, wanted: .present, note: note)
    }

    /// The manifest's notes: where the target SDK came from first, then the rules' notes,
    /// then Play's touchscreen default when the touchscreen is not declared.
    private static func notes(_ rules: AndroidFeatureRules.Result) -> [String] {
        var notes = [rules.targetSdkOrigin] + rules.notes
        let touchscreen = hardware + "touchscreen"
        if !rules.declared.contains(where: { $0.name == touchscreen }) {
            notes.append(
                "Google Play documents \(touchscreen) as required unless declared "
                    + "required=\"false\"; aapt does not list it, so capcheck does not require it "
                    + "(declare it to make it a requirement)")
        }
        return notes
    }

    /// Added to the reason of a feature only `<uses-permission-sdk-23>` implies (aapt prints
    /// it as `uses-implied-feature-sdk-23`).
    static let sdk23Note = " (uses-permission-sdk-23: only on Android 6.0 and later)"

    /// The catalog entry, or for a name capcheck does not know (any name is legal) an
    /// unprobed target, with a warning when the name looks like a typo of a known one.
    func catalogEntry(_ name: String, line: Int?, warnings: inout [String]) -> CatalogEntry {
        if let entry = KeyCatalog.androidEntry(name) { return entry }
        let place = line.map { "line \($0): " } ?? ""
        if name.contains("${") {
            warnings.append(
                "\(place)feature name \(name) is a build placeholder; the built app has the value")
            return CatalogEntry(
                .unprobed("\(Self.unprobedNote) \(name): the name is a build placeholder"))
        }
        // Suggestions only while the warnings are few: each compares the name with every
        // known feature, and a hostile manifest can declare thousands of unknown ones.
        if warnings.count < KeyCatalog.maximumSuggestions,
            let suggestion = KeyCatalog.closeAndroidFeature(to: name)
        {
            warnings.append(
                "\(place)unknown feature '\(name)' (did you mean \(suggestion)?)")
        } else {
            warnings.append("\(place)feature '\(name)' is not one capcheck knows; it stays unknown")
        }
        return CatalogEntry(.unprobed("\(Self.unprobedNote) \(name)"))
    }

    package func malformed(_ place: String?, _ reason: String) -> ManifestError {
        .malformed(path: path, place: place, reason: reason)
    }
}

/// Builds the element tree of a text AndroidManifest.xml, resolving `android:` and `tools:`
/// prefixes from the `xmlns:` declarations seen so far (the usual prefixes when undeclared).
package final class AndroidManifestParserDelegate: XMLInputGuard.EventCollecting {
    /// The deepest nesting kept (manifests are 5 levels deep; deeper elements are skipped).
    static let maxDepth = 32
    /// The most elements kept.
    static let maxElements = 200_000

    /// The root element, once the document is complete.
    private(set) var root: AndroidXMLElement?
    /// The root element's name, once seen.
    private(set) var rootName: String?
    /// Whether the root element was closed (the document is complete).
    private(set) var rootClosed = false
    /// Whether the element bound was reached.
    private(set) var truncated = false
    private var stack: [AndroidXMLElement] = []
    private var skippedDepth = 0
    private var count = 0
    private var prefixes: [String: String] = [
        "android": AndroidXMLElement.androidNamespace, "tools": AndroidXMLElement.toolsNamespace,
    ]

    /// Takes one event: elements build the tree; text is not read.
    func take(_ event: XMLEvent, at position: XMLPosition) {
        switch event {
        case .startElement(let name, let attributes):
            start(name, attributes: attributes, line: position.line)
        case .endElement: end()
        case .text, .cdata: break
        }
    }

    private func start(_ elementName: String, attributes list: [XMLAttribute], line: Int) {
        if rootName == nil { rootName = elementName }
        guard skippedDepth == 0, stack.count < Self.maxDepth, count < Self.maxElements else {
            if count >= Self.maxElements { truncated = true }
            skippedDepth += 1
            return
        }
        count += 1
        let attributes = Dictionary(list.map { ($0.name, $0.value) }) { _, last in last }
        for (name, value) in attributes where name.hasPrefix("xmlns:") {
            prefixes[String(name.dropFirst(6))] = value
        }
        var converted: [AndroidXMLAttribute] = []
        for name in attributes.keys.sorted() where !name.hasPrefix("xmlns") {
            let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
            let namespace = parts.count == 2 ? prefixes[parts[0]] ?? parts[0] : ""
            converted.append(
                AndroidXMLAttribute(
                    namespace: namespace, name: parts.last ?? name, resourceID: nil,
                    value: .string(attributes[name] ?? "")))
        }
        stack.append(
            AndroidXMLElement(name: elementName, attributes: converted, line: line, children: []))
    }

    private func end() {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
            rootClosed = true
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }
}

/// The AndroidManifest.xml format: binary XML by its signature (as taken out of an APK),
/// text XML by `<manifest>`.
package struct AndroidManifestFormat: ManifestFormat {
    package var kind: ManifestKind { .android }
    package var noun: String { "an AndroidManifest.xml" }
    package var recognised: String { "an AndroidManifest.xml" }
    package var xmlRoot: (element: String, name: String)? {
        ("manifest", "an AndroidManifest.xml")
    }

    package func recognisesBytes(_ content: ManifestContent) -> Bool {
        BinaryXMLDecoder.looksLikeBinaryXML(Array(content.data.prefix(8)))
    }

    package func read(_ data: Data, path: String, options: ManifestLoadOptions)
        throws(ManifestError) -> Manifest
    {
        try AndroidManifestReader(path: path, options: options).read(data)
    }

    package func suggestion(for key: String) -> String? {
        KeyCatalog.nearestAndroidKey(to: key)
    }

    package func impliedLegend(hasDefault: Bool) -> String? {
        "(* implied by a permission or an activity orientation"
            + (hasDefault ? ", + default for all apps)" : ")")
    }
}
