import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads `<uses-feature>`, `glEsVersion`, Play's defaults and permission-implied features
/// from an AndroidManifest.xml (manifests.md §2), never resolving external entities.
struct AndroidManifestReader {
    /// The file name used in messages.
    let path: String
    /// Unknown-key and implied-feature handling.
    let options: ManifestLoadOptions

    /// The prefix of every hardware feature name.
    static let hardware = "android.hardware."
    /// The reason `aapt2 dump badging` gives for Play's default features.
    static let defaultReason = "default feature for all apps"
    /// Only the platform's own permissions imply features (`com.example.CAMERA` does not).
    static let permissionPrefix = "android.permission."

    /// Permission (without `android.permission.`) → implied features (without `android.hardware.`),
    /// each with the highest target API it applies to (nil = any).
    static let impliedByPermission: [String: [(feature: String, maxTarget: Int?)]] = {
        var table: [String: [(String, Int?)]] = [
            "BLUETOOTH": [("bluetooth", nil)], "BLUETOOTH_ADMIN": [("bluetooth", nil)],
            "CAMERA": [("camera", nil), ("camera.autofocus", nil)],
            "ACCESS_MOCK_LOCATION": [("location", nil)],
            "ACCESS_LOCATION_EXTRA_COMMANDS": [("location", nil)],
            "INSTALL_LOCATION_PROVIDER": [("location", nil)],
            "ACCESS_COARSE_LOCATION": [("location", nil), ("location.network", 20)],
            "ACCESS_FINE_LOCATION": [("location", nil), ("location.gps", 20)],
            "RECORD_AUDIO": [("microphone", nil)],
        ]
        for permission in [
            "CALL_PHONE", "CALL_PRIVILEGED", "MODIFY_PHONE_STATE", "PROCESS_OUTGOING_CALLS",
            "READ_SMS",
            "RECEIVE_SMS", "RECEIVE_MMS", "RECEIVE_WAP_PUSH", "SEND_SMS", "WRITE_APN_SETTINGS",
            "WRITE_SMS",
        ] {
            table[permission] = [("telephony", nil)]
        }
        for permission in ["ACCESS_WIFI_STATE", "CHANGE_WIFI_STATE", "CHANGE_WIFI_MULTICAST_STATE"]
        {
            table[permission] = [("wifi", nil)]
        }
        return table.mapValues { $0.map { (feature: $0.0, maxTarget: $0.1) } }
    }()

    /// Child feature → parent feature (both without `android.hardware.`).
    static let parentOf: [String: String] = [
        "location.gps": "location", "location.network": "location",
        "telephony.gsm": "telephony", "telephony.cdma": "telephony",
        "touchscreen.multitouch.jazzhand": "touchscreen.multitouch.distinct",
        "touchscreen.multitouch.distinct": "touchscreen.multitouch",
        "touchscreen.multitouch": "touchscreen",
        "faketouch.multitouch.jazzhand": "faketouch.multitouch.distinct",
        "faketouch.multitouch.distinct": "faketouch",
    ]

    private struct Declared {
        var name: String
        var required: Bool
        var line: Int
        var vulkanVersion: Int?
    }

    func read(_ data: Data) throws(ManifestError) -> Manifest {
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            throw malformed(nil, "entity declarations are not accepted")
        }
        let parser = XMLParser(data: data)
        let collector = AndroidManifestParserDelegate()
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        _ = parser.parse()
        if let error = parser.parserError {
            let code = (error as NSError).code
            let place = collector.firstErrorPlace ?? (parser.lineNumber, parser.columnNumber)
            throw malformed(
                "line \(place.line), column \(place.column)", Self.describeXMLError(code))
        }
        guard let root = collector.rootName else { throw malformed(nil, "no XML element found") }
        guard root == "manifest" else {
            throw malformed(nil, "the root element is <\(root)>, expected <manifest>")
        }
        guard collector.rootClosed else {
            throw malformed(nil, "the document ends before </manifest>")
        }

        var targetSdk = 21
        var minSdk = 1
        var declared: [Declared] = []
        var glES: (value: UInt32, required: Bool, line: Int)?
        var permissions: [String] = []
        for element in collector.elements {
            let place = "line \(element.line)"
            switch element.name {
            case "uses-sdk":
                if let text = element.attributes["targetSdkVersion"], let value = Int(text) {
                    targetSdk = value
                }
                if let text = element.attributes["minSdkVersion"], let value = Int(text) {
                    minSdk = value
                }
            case "uses-permission", "uses-permission-sdk-23":
                if let name = element.attributes["name"] { permissions.append(name) }
            case "uses-feature":
                var required = true
                if let text = element.attributes["required"] {
                    switch text {
                    case "true": required = true
                    case "false": required = false
                    default:
                        throw malformed(
                            place, "android:required must be true or false, not '\(text)'")
                    }
                }
                if let text = element.attributes["glEsVersion"] {
                    guard let value = Self.parseGLES(text) else {
                        throw malformed(
                            place,
                            "android:glEsVersion must be a number such as 0x00030000, not '\(text)'"
                        )
                    }
                    if glES == nil || value > (glES?.value ?? 0) {
                        glES = (value, required, element.line)
                    }
                }
                if let name = element.attributes["name"] {
                    var vulkan: Int?
                    if let text = element.attributes["version"] {
                        guard let value = Self.parseInteger(text) else {
                            throw malformed(
                                place, "android:version must be an integer, not '\(text)'")
                        }
                        vulkan = value
                    }
                    if let index = declared.firstIndex(where: { $0.name == name }) {
                        declared[index].required = declared[index].required || required
                    } else {
                        declared.append(
                            Declared(
                                name: name, required: required, line: element.line,
                                vulkanVersion: vulkan))
                    }
                } else if element.attributes["glEsVersion"] == nil {
                    throw malformed(
                        place, "<uses-feature> has neither android:name nor android:glEsVersion")
                }
            default:
                continue
            }
        }

