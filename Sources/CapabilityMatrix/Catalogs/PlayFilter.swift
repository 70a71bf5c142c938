import CapabilityManifest

/// Which Android devices Google Play offers an app to, with the filters Play documents
/// (developer.android.com/google/play/filters), in this order: form factor, SDK range,
/// native platforms, shared libraries, OpenGL ES version, texture formats,
/// `<uses-configuration>`, features (declared and implied) and `<feature-group>`, screens.
/// What a row cannot know (a fact its catalog does not hold) makes it undecided with the fact
/// named, never excluded and never eligible by default.
public enum PlayFilter {
    /// Features `PackageManager` adds at run time rather than from a permission file, so a
    /// device tree never lists them.
    static let runtimeFeatures: Set<String> = [
        "android.hardware.ram.normal", "android.hardware.ram.low",
    ]

    /// The issues one row lists at most of one kind; the rest are counted in one more issue.
    static let issueLimit = 20

    /// Evaluates every row of a built-in catalog; rows of one codename (the same device on
    /// several branches) are one model, eligible when any of them is.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - store: The manifest's declarations (``StoreDeclarations``).
    ///   - source: The result's matrix name (`builtin:android`).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per device model, in catalog order.
    public static func evaluate(
        _ catalog: AndroidCatalog, store: StoreDeclarations, source: String, manifest: String?
    ) -> MatrixResult {
        evaluate(
            catalog.devices.map(\.playDevice), store: store, source: source,
            provenance: catalog.provenance, manifest: manifest)
    }

    /// Evaluates devices, merging consecutive rows of one model (brand and device codename)
    /// into one row that is eligible when any of them is.
    /// - Parameters:
    ///   - devices: The devices.
    ///   - store: The manifest's declarations.
    ///   - source: The result's matrix name.
    ///   - provenance: The catalog's provenance lines.
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per model, and the notes that apply to every row.
    public static func evaluate(
        _ devices: [PlayDevice], store: StoreDeclarations, source: String,
        provenance: [String], manifest: String?
    ) -> MatrixResult {
        // A group with a feature no row declares can satisfy no row: the groups left are the
        // only ones each row is checked against (a manifest of thousands of groups of unknown
        // features is then checked once, not once a row).
        var declared: Set<String> = []
        for device in devices {
            if let features = device.features { declared.formUnion(features.keys) }
        }
        let viable = store.androidFeatureGroups.filter {
            $0.allSatisfy { declared.contains($0.name) }
        }
        var rows: [MatrixRowResult] = []
        var index = 0
        while index < devices.count {
            var end = index + 1
            while end < devices.count, sameModel(devices[index], devices[end]) { end += 1 }
            rows.append(evaluate(model: devices[index..<end], store: store, viable: viable))
            index = end
        }
        var result = MatrixResult(
            matrix: source, provenance: provenance, manifest: manifest, rows: rows)
        result.notes = notes(store).nilIfEmpty
        return result
    }

    /// The notes a whole result carries: filters a source manifest cannot feed.
    static func notes(_ store: StoreDeclarations) -> [String] {
        var notes: [String] = []
        if store.nativeABIs == nil {
            notes.append(
                "native code: a source manifest does not show the app's lib/<abi>/ folders; "
                    + "filter the built .apk or .aab to apply Play's native-platform filter")
        }
        return notes
    }

    private static func sameModel(_ a: PlayDevice, _ b: PlayDevice) -> Bool {
        guard let device = a.device, device == b.device else { return false }
        return a.brand?.lowercased() == b.brand?.lowercased()
    }

    /// One model: each variant decided on its own, the model eligible when one is.
    private static func evaluate(
        model: ArraySlice<PlayDevice>, store: StoreDeclarations,
        viable: [[StoreDeclarations.AndroidFeature]]
    ) -> MatrixRowResult {
        let evaluations = model.map { evaluate($0, store: store, viable: viable) }
        let first = model[model.startIndex]
        let levels = model.flatMap(\.sdkLevels)
        var chosen = evaluations[0]
        if let eligible = evaluations.firstIndex(where: { $0.evaluation.verdict == .eligible }) {
            chosen = evaluations[eligible]
        } else if let undecided = evaluations.firstIndex(where: {
            $0.evaluation.verdict == .undecided
        }) {
            chosen = evaluations[undecided]
        }
        let qualifying = evaluations.filter { $0.evaluation.verdict == .eligible }.flatMap(
            \.qualifying)
        var row = MatrixRowResult(
            name: first.name, family: first.formFactor.rawValue, line: first.line,
            evaluation: chosen.evaluation)
        var details = CatalogRowDetails()
        details.brand = first.brand
        details.device = first.device
        details.manufacturer = first.manufacturer
        details.model = first.model
        details.formFactor = first.formFactor.rawValue
        // One variant's levels are sorted and distinct already.
        details.sdkLevels = model.count == 1 ? levels : Array(Set(levels)).sorted()
        details.qualifyingSdkLevels =
            model.count == 1 ? qualifying : Array(Set(qualifying)).sorted()
        details.abis = first.abis
        details.featureSource = first.featureSource ?? (first.features == nil ? nil : "row")
        details.confidence = first.confidence
        row.device = details
        return row
    }

