/// How a user can settle an unmet requirement the machine cannot meet by nature (an x86 CI
/// runner checking an ARM-only app): declare the fact. The CLI phrases it as its flag.
public struct RequirementHint: Codable, Sendable, Hashable {
    /// The capability id to declare (`cpu.arch.arm64`).
    public var capability: String
    /// The status to declare it with.
    public var status: CapabilityStatus
    /// Why the hint applies, in words.
    public var reason: String

    /// Creates a hint.
    /// - Parameters:
    ///   - capability: The capability id to declare.
    ///   - status: The status to declare.
    ///   - reason: Why the hint applies.
    public init(capability: String, status: CapabilityStatus, reason: String) {
        self.capability = capability
        self.status = status
        self.reason = reason
    }

    /// The hint for an unmet CPU architecture: a build or CI machine of another
    /// architecture cannot run the app's code, yet the app may be fine for its devices.
    /// - Parameter id: The capability id (`cpu.arch.…`).
    /// - Returns: The hint, or nil for other ids.
    static func architecture(_ id: String) -> RequirementHint? {
        let prefix = "cpu.arch."
        guard id.hasPrefix(prefix), id.count > prefix.count else { return nil }
        let arch = id.dropFirst(prefix.count)
        return RequirementHint(
            capability: id, status: .present,
            reason:
                "a machine of another architecture (an x86 CI runner) cannot run \(arch) code; "
                + "declare it to check the other requirements")
    }
}
