/// aapt's `dump badging` rules for the features an app requires (frameworks/base
/// `tools/aapt/Command.cpp`, as Debian's `aapt` 10 runs them; aapt2's `DumpManifest.cpp`
/// agrees): declared features with their parents, permission- and orientation-implied
/// features with aapt's reasons, faketouch when the touchscreen is not declared at all.
package struct AndroidFeatureRules {
    /// One declared `<uses-feature android:name>` after aapt2's merging (the first
    /// declaration of a name wins, a parent added by a required child included; a required
    /// child adds its parents as required).
    package struct Declared: Equatable {
        /// The feature name.
        package var name: String
        /// Whether `android:required` is true (the default).
        package var required: Bool
        /// `android:version` (Vulkan), if given.
        package var version: Int?
        /// The line of the declaration.
        package var line: Int
        /// The child feature that added this parent, if it was not written itself.
        var addedBy: String?
        /// The placeholder `android:required` came from, if any.
        var requiredPlaceholder: String?
    }

    /// One implied feature with aapt's reasons (sorted, as aapt keeps them).
    package struct Implied: Equatable {
        /// The feature name.
        package var name: String
        /// The reasons, sorted and distinct.
        package var reasons: [String]
        /// Whether only `<uses-permission-sdk-23>` implied it (aapt prints `-sdk-23`).
        var onlySDK23: Bool
        /// Whether this is the default for all apps (faketouch) rather than implied.
        var isDefault: Bool

        /// The reasons joined the way aapt prints them (`a, b, and c`).
        package var reason: String {
            switch reasons.count {
            case 0: return ""
            case 1: return reasons[0]
            case 2: return reasons[0] + ", and " + reasons[1]
            default:
                return reasons.dropLast().joined(separator: ", ") + ", and "
                    + (reasons.last ?? "")
            }
        }
    }

    /// What the rules found.
    package struct Result {
        /// Declared features (and parents), sorted by name as aapt prints them.
        var declared: [Declared] = []
        /// Implied features not declared, sorted by name.
        package var implied: [Implied] = []
        /// The highest `glEsVersion` (with `opengles.aep` raising it to 3.1), and its line.
        var glES: (value: Int, required: Bool, line: Int)?
        /// The target SDK aapt decided on (0 when nothing says otherwise).
        var targetSdk = 0
        /// Where ``targetSdk`` came from, in words.
        var targetSdkOrigin = ""
        /// `minSdkVersion` and `targetSdkVersion` as numbers, when the manifest gives them.
        var minSdk: Int?
        var targetSdkDeclared: Int?
        /// `maxSdkVersion` as a number, when the manifest gives one.
        var maxSdk: Int?
        /// `<uses-library>` names with `android:required`, in document order.
        var libraries: [(name: String, required: Bool)] = []
        /// `<uses-configuration>` entries.
        var configurations: [StoreDeclarations.Configuration] = []
        /// `<supports-gl-texture>` formats, in document order.
        var glTextures: [String] = []
        /// The features of each `<feature-group>`, in document order.
        var featureGroups: [[Declared]] = []
        /// `<supports-screens>` size attributes as written.
        var supportsScreens: [String: Bool] = [:]
        /// `<compatible-screens>` entries (size class, dpi).
        var compatibleScreens: [(size: String, density: Int)] = []
        /// Facts worth showing (placeholders, removed elements, feature groups).
        package var notes: [String] = []
        /// Tolerated defects, each with its line.
        package var warnings: [String] = []

    }

    static let defaultReason = "default feature for all apps"
    static let telephonyReason = "requested a telephony permission"
    static let lollipop = 21
    static let donut = 4

    /// Parent features aapt adds as required when a child is required (`addParentFeatures`).
    /// aapt spells the jazzhand children `jazzhands`, so the real `…jazzhand` names add none.
    package static let parents: [String: [String]] = [
        "android.hardware.camera.autofocus": ["android.hardware.camera"],
        "android.hardware.camera.flash": ["android.hardware.camera"],
        "android.hardware.location.gps": ["android.hardware.location"],
        "android.hardware.location.network": ["android.hardware.location"],
        "android.hardware.faketouch.multitouch": ["android.hardware.faketouch"],
        "android.hardware.faketouch.multitouch.distinct": [
            "android.hardware.faketouch.multitouch", "android.hardware.faketouch",
        ],
        "android.hardware.faketouch.multitouch.jazzhands": [
            "android.hardware.faketouch.multitouch", "android.hardware.faketouch",
        ],
        "android.hardware.touchscreen.multitouch": ["android.hardware.touchscreen"],
        "android.hardware.touchscreen.multitouch.distinct": [
            "android.hardware.touchscreen.multitouch", "android.hardware.touchscreen",
        ],
        "android.hardware.touchscreen.multitouch.jazzhands": [
            "android.hardware.touchscreen.multitouch", "android.hardware.touchscreen",
        ],
    ]

    static let telephonyPermissions: Set<String> = [
        "CALL_PHONE", "CALL_PRIVILEGED", "MODIFY_PHONE_STATE", "PROCESS_OUTGOING_CALLS",
        "READ_SMS", "RECEIVE_SMS", "RECEIVE_MMS", "RECEIVE_WAP_PUSH", "SEND_SMS",
        "WRITE_APN_SETTINGS", "WRITE_SMS",
    ]

    /// `screenOrientation` values aapt reads as landscape (0, 6, 8) and portrait (1, 7, 9).
    static let landscape: Set<String> = ["landscape", "sensorLandscape", "reverseLandscape"]
    static let portrait: Set<String> = ["portrait", "sensorPortrait", "reversePortrait"]
    static let orientationNumbers: [Int: String] = [
        0: "landscape", 6: "sensorLandscape", 8: "reverseLandscape",
        1: "portrait", 7: "sensorPortrait", 9: "reversePortrait",
    ]

    /// What one pass over the manifest's elements has gathered so far.
    private struct Pass {
        var result = Result()
        /// Declared features by name (the first declaration wins).
        var declared: [String: Declared] = [:]
        /// Implied features by name.
        var implied: [String: Implied] = [:]
        var minSdkSeen: Int?
        var targetSdkSeen: Int?
        var featureGroups = 0

        /// Adds an implied feature, merging its reasons with earlier ones.
        mutating func imply(
            _ name: String, _ reasons: [String], sdk23: Bool, isDefault: Bool = false
        ) {
            var entry =
                implied[name]
                ?? Implied(name: name, reasons: [], onlySDK23: sdk23, isDefault: isDefault)
            if !sdk23 { entry.onlySDK23 = false }
            entry.reasons = Array(Set(entry.reasons + reasons)).sorted()
            implied[name] = entry
        }
    }

    /// Runs the rules over a `<manifest>` element.
    /// - Parameter root: The manifest.
    /// - Returns: The features, target SDK, notes and warnings.
    package func evaluate(_ root: AndroidXMLElement) -> Result {
        var pass = Pass()
        for element in root.children {
            if let node = Self.removal(element) {
                pass.result.notes.append(
                    "line \(element.line): <\(element.name)> has tools:node=\"\(node)\": the "
                        + "manifest merger drops it from the built app, so capcheck ignores it")
                continue
            }
            switch element.name {
            case "uses-sdk": readSdk(element, into: &pass)
            case "feature-group":
                pass.featureGroups += 1
                readFeatureGroup(element, into: &pass.result)
            case "supports-screens": readSupportsScreens(element, into: &pass.result)
            case "uses-configuration": readConfiguration(element, into: &pass.result)
            case "supports-gl-texture": readTexture(element, into: &pass.result)
            case "compatible-screens": readCompatibleScreens(element, into: &pass.result)
            case "uses-feature": readFeature(element, into: &pass.declared, result: &pass.result)
            case "uses-permission", "uses-permission-sdk-23", "uses-permission-sdk-m":
                readPermission(element, into: &pass)
            case "application":
                readOrientations(element, into: &pass)
                readLibraries(element, into: &pass.result)
            default: continue
            }
        }
        return finish(pass)
    }

    /// The `tools:node` value that removes an element in the manifest merger, if it has one.
    private static func removal(_ element: AndroidXMLElement) -> String? {
        guard let node = element.toolsValue("node"), node == "remove" || node == "removeAll"
        else { return nil }
        return node
    }

    /// `<uses-sdk>`: the target SDK is the larger of minSdkVersion and targetSdkVersion
    /// (`Donut` is 4; a placeholder leaves it alone with a note).
    private func readSdk(_ element: AndroidXMLElement, into pass: inout Pass) {
        let line = element.line
        if let value = element.value(.minSdkVersion) {
            if value.isPlaceholder {
                pass.result.notes.append(
                    "line \(line): minSdkVersion is the placeholder \(value.text ?? "")")
            } else if let number = value.integer {
                pass.result.targetSdk = number
                pass.minSdkSeen = number
            } else if value.text == "Donut" {
                pass.result.targetSdk = Self.donut
                pass.minSdkSeen = Self.donut
            }
        }
        if let value = element.value(.maxSdkVersion) {
            if value.isPlaceholder {
                pass.result.notes.append(
                    "line \(line): maxSdkVersion is the placeholder \(value.text ?? "")")
            } else if let number = value.integer {
                pass.result.maxSdk = number
            }
        }
        if let value = element.value(.targetSdkVersion) {
            if value.isPlaceholder {
                pass.result.notes.append(
                    "line \(line): targetSdkVersion is the placeholder \(value.text ?? "")")
            } else if let number = value.integer {
                pass.result.targetSdk = max(pass.result.targetSdk, number)
                pass.targetSdkSeen = number
            } else if value.text == "Donut", pass.result.targetSdk < Self.donut {
                pass.result.targetSdk = Self.donut
                pass.targetSdkSeen = Self.donut
            }
        }
    }

    /// `<uses-permission>` (and its `-sdk-23` forms): the features the permission implies at
    /// the target SDK seen so far.
    private func readPermission(_ element: AndroidXMLElement, into pass: inout Pass) {
        let line = element.line
        guard let value = element.value(.name), let name = value.text, !name.isEmpty else {
            pass.result.warnings.append(
                "line \(line): <\(element.name)> without android:name is ignored")
            return
        }
        if value.isPlaceholder {
            pass.result.notes.append(
                "line \(line): permission name \(name) comes from a placeholder")
        }
        for (feature, reasons) in permissionFeatures(name, targetSdk: pass.result.targetSdk) {
            pass.imply(feature, reasons, sdk23: element.name != "uses-permission")
        }
    }

    /// `<application>`: an activity with a fixed landscape or portrait orientation implies
    /// that screen orientation.
    private func readOrientations(_ element: AndroidXMLElement, into pass: inout Pass) {
        for activity in element.children where activity.name == "activity" {
            guard Self.removal(activity) == nil,
                let orientation = orientationName(activity.value(.screenOrientation))
            else { continue }
            if Self.landscape.contains(orientation) {
                pass.imply(
                    "android.hardware.screen.landscape",
                    ["one or more activities have specified a landscape orientation"],
                    sdk23: false)
            } else if Self.portrait.contains(orientation) {
                pass.imply(
                    "android.hardware.screen.portrait",
                    ["one or more activities have specified a portrait orientation"],
                    sdk23: false)
            }
        }
    }

    /// After the last element: faketouch by default, the sorted features (no implied ones
    /// when feature groups are used) and where the target SDK came from.
    private func finish(_ pass: Pass) -> Result {
        var pass = pass
        let touchscreen = "android.hardware.touchscreen"
        if pass.declared[touchscreen] == nil, pass.implied[touchscreen] == nil {
            pass.imply(
                "android.hardware.faketouch", [Self.defaultReason], sdk23: false, isDefault: true)
        }
        var result = pass.result
        let declared = pass.declared
        result.declared = declared.values.sorted { $0.name < $1.name }
        let featureGroups = pass.featureGroups
        if featureGroups > 0 {
            result.notes.append(
                "\(featureGroups) <feature-group> element\(featureGroups == 1 ? "" : "s"): aapt "
                    + "then implies no features, and Play accepts a device with every feature of "
                    + "one group; capcheck requires the features outside the groups and every "
                    + "feature of at least one group")
        } else {
            result.implied = pass.implied.values.filter { declared[$0.name] == nil }.sorted {
                $0.name < $1.name
            }
        }
        result.targetSdkOrigin = Self.describeTargetSdk(
            result.targetSdk, min: pass.minSdkSeen, target: pass.targetSdkSeen)
        result.minSdk = pass.minSdkSeen
        result.targetSdkDeclared = pass.targetSdkSeen
        return result
    }

    /// `<feature-group>`: its `<uses-feature>` children, all required within the group
    /// (a required child adds its parents, as outside a group).
    private func readFeatureGroup(_ element: AndroidXMLElement, into result: inout Result) {
        var group: [String: Declared] = [:]
        for child in element.children where child.name == "uses-feature" {
            guard Self.removal(child) == nil, child.value(.name)?.text?.isEmpty == false else {
                continue
            }
            var scratch = Result()
            readFeature(child, into: &group, result: &scratch)
            result.warnings += scratch.warnings
        }
        result.featureGroups.append(group.values.sorted { $0.name < $1.name })
    }

    /// `<application><uses-library>`: each named library and whether it is required (true
    /// unless `android:required` is false).
    private func readLibraries(_ element: AndroidXMLElement, into result: inout Result) {
        for child in element.children where child.name == "uses-library" {
            guard Self.removal(child) == nil else { continue }
            guard let name = child.value(.name)?.text, !name.isEmpty else {
                result.warnings.append(
                    "line \(child.line): <uses-library> without android:name is ignored")
                continue
            }
            let required = child.value(.required).map { $0.integer != 0 && $0.text != "false" }
            result.libraries.append((name, required ?? true))
        }
    }

    /// `<uses-configuration>`: the input hardware, by name in text XML (`finger`) or by
    /// number once compiled (`3`), as `ConfigurationInfo` numbers them.
    private func readConfiguration(_ element: AndroidXMLElement, into result: inout Result) {
        func choice(_ attribute: AndroidAttribute, _ names: [String]) -> Int? {
            guard let value = element.value(attribute) else { return nil }
            if let number = value.integer { return number }
            guard let text = value.text, let index = names.firstIndex(of: text) else {
                result.warnings.append(
                    "line \(element.line): android:\(attribute.rawValue)='\(value.text ?? "?")' "
                        + "is not one of \(names.dropFirst().joined(separator: ", ")); ignored")
                return nil
            }
            return index
        }
        func flag(_ attribute: AndroidAttribute) -> Bool {
            guard let value = element.value(attribute) else { return false }
            return value.text == "true" || (value.integer ?? 0) != 0
        }
        result.configurations.append(
            StoreDeclarations.Configuration(
                touchScreen: choice(.reqTouchScreen, ["undefined", "notouch", "stylus", "finger"]),
                keyboardType: choice(
                    .reqKeyboardType, ["undefined", "nokeys", "qwerty", "twelvekey"]),
                hardKeyboard: flag(.reqHardKeyboard),
                navigation: choice(
                    .reqNavigation, ["undefined", "nonav", "dpad", "trackball", "wheel"]),
                fiveWayNav: flag(.reqFiveWayNav), line: element.line))
    }

    /// `<supports-gl-texture android:name>`: a texture compression format.
    private func readTexture(_ element: AndroidXMLElement, into result: inout Result) {
        guard let name = element.value(.name)?.text, !name.isEmpty else {
            result.warnings.append(
                "line \(element.line): <supports-gl-texture> without android:name is ignored")
            return
        }
        if !result.glTextures.contains(name) { result.glTextures.append(name) }
    }

    /// `<supports-screens>`: the four size attributes, when they are Booleans.
    private func readSupportsScreens(_ element: AndroidXMLElement, into result: inout Result) {
        let sizes: [(AndroidAttribute, String)] = [
            (.smallScreens, "smallScreens"), (.normalScreens, "normalScreens"),
            (.largeScreens, "largeScreens"), (.xlargeScreens, "xlargeScreens"),
        ]
        for (attribute, name) in sizes {
            guard let value = element.value(attribute) else { continue }
            switch value.text {
            case "true", "-1": result.supportsScreens[name] = true
            case "false", "0": result.supportsScreens[name] = false
            default:
                result.warnings.append(
                    "line \(element.line): android:\(name) must be true or false, not "
                        + "'\(value.text ?? "?")'; ignored")
            }
        }
    }

    /// Screen size classes by name and by the number binary XML stores.
    static let screenSizes: [String: String] = [
        "small": "small", "normal": "normal", "large": "large", "xlarge": "xlarge",
        "200": "small", "300": "normal", "400": "large", "500": "xlarge",
    ]
    /// Density names `android:screenDensity` accepts, in dpi.
    static let densities: [String: Int] = [
        "ldpi": 120, "mdpi": 160, "tvdpi": 213, "hdpi": 240, "xhdpi": 320, "xxhdpi": 480,
        "xxxhdpi": 640,
    ]

    /// `<compatible-screens>`: each `<screen android:screenSize android:screenDensity>`.
    private func readCompatibleScreens(_ element: AndroidXMLElement, into result: inout Result) {
        for screen in element.children where screen.name == "screen" {
            let sizeText = screen.value(.screenSize)?.text ?? ""
            let densityText = screen.value(.screenDensity)?.text ?? ""
            guard let size = Self.screenSizes[sizeText],
                let density = Self.densities[densityText] ?? Int(densityText), density > 0
            else {
                result.warnings.append(
                    "line \(screen.line): <screen> needs android:screenSize (small, normal, "
                        + "large, xlarge) and android:screenDensity (ldpi … xxxhdpi or a dpi "
                        + "number), not '\(sizeText)' and '\(densityText)'; ignored")
                continue
            }
            result.compatibleScreens.append((size, density))
        }
    }

    /// Reads one `<uses-feature>`: a named feature (the first declaration wins, as in aapt2;
    /// required children add the parents not yet declared) or a `glEsVersion` (the highest counts).
    private func readFeature(
        _ element: AndroidXMLElement, into declared: inout [String: Declared],
        result: inout Result
    ) {
        let line = element.line
        let (required, placeholder) = readRequired(element, result: &result)
        guard let nameValue = element.value(.name), let name = nameValue.text, !name.isEmpty else {
            readGLES(element, required: required, result: &result)
            return
        }
        var version: Int?
        if let value = element.value(.version) {
            if let number = value.integer {
                version = number
            } else {
                result.warnings.append(
                    "line \(line): android:version must be an integer, not "
                        + "'\(value.text ?? "?")'; ignored")
            }
        }
        if let earlier = declared[name] {
            result.notes.append(
                "line \(line): \(name) is declared again (first at line \(earlier.line)"
                    + (earlier.addedBy.map { ", as the parent of \($0)" } ?? "")
                    + "): the first declaration wins, as in aapt2's dump badging "
                    + "(Debian's aapt 1 keeps the last)")
        } else {
            declared[name] = Declared(
                name: name, required: required, version: version, line: line, addedBy: nil,
                requiredPlaceholder: placeholder)
        }
        guard required else { return }
        // A required duplicate still adds its parents, as aapt2 does.
        for parent in Self.parents[name] ?? [] where declared[parent] == nil {
            declared[parent] = Declared(
                name: parent, required: true, version: nil, line: line, addedBy: name)
        }
        if name == "android.hardware.opengles.aep", (result.glES?.value ?? 0) < 0x0003_0001 {
            result.glES = (0x0003_0001, true, line)
        }
    }

    /// `android:required`: true unless `false` or 0; a placeholder or an odd word is taken
    /// as true (with a note or a warning).
    /// - Returns: Whether the feature is required, and the placeholder it came from, if any.
    private func readRequired(_ element: AndroidXMLElement, result: inout Result) -> (
        required: Bool, placeholder: String?
    ) {
        guard let value = element.value(.required) else { return (true, nil) }
        let line = element.line
        if value.isPlaceholder {
            result.notes.append(
                "line \(line): android:required is the placeholder \(value.text ?? ""); "
                    + "capcheck takes the default, true")
            return (true, value.text)
        }
        if case .string(let text) = value {
            switch text {
            case "true": return (true, nil)
            case "false": return (false, nil)
            default:
                result.warnings.append(
                    "line \(line): android:required must be true or false, not '\(text)'; "
                        + "taken as true")
                return (true, nil)
            }
        }
        if let number = value.integer { return (number != 0, nil) }
        return (true, nil)
    }

    /// A `<uses-feature>` without a name: its `android:glEsVersion`, of which the highest
    /// counts; without one (or with a value that is not a version number) it is ignored.
    private func readGLES(_ element: AndroidXMLElement, required: Bool, result: inout Result) {
        let line = element.line
        guard let value = element.value(.glEsVersion) else {
            result.warnings.append(
                "line \(line): <uses-feature> has neither android:name nor "
                    + "android:glEsVersion; ignored")
            return
        }
        guard let version = value.integer, version > 0, version <= Int(UInt32.max) else {
            result.warnings.append(
                "line \(line): android:glEsVersion must be a number such as 0x00030000, "
                    + "not '\(value.text ?? "?")'; ignored")
            return
        }
        if version > (result.glES?.value ?? 0) { result.glES = (version, required, line) }
    }

    /// The features a permission implies at a target SDK, with aapt's reasons.
    func permissionFeatures(_ permission: String, targetSdk: Int) -> [(String, [String])] {
        let prefix = "android.permission."
        guard permission.hasPrefix(prefix) else { return [] }
        let short = String(permission.dropFirst(prefix.count))
        let requested = "requested \(permission) permission"
        let beforeLollipop = "targetSdkVersion < \(Self.lollipop)"
        switch short {
        case "CAMERA":
            return [("android.hardware.camera", [requested])]
        case "ACCESS_FINE_LOCATION":
            var features = [("android.hardware.location", [requested])]
            if targetSdk < Self.lollipop {
                features.append(("android.hardware.location.gps", [requested, beforeLollipop]))
            }
            return features
        case "ACCESS_COARSE_LOCATION":
            var features = [("android.hardware.location", [requested])]
            if targetSdk < Self.lollipop {
                features.append(
                    ("android.hardware.location.network", [requested, beforeLollipop]))
            }
            return features
        case "ACCESS_MOCK_LOCATION", "ACCESS_LOCATION_EXTRA_COMMANDS",
            "INSTALL_LOCATION_PROVIDER":
            return [("android.hardware.location", [requested])]
        case "BLUETOOTH", "BLUETOOTH_ADMIN":
            guard targetSdk > Self.donut else { return [] }
            return [
                ("android.hardware.bluetooth", [requested, "targetSdkVersion > \(Self.donut)"])
            ]
        case "RECORD_AUDIO":
            return [("android.hardware.microphone", [requested])]
        case "ACCESS_WIFI_STATE", "CHANGE_WIFI_STATE", "CHANGE_WIFI_MULTICAST_STATE":
            return [("android.hardware.wifi", [requested])]
        default:
            if Self.telephonyPermissions.contains(short) {
                return [("android.hardware.telephony", [Self.telephonyReason])]
            }
            return []
        }
    }

    private func orientationName(_ value: AndroidXMLValue?) -> String? {
        guard let value else { return nil }
        if case .string(let text) = value { return text }
        return value.integer.flatMap { Self.orientationNumbers[$0] }
    }

    static func describeTargetSdk(_ value: Int, min: Int?, target: Int?) -> String {
        switch (min, target) {
        case (nil, nil):
            return "targetSdkVersion 0: the manifest has no <uses-sdk> version, and aapt then "
                + "applies the pre-Android-5 rules (Gradle writes <uses-sdk> into the built app; "
                + "check the APK for the value Play sees)"
        case (let min?, nil):
            return "minSdkVersion \(min) as read, no targetSdkVersion: aapt's target SDK is "
                + "minSdkVersion, \(value)"
        case (nil, let target?):
            return "targetSdkVersion \(target) as read, no minSdkVersion (Android's default is "
                + "1): aapt's target SDK is \(value)"
        case (let min?, let target?):
            return "minSdkVersion \(min) and targetSdkVersion \(target) as read: aapt's target "
                + "SDK is \(value), the larger of the two"
        }
    }
}
