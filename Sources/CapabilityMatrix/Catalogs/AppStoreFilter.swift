import CapabilityManifest

/// Which Apple devices the App Store offers an app to, in the App Store's order: the
/// platform and `UIDeviceFamily` first, then `MinimumOSVersion` against the model's newest
/// OS, then `UIRequiredDeviceCapabilities` (every required key `yes` in the device's column,
/// every forbidden one, `false` in the dictionary form, `no`). An excluded row names its
/// first failing filter only. `peer-peer` filters nothing (Apple: the App Store does not
/// filter on it; iOS refuses to launch the app instead), and a cell the catalog marks
/// `unknown` makes the row undecided, never excluded.
public enum AppStoreFilter {
    /// Keys the App Store does not filter on, with the reason shown.
    static let unfiltered: [String: String] = [
        "peer-peer":
            "peer-peer: the App Store does not filter on it (iOS refuses to launch the app on a device without it)"
    ]

    /// The summary key of the device-family filter.
    static let familyKey = "UIDeviceFamily"

    /// Evaluates every model.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - store: The Info.plist's declarations (``StoreDeclarations``).
    ///   - settings: What the user stated where the manifest is silent.
    ///   - source: The result's matrix name (`builtin:apple`).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per model, in catalog order; a row's family is its device kind
    ///   (`iPhone`, `iPad`, …), so the summaries count per kind.
    public static func evaluate(
        _ catalog: AppleCatalog, store: StoreDeclarations, settings: StoreSettings = .init(),
        source: String, manifest: String?
    ) -> MatrixResult {
        let keys = (store.appleKeys ?? []).filter { unfiltered[$0.key] == nil }
        let families = settings.deviceFamilies ?? store.deviceFamilies
        let minimum = settings.minimumOS ?? store.minimumOSVersion.flatMap { OSVersion($0) }
        let rows = catalog.devices.map { device in
            var failing: [RowIssue] = []
            var unknown: [RowIssue] = []
            check(family: families, device, settings, &failing, &unknown)
            if failing.isEmpty, let minimum {
                check(minimum: minimum, families: families, device, &failing, &unknown)
            }
            if failing.isEmpty {
                check(keys: keys, device, &failing, &unknown)
            }
            var row = MatrixRowResult(
                name: device.name, family: device.group, line: device.line,
                evaluation: RowEvaluation(
                    failing: PlayFilter.capped(failing), unknown: PlayFilter.capped(unknown)))
            var details = CatalogRowDetails()
            details.formFactor = device.group
            details.identifiers = device.identifiers
            details.year = device.year
            details.newestOS = device.newestOS?.description
            details.deviceFamily = device.deviceFamily
            row.device = details
            return row
        }
        var provenance = catalog.provenance.filter { !$0.hasPrefix("rule:") }
        provenance += (store.appleKeys ?? []).compactMap { unfiltered[$0.key] }
        var result = MatrixResult(
            matrix: source, provenance: provenance, manifest: manifest, rows: rows)
        result.notes = notes(store, settings).nilIfEmpty
        return result
    }

    /// What the result says about the first two filters: applied from the manifest, stated,
    /// or not applied (with how to state them).
    static func notes(_ store: StoreDeclarations, _ settings: StoreSettings) -> [String] {
        var notes: [String] = []
        if let families = settings.deviceFamilies {
            notes.append(
                "UIDeviceFamily \(familyWords(families)) as stated (\(settings.names.deviceFamily))"
            )
        } else if let families = store.deviceFamilies {
            notes.append("UIDeviceFamily \(familyWords(families)) from the manifest")
        } else {
            let why = store.appleBuildVariables[familyKey].map { "is the build variable \($0)" }
                ?? "is not in the manifest"
            notes.append(
                "UIDeviceFamily \(why): not filtered on device family (every kind kept); "
                    + "state it with \(settings.names.deviceFamily) 1,2")
        }
        if let minimum = settings.minimumOS {
            notes.append(
                "MinimumOSVersion \(minimum) as stated (\(settings.names.minimumOS))")
        } else if let minimum = store.minimumOSVersion {
            notes.append("MinimumOSVersion \(minimum) from the manifest")
        } else {
            let why = store.appleBuildVariables["MinimumOSVersion"].map {
                "is the build variable \($0)"
            } ?? "is not in the manifest"
            notes.append(
                "MinimumOSVersion \(why): not filtered on OS version; "
                    + "state it with \(settings.names.minimumOS) 17.0")
        }
        return notes
    }

