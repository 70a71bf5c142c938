import CapabilityManifest

/// Which Android devices Google Play offers an app to, as Play filters: the SDK level
/// against `minSdkVersion`, the device's `ro.opengles.version` against `glEsVersion`, every
/// required feature outside the groups (with `android:version` at most the device's), at
/// least one `<feature-group>` whole, `<supports-screens>` (a device smaller than the smallest
/// size the app supports is filtered; larger ones get it, as Play assumes layouts scale up)
/// and `<compatible-screens>` (the device's size class and density must be listed). What a
/// row cannot know (a GL ES version the tree does not set, its screen, features the framework
/// adds at run time) makes it undecided, never excluded.
public enum PlayFilter {
    /// Features `PackageManager` adds at run time rather than from a permission file, so a
    /// device tree never lists them.
    static let runtimeFeatures: Set<String> = [
        "android.hardware.ram.normal", "android.hardware.ram.low",
    ]

    /// Evaluates every device.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - store: The manifest's declarations (``StoreDeclarations``).
    ///   - source: The result's matrix name (`builtin:android`).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per device, in catalog order.
    public static func evaluate(
        _ catalog: AndroidCatalog, store: StoreDeclarations, source: String, manifest: String?
    ) -> MatrixResult {
        let rows = catalog.devices.map { device in
            var failing: [RowIssue] = []
            var unknown: [RowIssue] = []
            check(sdk: store, device, &failing)
            check(glES: store, device, &failing, &unknown)
            for feature in store.androidFeatures {
                check(feature, device, &failing, &unknown)
            }
            check(groups: store.androidFeatureGroups, device, &failing, &unknown)
            check(screens: store, device, &failing, &unknown)
            return MatrixRowResult(
                name: "\(device.name) (\(device.codename))", family: device.formFactor,
                line: device.line,
                evaluation: RowEvaluation(failing: failing, unknown: unknown))
        }
        return MatrixResult(
            matrix: source, provenance: catalog.provenance, manifest: manifest, rows: rows)
    }

    private static func check(
        sdk store: StoreDeclarations, _ device: AndroidCatalog.Device, _ failing: inout [RowIssue]
    ) {
        guard let minimum = store.minSdk, device.sdk < minimum else { return }
        failing.append(
            RowIssue(
                key: "android:minSdkVersion=\(minimum)", capability: nil,
                reason: "the device's tree is SDK \(device.sdk), below minSdkVersion \(minimum)"))
    }

    private static func check(
        glES store: StoreDeclarations, _ device: AndroidCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        guard let wanted = store.glEsVersion, wanted > 0 else { return }
        let key = "android:glEsVersion=" + hex(wanted)
        guard let has = device.glEsVersion else {
            unknown.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "the device tree does not set ro.opengles.version"))
            return
        }
        if has < wanted {
            failing.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "ro.opengles.version is \(hex(has)), below \(hex(wanted))"))
        }
    }

    /// Whether the device declares the feature at the version (or later).
    static func has(_ feature: StoreDeclarations.AndroidFeature, _ device: AndroidCatalog.Device)
        -> Bool
    {
        guard let version = device.features[feature.name] else { return false }
        return version >= (feature.version ?? 0)
    }

    private static func check(
        _ feature: StoreDeclarations.AndroidFeature, _ device: AndroidCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        let key = feature.name + (feature.version.map { "=\($0)" } ?? "")
        if has(feature, device) { return }
        if runtimeFeatures.contains(feature.name) {
            unknown.append(
                RowIssue(
                    key: key, capability: nil,
                    reason: "added by the framework at run time (by the RAM size); no tree lists it"
                ))
            return
        }
        let implied = feature.impliedBy.map { " (implied: \($0))" } ?? ""
        failing.append(
            RowIssue(
                key: key, capability: nil,
                reason: "the device does not declare \(key)\(implied)"))
    }

    private static func check(
        groups: [[StoreDeclarations.AndroidFeature]], _ device: AndroidCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        guard !groups.isEmpty else { return }
        if groups.contains(where: { $0.allSatisfy { has($0, device) } }) { return }
        let missing = groups.enumerated().map { index, group in
            "group \(index + 1) lacks "
                + group.filter { !has($0, device) }.map(\.name).joined(separator: ", ")
        }
        failing.append(
            RowIssue(
                key: "feature-group", capability: nil,
                reason: "no <feature-group> is satisfied: " + missing.joined(separator: "; ")))
    }

    private static func check(
        screens store: StoreDeclarations, _ device: AndroidCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        let declared = !store.supportsScreens.isEmpty || !store.compatibleScreens.isEmpty
        guard declared else { return }
        guard let size = device.screenSize, let density = device.density else {
            unknown.append(
                RowIssue(
                    key: "screens", capability: nil,
                    reason: "the catalog does not know the device's screen size and density"))
            return
        }
        if !store.compatibleScreens.isEmpty {
            let listed = store.compatibleScreens.contains {
                $0.size == size && $0.density == density
            }
            if !listed {
                failing.append(
                    RowIssue(
                        key: "compatible-screens", capability: nil,
                        reason: "\(size) at \(density) dpi is not in <compatible-screens>"))
            }
            return
        }
        let supported = AndroidCatalog.sizeOrder.filter {
            store.supportsScreens[$0 + "Screens"] ?? true
        }
        guard let smallest = supported.first,
            let need = AndroidCatalog.sizeOrder.firstIndex(of: smallest),
            let has = AndroidCatalog.sizeOrder.firstIndex(of: size)
        else {
            failing.append(
                RowIssue(
                    key: "supports-screens", capability: nil,
                    reason: "<supports-screens> supports no screen size"))
            return
        }
        if has < need {
            failing.append(
                RowIssue(
                    key: "supports-screens", capability: nil,
                    reason: "a \(size) screen, smaller than the smallest supported (\(smallest))"))
        }
    }

    /// `0x00030002`.
    static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