    /// What one device row says: its issues and the SDK levels that pass.
    private struct Decided {
        var evaluation: RowEvaluation
        var qualifying: [Int]
    }

    private static func evaluate(
        _ device: PlayDevice, store: StoreDeclarations,
        viable: [[StoreDeclarations.AndroidFeature]]
    ) -> Decided {
        var failing: [RowIssue] = []
        var unknown: [RowIssue] = []
        check(formFactor: store, device, &failing)
        let qualifying = check(sdk: store, device, &failing, &unknown)
        check(native: store, device, &failing, &unknown)
        check(libraries: store, device, &failing, &unknown)
        check(glES: store, device, &failing, &unknown)
        check(textures: store, device, &unknown)
        check(configurations: store, device, &failing, &unknown)
        check(features: store, device, &failing, &unknown)
        check(groups: store.androidFeatureGroups, viable: viable, device, &failing, &unknown)
        check(screens: store, device, &failing, &unknown)
        return Decided(
            evaluation: RowEvaluation(
                failing: capped(failing), unknown: capped(unknown)),
            qualifying: qualifying)
    }

    /// At most ``issueLimit`` issues, the rest counted in one more, so a manifest of
    /// thousands of unknown features cannot make every row thousands of lines long.
    static func capped(_ issues: [RowIssue]) -> [RowIssue] {
        guard issues.count > issueLimit else { return issues }
        let kept = issues.sorted().prefix(issueLimit)
        let rest = issues.count - issueLimit
        return Array(kept) + [
            RowIssue(
                key: "… \(rest) more", capability: nil,
                reason: "and \(rest) more of the same kind, not listed")
        ]
    }

    // MARK: - The filters, in Play's order

