import CapabilityProbe

/// Tests write capability ids as text (`"camera.any"`); an id the table does not know stops
/// the test run at the line that wrote it. Sources never get this: they use the cases.
extension CapabilityID: ExpressibleByStringLiteral {
    /// The id whose dotted string is `text`.
    public init(stringLiteral text: String) {
        guard let id = CapabilityID(rawValue: text) else {
            preconditionFailure("'\(text)' is not a capability id")
        }
        self = id
    }
}
