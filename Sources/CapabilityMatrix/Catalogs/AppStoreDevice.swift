import CapabilityManifest

extension AppStoreFilter {
    /// The App Store's verdict on one real device: the built-in catalog's row of its model
    /// (found by `ProductType`, `iPhone15,2`) with the OS the device has installed in place
    /// of the model's newest OS. When only the installed OS is too old (the model's newest OS
    /// would pass `MinimumOSVersion`), the issue says to update first; when the model never
    /// gets there, it names the model's newest OS and the installed one.
    /// - Parameters:
    ///   - productType: The model identifier (`iPhone15,2`).
    ///   - installed: The installed OS version (`ProductVersion`), if known.
    ///   - catalog: The Apple catalog.
    ///   - store: The Info.plist's declarations.
    ///   - settings: What the user stated where the manifest is silent.
    ///   - source: The result's matrix name (`ios`, the capture file).
    ///   - manifest: The manifest path, for the result.
    /// - Returns: A result with one row, or nil when no row lists the identifier.
    public static func evaluate(
        productType: String, installed: OSVersion?, catalog: AppleCatalog,
        store: StoreDeclarations, settings: StoreSettings = .init(), source: String,
        manifest: String?
    ) -> MatrixResult? {
        guard let row = catalog.devices.first(where: { $0.identifiers.contains(productType) })
        else { return nil }
        var device = row
        if let installed {
            device.newestOS = NewestOS(
                platform: row.newestOS?.platform ?? (row.deviceFamily == 2 ? "iPadOS" : "iOS"),
                version: installed, majorOnly: false, isCurrent: false)
        }
        var one = catalog
        one.devices = [device]
        var result = evaluate(
            one, store: store, settings: settings, source: source, manifest: manifest)
        guard installed != nil, var first = result.rows.first,
            let index = first.failing.firstIndex(where: { $0.key.hasPrefix("MinimumOSVersion") })
        else { return result }
        one.devices = [row]
        let newest = evaluate(one, store: store, settings: settings, source: source, manifest: nil)
        let platform = device.newestOS?.platform ?? "iOS"
        guard let wouldPass = newest.rows.first else { return result }
        if let modelIssue = wouldPass.failing.first(where: {
            $0.key.hasPrefix("MinimumOSVersion")
        }) {
            // The model itself never gets there: say so, with the OS the device has now.
            var issue = modelIssue
            issue.reason += " (\(platform) \(installed.map(\.description) ?? "?") is installed)"
            first.failing[index] = issue
            result.rows[0] = first
            return result
        }
        guard
            let minimum = settings.minimumOS ?? store.minimumOSVersion.flatMap({ OSVersion($0) })
        else { return result }
        var issue = first.failing[index]
        issue.reason =
            "\(platform) \(installed.map(\.description) ?? "?") is installed, below \(minimum): "
            + "update to \(platform) \(minimum) or later first (\(row.name) runs "
            + "\(row.newestOS?.description ?? "a newer release"))"
        first.failing[index] = issue
        result.rows[0] = first
        return result
    }
}
