import CapabilityManifest

/// Which Apple devices the App Store offers an app to: every required
/// `UIRequiredDeviceCapabilities` key must be `yes` in the device's column, every forbidden
/// one (`false` in the dictionary form) `no`. `peer-peer` filters nothing (Apple: the App
/// Store does not filter on it; iOS refuses to launch the app instead), and a cell the
/// catalog marks `unknown` makes the row undecided, never excluded.
public enum AppStoreFilter {
    /// Keys the App Store does not filter on, with the reason shown.
    static let unfiltered: [String: String] = [
        "peer-peer":
            "peer-peer: the App Store does not filter on it (iOS refuses to launch the app on a device without it)"
    ]

    /// Evaluates every model.
    /// - Parameters:
    ///   - catalog: The catalog.
    ///   - keys: The Info.plist's keys (``StoreDeclarations/appleKeys``).
    ///   - source: The result's matrix name (`builtin:apple`).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: One row per model, in catalog order; a row's family is its device kind
    ///   (`iPhone`, `iPad`, …), so the summaries count per kind.
    public static func evaluate(
        _ catalog: AppleCatalog, keys: [StoreDeclarations.AppleKey], source: String,
        manifest: String?
    ) -> MatrixResult {
        let checked = keys.filter { unfiltered[$0.key] == nil }
        let rows = catalog.devices.map { device in
            var failing: [RowIssue] = []
            var unknown: [RowIssue] = []
            for key in checked {
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
            return MatrixRowResult(
                name: device.name, family: device.group, line: device.line,
                evaluation: RowEvaluation(failing: failing, unknown: unknown))
        }
        var provenance = catalog.provenance.filter { !$0.hasPrefix("rule:") }
        provenance += keys.compactMap { unfiltered[$0.key] }
        return MatrixResult(
            matrix: source, provenance: provenance, manifest: manifest, rows: rows)
    }
}