    private static func check(
        formFactor store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue]
    ) {
        guard let feature = device.formFactor.optInFeature else { return }
        let declared =
            store.androidFeatures.contains { $0.name == feature }
            || store.optionalFeatures.contains(feature)
            || store.androidFeatureGroups.contains { $0.contains { $0.name == feature } }
        guard !declared else { return }
        failing.append(
            RowIssue(
                key: "form factor: \(device.formFactor.rawValue)", capability: nil,
                reason:
                    "Play offers an app on \(device.formFactor.rawValue) devices only when it declares \(feature) (required or not)"
            ))
    }

    /// The SDK levels within `minSdkVersion`…`maxSdkVersion`; none excludes the row.
    private static func check(
        sdk store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) -> [Int] {
        let minimum = store.minSdk ?? 1
        let maximum = store.maxSdk ?? Int.max
        let qualifying = device.sdkLevels.filter { $0 >= minimum && $0 <= maximum }
        if device.sdkLevels.isEmpty, device.observed, store.minSdk != nil || store.maxSdk != nil {
            unknown.append(
                RowIssue(
                    key: "android:minSdkVersion=\(minimum)", capability: nil,
                    reason: "the capture does not give the device's SDK level (getprop)"))
            return []
        }
        guard qualifying.isEmpty, !device.sdkLevels.isEmpty else { return qualifying }
        let levels = device.sdkLevels.map(String.init).joined(separator: ", ")
        if let top = device.sdkLevels.max(), top < minimum {
            failing.append(
                RowIssue(
                    key: "android:minSdkVersion=\(minimum)", capability: nil,
                    reason: "the device runs SDK \(levels), below minSdkVersion \(minimum)"))
        } else if let maximum = store.maxSdk {
            failing.append(
                RowIssue(
                    key: "android:maxSdkVersion=\(maximum)", capability: nil,
                    reason: "the device runs SDK \(levels), above maxSdkVersion \(maximum)"))
        }
        return qualifying
    }

    /// What does not know a fact: `the capture` for a device read from itself, else `the
    /// catalog`.
    static func source(_ device: PlayDevice) -> String {
        device.observed ? "the capture" : "the catalog"
    }

    /// The ABIs Play knows; an app folder under `lib/` with another name is not native code
    /// for any device.
    static let knownABIs: Set<String> = [
        "armeabi", "armeabi-v7a", "arm64-v8a", "x86", "x86_64", "mips", "mips64", "riscv64",
    ]

    private static func check(
        native store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) {
        guard let app = store.nativeABIs?.filter(knownABIs.contains), !app.isEmpty else { return }
        let key = "native-code: " + app.joined(separator: " ")
        guard let abis = device.abis else {
            unknown.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "\(source(device)) does not know the device's ABIs"
                ))
            return
        }
        if abis.contains(where: app.contains) { return }
        failing.append(
            RowIssue(
                key: key, capability: nil,
                reason:
                    "native code for \(app.joined(separator: ", ")) only; the device runs \(abis.isEmpty ? "no listed ABI" : abis.joined(separator: ", "))"
            ))
    }

    /// Shared libraries every Android device's framework provides (AOSP
    /// `frameworks/base/data/etc/platform.xml` and the `android.test.*` and
    /// `org.apache.http.legacy` libraries the `<uses-library>` reference names).
    static let platformLibraries: Set<String> = [
        "android.test.base", "android.test.mock", "android.test.runner",
        "org.apache.http.legacy", "javax.obex", "android.hidl.base-V1.0-java",
        "android.hidl.manager-V1.0-java",
    ]

    private static func check(
        libraries store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) {
        for library in store.libraries where library.required {
            if platformLibraries.contains(library.name) { continue }
            if device.libraries?.contains(library.name) == true { continue }
            if device.observed, device.libraries != nil {
                failing.append(
                    RowIssue(
                        key: "uses-library: \(library.name)", capability: nil,
                        reason: "the device does not list \(library.name) (pm list libraries)"))
                continue
            }
            let why =
                device.libraries == nil
                ? "\(source(device)) does not list the device's shared libraries"
                : "the device tree's permission files do not declare it, and the stock firmware may (Google's libraries ship with Play services)"
            unknown.append(
                RowIssue(
                    key: "uses-library: \(library.name)", capability: nil,
                    reason: "\(why): cannot tell whether it has \(library.name)"))
        }
    }

    private static func check(
        glES store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) {
        guard let wanted = store.glEsVersion, wanted > 0x0001_0000 else { return }
        let key = "android:glEsVersion=" + hex(wanted)
        guard let has = device.glEsVersion else {
            unknown.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "\(source(device)) does not know the device's OpenGL ES version"))
            return
        }
        if has < wanted {
            failing.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "OpenGL ES \(glText(has)), below \(glText(wanted))"))
        }
    }

    private static func check(
        textures store: StoreDeclarations, _ device: PlayDevice, _ unknown: inout [RowIssue]
    ) {
        guard !store.glTextures.isEmpty else { return }
        let key = "supports-gl-texture"
        let named = store.glTextures.joined(separator: ", ")
        guard let gl = device.glEsVersion else {
            unknown.append(
                RowIssue(
                    key: key, capability: nil,
                    reason:
                        "\(source(device)) does not know the device's OpenGL ES version, which decides \(named)"
                ))
            return
        }
        let aep = device.features?["android.hardware.opengles.aep"] != nil
        if store.glTextures.contains(where: { TextureFormat.guaranteed($0, glES: gl, aep: aep) }) {
            return
        }
        unknown.append(
            RowIssue(
                key: key, capability: nil,
                reason:
                    "OpenGL ES \(glText(gl)) guarantees \(TextureFormat.guaranteedNames(glES: gl, aep: aep)); the catalog does not list other formats, so it cannot tell \(named)"
            ))
    }

    private static func check(
        configurations store: StoreDeclarations, _ device: PlayDevice,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        guard !store.configurations.isEmpty else { return }
        let outcomes = store.configurations.map { ConfigurationRule.decide($0, device) }
        if outcomes.contains(where: { $0 == nil }) { return }
        let reasons = outcomes.compactMap { $0 }
        if let unmet = reasons.first(where: { !$0.undecided }),
            reasons.allSatisfy({ !$0.undecided })
        {
            failing.append(
                RowIssue(key: "uses-configuration", capability: nil, reason: unmet.reason))
        } else if let open = reasons.first(where: \.undecided) {
            unknown.append(
                RowIssue(key: "uses-configuration", capability: nil, reason: open.reason))
        }
    }

    /// Whether the device declares the feature at the version (or later); nil when the
    /// catalog does not know its features.
    static func has(_ feature: StoreDeclarations.AndroidFeature, _ device: PlayDevice) -> Bool? {
        guard let features = device.features else { return nil }
        return has(feature, in: features)
    }

    /// Whether a feature list holds the feature at the version (or later).
    static func has(_ feature: StoreDeclarations.AndroidFeature, in features: [String: Int])
        -> Bool
    {
        guard let version = features[feature.name] else { return false }
        return version >= (feature.version ?? 0)
    }

    private static func check(
        features store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) {
        var notKnown: [String] = []
        for feature in store.androidFeatures {
            let key = feature.name + (feature.version.map { "=\($0)" } ?? "")
            switch has(feature, device) {
            case true?: continue
            case nil:
                if device.formFactor == .tv, feature.name == "android.hardware.touchscreen" {
                    failing.append(
                        RowIssue(
                            key: key, capability: nil,
                            reason: "TV devices have no touchscreen (Play's TV rule)"))
                    continue
                }
                notKnown.append(key)
            case false?:
                if runtimeFeatures.contains(feature.name) {
                    unknown.append(
                        RowIssue(
                            key: key, capability: nil,
                            reason:
                                "added by the framework at run time (by the RAM size); no tree lists it"
                        ))
                    continue
                }
                let implied = feature.impliedBy.map { " (implied: \($0))" } ?? ""
                failing.append(
                    RowIssue(
                        key: key, capability: nil,
                        reason: "the device does not declare \(key)\(implied)"))
            }
        }
        if !notKnown.isEmpty {
            unknown.append(
                RowIssue(
                    key: "features", capability: nil,
                    reason:
                        "features not in the export and no built-in row for this device: "
                        + notKnown.joined(separator: ", ")))
        }
    }

    private static func check(
        groups: [[StoreDeclarations.AndroidFeature]], viable: [[StoreDeclarations.AndroidFeature]],
        _ device: PlayDevice, _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        guard !groups.isEmpty else { return }
        guard let features = device.features else {
            unknown.append(
                RowIssue(
                    key: "feature-group", capability: nil,
                    reason: "features not in the export and no built-in row for this device"))
            return
        }
        if viable.contains(where: { $0.allSatisfy { has($0, in: features) } }) { return }
        // The first groups are named, the rest counted: a manifest of thousands of groups
        // must not make every row's reason that long.
        let shown = 5
        var missing = groups.prefix(shown).enumerated().map { index, group in
            "group \(index + 1) lacks "
                + group.filter { !has($0, in: features) }.prefix(shown).map(\.name).joined(
                    separator: ", ")
        }
        if groups.count > shown { missing.append("\(groups.count - shown) more groups") }
        failing.append(
            RowIssue(
                key: "feature-group", capability: nil,
                reason: "no <feature-group> is satisfied: " + missing.joined(separator: "; ")))
    }

    /// The size classes from the smallest up.
    static let sizeOrder = ["small", "normal", "large", "xlarge"]

    private static func check(
        screens store: StoreDeclarations, _ device: PlayDevice, _ failing: inout [RowIssue],
        _ unknown: inout [RowIssue]
    ) {
        let declared = !store.supportsScreens.isEmpty || !store.compatibleScreens.isEmpty
        guard declared else { return }
        guard let screens = device.screens, !screens.isEmpty else {
            unknown.append(
                RowIssue(
                    key: "screens", capability: nil,
                    reason: "\(source(device)) does not know the device's screen size and density"))
            return
        }
        var reasons: [(key: String, reason: String)] = []
        for screen in screens {
            guard let reason = screenReason(store, screen) else { return }
            reasons.append(reason)
        }
        if let first = reasons.first {
            failing.append(RowIssue(key: first.key, capability: nil, reason: first.reason))
        }
    }

    /// Why one screen does not fit the app, or nil when it does.
    private static func screenReason(_ store: StoreDeclarations, _ screen: PlayDevice.Screen)
        -> (key: String, reason: String)?
    {
        if !store.compatibleScreens.isEmpty {
            let listed = store.compatibleScreens.contains {
                $0.size == screen.size && $0.density == screen.density
            }
            return listed
                ? nil
                : (
                    "compatible-screens",
                    "\(screen.size) at \(screen.density) dpi is not in <compatible-screens>"
                )
        }
        let supported = sizeOrder.filter { store.supportsScreens[$0 + "Screens"] ?? true }
        guard let smallest = supported.first,
            let need = sizeOrder.firstIndex(of: smallest),
            let has = sizeOrder.firstIndex(of: screen.size)
        else {
            return ("supports-screens", "<supports-screens> turns every size off")
        }
        guard has < need else { return nil }
        return (
            "supports-screens",
            "a \(screen.size) screen is smaller than the smallest size the app supports (\(smallest))"
        )
    }

    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// `3.2` for `0x00030002`.
    static func glText(_ value: Int) -> String {
        "\(value >> 16).\(value & 0xffff)"
    }
}