        var requirements: [Requirement] = []
        for feature in declared {
            var entry = try options.resolve(
                KeyCatalog.androidEntry(feature.name), key: feature.name, kind: .android,
                path: path,
                place: "line \(feature.line)")
            if feature.name == Self.hardware + "vulkan.version", let encoded = feature.vulkanVersion
            {
                let version = [encoded >> 22, (encoded >> 12) & 0x3ff, encoded & 0xfff]
                entry = CatalogEntry(
                    .predicate(
                        Predicate(
                            subject: .vulkanVersion, comparison: .atLeast, value: .version(version))
                    ))
            }
            requirements.append(
                Requirement(
                    key: feature.name, source: .android, target: entry.target,
                    wanted: feature.required ? .present : .optional, note: entry.note))
        }
        if let glES {
            let major = Int(glES.value >> 16)
            let minor = Int(glES.value & 0xffff)
            requirements.append(
                Requirement(
                    key: String(format: "android:glEsVersion=0x%08x", glES.value), source: .android,
                    target: .predicate(
                        Predicate(
                            subject: .glesVersion, comparison: .atLeast,
                            value: .version([major, minor]))),
                    wanted: glES.required ? .present : .optional,
                    note:
                        "only the highest glEsVersion counts; checked against the GPU's OpenGL ES level"
                ))
        }
        guard options.implied else {
            return Manifest(path: path, kind: .android, requirements: requirements)
        }

        let declaredNames = Set(declared.map(\.name))
        var added: Set<String> = []
        func add(_ short: String, source: RequirementSource, note: String) {
            let name = Self.hardware + short
            guard !declaredNames.contains(name), added.insert(name).inserted,
                let entry = KeyCatalog.androidEntry(name)
            else { return }
            let fullNote = entry.note.map { "\(note); \($0)" } ?? note
            requirements.append(
                Requirement(
                    key: name, source: source, target: entry.target, wanted: .present,
                    note: fullNote))
        }
        add("touchscreen", source: .default, note: Self.defaultReason)
        add("faketouch", source: .default, note: Self.defaultReason)
        for permission in permissions where permission.hasPrefix(Self.permissionPrefix) {
            let short = String(permission.dropFirst(Self.permissionPrefix.count))
            guard let features = Self.impliedByPermission[short] else { continue }
            if short.hasPrefix("BLUETOOTH"), minSdk < 5, targetSdk < 5 { continue }
            for (feature, maxTarget) in features {
                if let maxTarget, targetSdk > maxTarget { continue }
                add(feature, source: .implied, note: "requested \(permission) permission")
            }
        }
        var frontier =
            declared.filter(\.required).map(\.name)
            + requirements.filter { $0.source != .android }.map(\.key)
        while let name = frontier.first {
            frontier.removeFirst()
            guard name.hasPrefix(Self.hardware) else { continue }
            let short = String(name.dropFirst(Self.hardware.count))
            guard let parent = Self.parentOf[short] else { continue }
            let before = added.count
            add(parent, source: .implied, note: "implied by \(name)")
            if added.count > before { frontier.append(Self.hardware + parent) }
        }
        return Manifest(path: path, kind: .android, requirements: requirements)
    }

    func malformed(_ place: String?, _ reason: String) -> ManifestError {
        .malformed(path: path, place: place, reason: reason)
    }

    /// Parses `0x00030002` (hex) or a decimal number.
    static func parseGLES(_ text: String) -> UInt32? {
        guard let value = parseInteger(text), value > 0, value <= Int(UInt32.max) else {
            return nil
        }
        return UInt32(value)
    }

    static func parseInteger(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") { return Int(trimmed.dropFirst(2), radix: 16) }
        return Int(trimmed)
    }

    /// Words for the XMLParser error codes a broken manifest produces.
    static func describeXMLError(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends early"
        case 9: return "invalid character"
        case 26, 27: return "undeclared entity"
        case 29, 30: return "reference to an external entity (external entities are never resolved)"
        case 38, 39, 40, 41: return "malformed attribute"
        case 64, 65: return "malformed XML declaration"
        case 73: return "unclosed tag"
        case 76: return "mismatched closing tag"
        default: return "malformed XML (parser error \(code))"
        }
    }
}
