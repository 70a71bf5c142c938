import CapabilityManifest

/// The newest OS an Apple model runs, as the catalog's `Max OS` cell writes it: an exact
/// release (`iOS 16.7.12`), a major version only (`iOS 15`: its last minor release is not
/// recorded), or `current` (supported by the newest release, which the catalog's
/// `# current:` line names per OS).
public struct NewestOS: Sendable, Hashable, CustomStringConvertible {
    /// `iOS`, `iPadOS`, `tvOS` or `visionOS`.
    public var platform: String
    /// The version; nil for `current` without a `# current:` line for the platform.
    public var version: OSVersion?
    /// Whether only the major version is known (`iOS 15`).
    public var majorOnly: Bool
    /// Whether the model runs the newest release.
    public var isCurrent: Bool

    /// The operating systems the catalog names.
    static let platforms = ["iOS", "iPadOS", "tvOS", "visionOS"]

    /// Reads a `Max OS` cell.
    /// - Parameters:
    ///   - cell: The cell (`iOS 16.7.12`, `iPadOS 17`, `current`).
    ///   - platform: The OS the model's kind runs, for `current`.
    ///   - current: The newest release of each OS (the `# current:` line).
    /// - Returns: The newest OS, or nil for a cell that is none of these.
    static func parse(_ cell: String, platform: String, current: [String: OSVersion]) -> NewestOS?
    {
        if cell == "current" {
            return NewestOS(
                platform: platform, version: current[platform], majorOnly: false, isCurrent: true)
        }
        let parts = cell.split(separator: " ")
        guard parts.count == 2, platforms.contains(String(parts[0])),
            let version = OSVersion(parts[1])
        else { return nil }
        return NewestOS(
            platform: String(parts[0]), version: version, majorOnly: version.parts.count == 1,
            isCurrent: false)
    }

    /// Reads the `# current:` line's text (`iOS 26.2; iPadOS 26.2; tvOS 26.2 (source …)`).
    /// - Parameter text: The line after `current:`.
    /// - Returns: The version of each OS named.
    static func currentVersions(_ text: String) -> [String: OSVersion] {
        var versions: [String: OSVersion] = [:]
        let body = text.split(separator: "(", maxSplits: 1).first.map(String.init) ?? text
        for item in body.split(separator: ";") {
            let parts = item.split(separator: " ")
            guard parts.count == 2, platforms.contains(String(parts[0])),
                let version = OSVersion(parts[1])
            else { continue }
            versions[String(parts[0])] = version
        }
        return versions
    }

    /// `iOS 16.7.12`, `iOS 15 (last minor release not recorded)`, `iOS 26.2 (current)`.
    public var description: String {
        guard let version else { return "\(platform) (current)" }
        if isCurrent { return "\(platform) \(version) (current)" }
        return "\(platform) \(version)"
    }

    /// Whether the model runs an app whose minimum OS is `minimum`: true or false, or nil
    /// when only the major version is known and the minimum names a minor release of it.
    /// - Parameter minimum: `MinimumOSVersion`, in this OS's numbering.
    /// - Returns: The answer, or nil when the catalog cannot tell.
    func runs(_ minimum: OSVersion) -> Bool? {
        guard let version else { return true }
        if !majorOnly { return version >= minimum }
        if version.major != minimum.major { return version.major > minimum.major }
        return minimum.parts.dropFirst().allSatisfy { $0 == 0 } ? true : nil
    }
}
