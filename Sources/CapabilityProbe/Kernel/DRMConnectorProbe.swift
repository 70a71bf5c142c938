/// Asks the DRM card node for a connector's state and physical size
/// (`DRM_IOCTL_MODE_GETCONNECTOR`, which needs no DRM master).
public struct DRMConnectorProbe: Sendable {
    /// Opens nodes; ``SystemDeviceOpener`` live, a replay in tests.
    public var opener: any DeviceOpener

    /// Creates a probe.
    /// - Parameter opener: Opens device nodes.
    public init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Probes one connector.
    /// - Parameters:
    ///   - card: The card node, e.g. `/dev/dri/card0`.
    ///   - connectorID: The connector id (sysfs `connector_id`).
    /// - Returns: The facts, or `unknown` with a reason.
    public func probe(card: String, connectorID: UInt32) -> KernelProbeResult<DRMConnectorFacts> {
        let device: any IoctlDevice
        do {
            device = try opener.open(card)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        var buffer = DRMConnectorFacts.request(connectorID: connectorID)
        do {
            try device.ioctl(
                DRMConnectorFacts.request, name: "DRM_IOCTL_MODE_GETCONNECTOR", buffer: &buffer)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        guard let facts = DRMConnectorFacts(bytes: buffer) else {
            return .unknown(reason: "\(card): short DRM_IOCTL_MODE_GETCONNECTOR reply")
        }
        return .value(facts)
    }
}
