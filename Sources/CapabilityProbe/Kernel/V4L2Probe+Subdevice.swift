extension V4L2Probe {
    /// Probes a sub-device node for its controls (sub-devices answer `VIDIOC_QUERYCTRL`
    /// but not `VIDIOC_QUERYCAP`).
    /// - Parameter node: The node, e.g. `/dev/v4l-subdev3`.
    /// - Returns: The facts, or `unknown` with a reason when the node cannot be opened or
    ///   refuses control queries.
    public func probeSubdevice(node: String) -> KernelProbeResult<V4L2SubdeviceFacts> {
        let device: any IoctlDevice
        do {
            device = try opener.open(node)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        guard let controls = enumerateControls(device) else {
            return .unknown(reason: "\(node): VIDIOC_QUERYCTRL refused")
        }
        return .value(V4L2SubdeviceFacts(controls: controls))
    }
}
