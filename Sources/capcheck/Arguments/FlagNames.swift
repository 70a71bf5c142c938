import CapabilityProbe

extension OptionNames {
    /// The command-line flags that set each option, so that reasons, errors and summaries
    /// point at what the user types (`use --strict to fail`).
    static let flags = OptionNames(
        strict: "--strict", assume: "--assume", unknownAs: "--unknown-as",
        allowUnknown: "--allow-unknown", kind: "--kind")
}