    /// `1 (iPhone), 2 (iPad)`.
    static func familyWords(_ families: [Int]) -> String {
        StoreDeclarations.deviceFamilyWords(families)
    }

    /// Platform and device family: an iPhone app also runs on iPad (compatibility mode), an
    /// iPad app never on iPhone, no iPhone or iPad app on Apple TV; on Apple Vision Pro an
    /// iPhone or iPad app is an App Store Connect setting, not an Info.plist key.
    private static func check(
        family families: [Int]?, _ device: AppleCatalog.Device, _ settings: StoreSettings,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        guard let families, let kind = device.deviceFamily else { return }
        let declared = familyWords(families)
        switch kind {
        case 1 where !families.contains(1):
            failing.append(
                issue(familyKey, "UIDeviceFamily \(declared) does not include 1 (iPhone and iPod touch)"))
        case 2 where !families.contains(2) && !families.contains(1):
            failing.append(
                issue(familyKey, "UIDeviceFamily \(declared) includes neither 1 (iPhone) nor 2 (iPad)"))
        case 3 where !families.contains(3):
            failing.append(issue(familyKey, "UIDeviceFamily \(declared) does not include 3 (Apple TV)"))
        case 7 where !families.contains(7):
            guard families.contains(1) || families.contains(2) else {
                failing.append(
                    issue(familyKey, "UIDeviceFamily \(declared) does not include 7 (Apple Vision)"))
                return
            }
            switch settings.visionPro {
            case true?: return
            case false?:
                failing.append(
                    issue(
                        "App Store Connect: Apple Vision Pro",
                        "not offered on Apple Vision Pro, as stated (\(settings.names.visionPro))"))
            case nil:
                unknown.append(
                    issue(
                        "App Store Connect: Apple Vision Pro",
                        "an iPhone or iPad app on Apple Vision Pro is an App Store Connect setting, not an Info.plist key; state it with \(settings.names.visionPro)"
                    ))
            }
        default: return
        }
    }

    /// `MinimumOSVersion` against the model's newest OS. tvOS and iPadOS share iOS's
    /// numbers; an iPhone or iPad app on Apple Vision Pro is compared with the iOS release of
    /// its visionOS (visionOS 1 and 2 are iOS 17 and 18; from 26 the numbers agree).
    private static func check(
        minimum: OSVersion, families: [Int]?, _ device: AppleCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        let key = "MinimumOSVersion \(minimum)"
        guard var newest = device.newestOS else {
            unknown.append(issue(key, "the catalog does not record the newest OS of \(device.name)"))
            return
        }
        if newest.platform == "visionOS", families?.contains(7) != true,
            let version = newest.version, version.major < 26
        {
            newest.version = OSVersion(parts: [version.major + 16] + version.parts.dropFirst())
            newest.platform = "iOS (as visionOS \(version))"
        }
        switch newest.runs(minimum) {
        case true?: return
        case false?:
            failing.append(
                issue(key, "\(device.name) runs at most \(newest), below \(minimum)"))
        case nil:
            unknown.append(
                issue(
                    key,
                    "the catalog records \(newest) for \(device.name), not its last minor release"
                ))
        }
    }

    private static func check(
        keys: [StoreDeclarations.AppleKey], _ device: AppleCatalog.Device,
        _ failing: inout [RowIssue], _ unknown: inout [RowIssue]
    ) {
        for key in keys {
            switch device.keys[key.key] {
            case .yes?:
                if !key.required {
                    failing.append(
                        RowIssue(
                            key: key.key, capability: nil, required: false,
                            reason: "has \(key.key), which the manifest forbids"))
                }
            case .no?:
                if key.required {
                    failing.append(
                        RowIssue(
                            key: key.key, capability: nil,
                            reason: "\(device.name) does not have \(key.key)"))
                }
            case .unknown?:
                unknown.append(
                    RowIssue(
                        key: key.key, capability: nil, required: key.required,
                        reason: device.notes.isEmpty
                            ? "the catalog cannot tell"
                            : "the catalog cannot tell: \(device.notes)"))
            case nil:
                unknown.append(
                    RowIssue(
                        key: key.key, capability: nil, required: key.required,
                        reason: "the catalog has no column for \(key.key)"))
            }
        }
    }

    private static func issue(_ key: String, _ reason: String) -> RowIssue {
        RowIssue(key: key, capability: nil, reason: reason)
    }
}
