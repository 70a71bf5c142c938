import CapabilitySupport
import FoundationEssentials

/// Reads an Info.plist (XML or binary) or a plist whose root is the capabilities array or
/// dictionary; rejects OpenStep text, which Foundation on Linux would otherwise accept.
package struct PlistManifestReader {
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

    static let capabilitiesKey = "UIRequiredDeviceCapabilities"
    static let persistentWiFiKey = "UIRequiresPersistentWiFi"
    static let backgroundModesKey = "UIBackgroundModes"
    static let persistentWiFiNote =
        "iOS treats UIRequiresPersistentWiFi as a runtime flag (keep Wi-Fi up while running), "
        + "not an install filter; capcheck checks it as a need for Wi-Fi"

    /// Rejects what Foundation would mishandle: OpenStep text (Foundation on Linux accepts it and
    /// may log on its own), binary reference graphs that expand without bound or loop, and
    /// keys given twice in one dictionary (Foundation keeps one silently).
    private func checkStructure(_ data: Data, isBinary: Bool) throws(ManifestError) {
        if isBinary {
            if let problem = PlistStructureCheck.binaryProblem(Array(data)) {
                let place = problem.place == .key("trailer") ? nil : problem.place
                throw malformed(
                    place?.description, "not a valid binary property list (\(problem.reason))")
            }
            return
        }
        let text: String
        switch XMLInputGuard.decode(Array(data)) {
        case .success(let decoded): text = decoded
        case .failure(let problem): throw .malformed(path: path, problem)
        }
        let firstMark = text.unicodeScalars.first { !$0.properties.isWhitespace }
        guard firstMark == "<" else {
            throw malformed(nil, "OpenStep text property lists are not accepted; use XML or binary")
        }
        if let entity = text.literalRange(of: "<!ENTITY") {
            let line = 1 + text[..<entity.lowerBound].filter { $0 == "\n" }.count
            throw malformed("line \(line)", "entity declarations are not accepted")
        }
        if let problem = PlistStructureCheck.xmlProblem(text) {
            throw .malformed(path: path, problem)
        }
    }

    package func read(_ data: Data) throws(ManifestError) -> Manifest {
        let root = try propertyList(data)
        if let array = root as? [Any] {
            return Manifest(
                path: path, kind: .plist, requirements: try capabilities(array, place: ""))
        }
        guard let dictionary = root as? [String: Any] else {
            throw malformed(nil, "expected a dictionary or an array at the top level")
        }
        // A capabilities dictionary has lower-case keys; Info.plist keys start upper-case.
        let isInfoPlist = dictionary.keys.contains { $0.first?.isUppercase == true }
        guard isInfoPlist else {
            return Manifest(
                path: path, kind: .plist, requirements: try capabilities(dictionary, place: ""))
        }
        return try read(infoPlist: dictionary)
    }

    /// Checks the structure, then deserializes: XML or binary only, never OpenStep, and a
    /// file that starts like a binary plist must be one.
    private func propertyList(_ data: Data) throws(ManifestError) -> Any {
        let isBinary = data.starts(with: Array("bplist".utf8))
        try checkStructure(data, isBinary: isBinary)
        var format = PropertyListDecoder.PropertyListFormat.xml
        let root: Any
        do {
            root = try PropertyListDecoder().decode(PlistValue.self, from: data, format: &format)
                .any
        } catch {
            if isBinary { throw malformed(nil, "not a valid binary property list") }
            if let found = Self.placeholder(
                in: String(decoding: data, as: UTF8.self), standalone: true)
            {
                throw malformed("line \(found.line)", Self.templateReason(found.text))
            }
            let detail =
                PlistValue.debugDescription(of: error).map { ": " + Self.lowercasedFirst($0) } ?? ""
            throw malformed(nil, "not a valid XML property list\(detail)")
        }
        guard format != .openStep else {
            throw malformed(nil, "OpenStep text property lists are not accepted; use XML or binary")
        }
        if isBinary, format != .binary { throw malformed(nil, "not a valid binary property list") }
        return root
    }

    /// An Info.plist: `UIRequiredDeviceCapabilities` (array or dictionary form),
    /// `UIRequiresPersistentWiFi` (checked as Wi-Fi) and `UIBackgroundModes` (notes only).
    private func read(infoPlist dictionary: [String: Any]) throws(ManifestError) -> Manifest {
        var requirements: [Requirement] = []
        var notes: [String] = []
        if let value = dictionary[Self.capabilitiesKey] {
            if let array = value as? [Any] {
                requirements += try capabilities(array, place: Self.capabilitiesKey)
            } else if let map = value as? [String: Any] {
                requirements += try capabilities(map, place: Self.capabilitiesKey)
            } else {
                throw malformed(
                    Self.capabilitiesKey, "expected an array of strings or a dictionary of Booleans"
                )
            }
        } else {
            notes.append("no \(Self.capabilitiesKey) key: the app requires no device capabilities")
        }
        var store = StoreDeclarations()
        store.appleKeys = requirements.map {
            StoreDeclarations.AppleKey(key: $0.key, required: $0.wanted == .present)
        }
        try readPlatform(dictionary, into: &store, notes: &notes)
        if let value = dictionary[Self.persistentWiFiKey] {
            guard let flag = Self.bool(value) else {
                throw malformed(Self.persistentWiFiKey, "expected a Boolean")
            }
            if flag {
                requirements.append(
                    Requirement(
                        key: Self.persistentWiFiKey, source: .plist,
                        target: .capability(.netWiFi),
                        wanted: .present, note: Self.persistentWiFiNote))
            }
        }
        if let value = dictionary[Self.backgroundModesKey] {
            guard let modes = value as? [Any] else {
                throw malformed(Self.backgroundModesKey, "expected an array of strings")
            }
            for (index, mode) in modes.enumerated() {
                guard let name = mode as? String else {
                    throw malformed("\(Self.backgroundModesKey)[\(index)]", "expected a string")
                }
                notes.append(Self.backgroundNote(name))
            }
        }
        var manifest = Manifest(path: path, kind: .plist, requirements: requirements, notes: notes)
        manifest.store = store
        return manifest
    }

    static let deviceFamilyKey = "UIDeviceFamily"
    static let minimumOSKey = "MinimumOSVersion"

    /// `UIDeviceFamily` and `MinimumOSVersion`, the App Store's first two filters. A value
    /// that is a build variable (`$(TARGETED_DEVICE_FAMILY)`, as a source Info.plist holds)
    /// is kept as written, so the filter says it was not applied.
    private func readPlatform(
        _ dictionary: [String: Any], into store: inout StoreDeclarations, notes: inout [String]
    ) throws(ManifestError) {
        if let value = dictionary[Self.deviceFamilyKey] {
            let items: [Any] = (value as? [Any]) ?? [value]
            var families: [Int] = []
            for (index, item) in items.enumerated() {
                if let text = item as? String, Self.placeholder(in: text) != nil {
                    store.appleBuildVariables[Self.deviceFamilyKey] = text
                    families = []
                    break
                }
                let number: Int? =
                    type(of: item) == Bool.self
                    ? nil : (item as? Int) ?? (item as? String).flatMap { Int($0) }
                guard let number, number > 0 else {
                    throw malformed(
                        "\(Self.deviceFamilyKey)[\(index)]",
                        "expected a device family number (1 iPhone, 2 iPad, 3 Apple TV, 4 Apple Watch, 7 Apple Vision)"
                    )
                }
                if !families.contains(number) { families.append(number) }
            }
            if store.appleBuildVariables[Self.deviceFamilyKey] == nil {
                store.deviceFamilies = families.sorted()
            }
        }
        if let value = dictionary[Self.minimumOSKey] {
            guard let text = value as? String else {
                throw malformed(Self.minimumOSKey, "expected a version string such as 17.0")
            }
            if Self.placeholder(in: text) != nil {
                store.appleBuildVariables[Self.minimumOSKey] = text
            } else if OSVersion(text) != nil {
                store.minimumOSVersion = text
            } else {
                throw malformed(
                    Self.minimumOSKey, "'\(text)' is not a version such as 17.0 or 15.8.3")
            }
        }
        var filters: [String] = []
        if let families = store.deviceFamilies {
            filters.append("UIDeviceFamily \(StoreDeclarations.deviceFamilyWords(families))")
        }
        if let minimum = store.minimumOSVersion { filters.append("MinimumOSVersion \(minimum)") }
        if !filters.isEmpty {
            notes.append(
                "the App Store filters devices on " + filters.joined(separator: " and ")
                    + " before UIRequiredDeviceCapabilities")
        }
        for (key, variable) in store.appleBuildVariables.sorted(by: { $0.key < $1.key }) {
            notes.append(
                "\(key) is the build variable \(variable): Xcode fills it in the built app; "
                    + "the App Store filter on it is not applied to a source Info.plist")
        }
    }

    /// The array form: every listed key is required.
    package func capabilities(_ array: [Any], place: String) throws(ManifestError) -> [Requirement]
    {
        var seen: Set<String> = []
        var requirements: [Requirement] = []
        for (index, element) in array.enumerated() {
            let where_ = "\(place)[\(index)]"
            guard let key = element as? String else { throw malformed(where_, "expected a string") }
            guard seen.insert(key).inserted else { continue }
            requirements.append(
                try requirement(
                    key, wanted: .present, place: where_,
                    suggesting: requirements.count < KeyCatalog.suggestedKeys))
        }
        return requirements
    }

    /// The dictionary form: true = required, false = forbidden; sorted by key.
    package func capabilities(_ map: [String: Any], place: String) throws(ManifestError)
        -> [Requirement]
    {
        var requirements: [Requirement] = []
        for key in map.keys.sorted() {
            let where_ = place.isEmpty ? key : "\(place).\(key)"
            guard let value = map[key], let flag = Self.bool(value) else {
                throw malformed(where_, "expected a Boolean (true = required, false = forbidden)")
            }
            requirements.append(
                try requirement(
                    key, wanted: flag ? .present : .absent, place: where_,
                    suggesting: requirements.count < KeyCatalog.suggestedKeys))
        }
        return requirements
    }

    func requirement(_ key: String, wanted: Wanted, place: String, suggesting: Bool = true)
        throws(ManifestError) -> Requirement
    {
        if let found = Self.placeholder(in: key) {
            throw malformed(place, Self.templateReason(found.text))
        }
        let entry = try options.resolve(
            KeyCatalog.appleEntry(key), key: key, kind: .plist, path: path, place: place,
            suggesting: suggesting)
        return Requirement(
            key: key, source: .plist, target: entry.target, wanted: wanted, note: entry.note)
    }

    package func malformed(_ place: String?, _ reason: String) -> ManifestError {
        .malformed(path: path, place: place, reason: reason)
    }

    /// A real Boolean (`<true/>`/`<false/>`), not an integer that Foundation would bridge.
    package static func bool(_ value: Any) -> Bool? {
        guard type(of: value) == Bool.self else { return nil }
        return value as? Bool
    }

    static func backgroundNote(_ mode: String) -> String {
        let meaning: String
        switch mode {
        case "location": meaning = "background location needs GNSS or Wi-Fi"
        case "audio": meaning = "background audio needs an audio output"
        case "voip": meaning = "VoIP needs a network connection"
        case "bluetooth-central", "bluetooth-peripheral":
            meaning = "background Bluetooth LE needs Bluetooth LE"
        case "external-accessory": meaning = "talks to external accessories"
        default: meaning = "a background service the app offers"
        }
        return "UIBackgroundModes \(mode): \(meaning) (a note, not a requirement)"
    }

    /// Why a template is not checked: it is not the Info.plist the app ships.
    static func templateReason(_ placeholder: String) -> String {
        "\(placeholder) is a template placeholder: this is an Info.plist template, not a "
            + "property list capcheck can check; check the built app (.app or .ipa) or fill the "
            + "template first"
    }

    /// The first build or template placeholder (`$name`, `$(VAR)`, `${VAR}`) in a text, with
    /// its line. With `standalone`, only one standing where an element belongs counts: that is
    /// what breaks the XML (a `$(VAR)` inside `<string>` is valid; Xcode fills it at build time).
    static func placeholder(in text: String, standalone: Bool = false) -> (
        text: String, line: Int
    )? {
        var line = 1
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\n" { line += 1 }
            if character == "$", let found = placeholder(in: text, at: index) {
                if !standalone || !Self.insideValue(text, before: index) {
                    return (found, line)
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Whether a position is inside a value element (`<string>…`), where a placeholder is
    /// valid text, rather than where an element belongs (after `</key>`, in `<array>`).
    private static func insideValue(_ text: String, before index: String.Index) -> Bool {
        guard let open = text[..<index].lastIndex(of: "<") else { return false }
        let tag = text[open..<index]
        return ["<string", "<key", "<integer", "<real", "<date", "<data"].contains {
            tag.hasPrefix($0)
        }
    }

    /// The placeholder starting at a `$`, if one does.
    private static func placeholder(in text: String, at start: String.Index) -> String? {
        let rest = text[text.index(after: start)...]
        guard let first = rest.first else { return nil }
        let closing: Character? = first == "(" ? ")" : first == "{" ? "}" : nil
        if let closing {
            let body = rest.dropFirst().prefix { $0 != closing && $0 != "\n" }
            guard !body.isEmpty, body.count < 100,
                rest.dropFirst(body.count + 1).first == closing,
                body.first.map({ $0.isLetter || $0 == "_" }) == true
            else { return nil }
            return "$" + String(first) + body + String(closing)
        }
        guard first.isLetter || first == "_" else { return nil }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return "$" + name
    }

    static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// The Info.plist format: a binary plist by its signature, XML by `<plist>`, and a `.plist`
/// name whose text is neither XML nor JSON (OpenStep, which its reader rejects by name).
package struct PlistManifestFormat: ManifestFormat {
    package var kind: ManifestKind { .plist }
    package var noun: String { "an Info.plist" }
    package var recognised: String { "a property list" }
    package var xmlRoot: (element: String, name: String)? { ("plist", "a property list") }

    package func recognisesBytes(_ content: ManifestContent) -> Bool {
        content.data.starts(with: Array("bplist".utf8))
    }

    package func recognisesText(_ content: ManifestContent) -> Bool {
        // Only a `.plist` needs the syntax pass to tell JSON and OpenStep apart.
        content.lowercasedPath.hasSuffix(".plist")
            && (!content.startsLikeJSON || content.failsJSONSyntax())
    }

    package func read(_ data: Data, path: String, options: ManifestLoadOptions)
        throws(ManifestError) -> Manifest
    {
        try PlistManifestReader(path: path, options: options).read(data)
    }

    package func suggestion(for key: String) -> String? { KeyCatalog.nearestAppleKey(to: key) }
}
