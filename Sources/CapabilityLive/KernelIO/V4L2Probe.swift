import Glibc
import CapabilityModel

/// Asks a V4L2 node what it is: `VIDIOC_QUERYCAP`, then formats, frame sizes, frame
/// intervals and controls.
///
/// Every enumeration is bounded, so a misbehaving driver cannot loop the probe. A refused
/// open or `QUERYCAP` makes the whole result `unknown`; a failed control query leaves only
/// `autofocus`/`flash` unknown.
package struct V4L2Probe: Sendable {
    /// Opens nodes; ``SystemDeviceOpener`` live, a replay in tests.
    package var opener: any DeviceOpener

    /// Upper bound for each enumeration index.
    static let maximumIndex: UInt32 = 256

    /// Creates a probe.
    /// - Parameter opener: Opens device nodes.
    init(opener: any DeviceOpener = SystemDeviceOpener()) {
        self.opener = opener
    }

    /// Probes one node.
    /// - Parameter node: The device node, e.g. `/dev/video0`.
    /// - Returns: The facts, or `unknown` with a reason (`permission denied opening
    ///   /dev/video0 (run as a member of group video)`).
    package func probe(node: String) -> KernelProbeResult<CameraFacts> {
        let device: any IoctlDevice
        do {
            device = try opener.open(node)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        var buffer = [UInt8](repeating: 0, count: V4L2Capability.size)
        do {
            try device.ioctl(V4L2.queryCapability, name: "VIDIOC_QUERYCAP", buffer: &buffer)
        } catch {
            return .unknown(reason: error.reason(group: "video"))
        }
        guard let capability = V4L2Capability(bytes: buffer) else {
            return .unknown(reason: "\(node): short VIDIOC_QUERYCAP reply")
        }
        var facts = CameraFacts(
            driver: capability.driver, card: capability.card, busInfo: capability.busInfo,
            capabilities: capability.effectiveCapabilities)
        if capability.isTouch || capability.isMemoryToMemory { return .value(facts) }
        var bufferTypes: [UInt32] = []
        if capability.effectiveCapabilities & V4L2.capVideoCapture != 0 {
            bufferTypes.append(V4L2.bufferVideoCapture)
        }
        if capability.effectiveCapabilities & V4L2.capVideoCaptureMultiplanar != 0 {
            bufferTypes.append(V4L2.bufferVideoCaptureMultiplanar)
        }
        var formats: Set<String> = []
        var largest: (width: Int, height: Int)?
        for bufferType in bufferTypes {
            for format in enumerateFormats(device, bufferType: bufferType) {
                formats.insert(format.fourcc)
                var modes = Set(facts.formatModes[format.fourcc] ?? [])
                for size in enumerateSizes(device, pixelFormat: format.pixelFormat) {
                    let (width, height) = size.dimensions
                    // UInt32 × UInt32 can pass Int.max: compare in floating point.
                    if Double(width) * Double(height)
                        > (largest.map { Double($0.width) * Double($0.height) } ?? 0)
                    {
                        largest = (Int(width), Int(height))
                    }
                    guard case .discrete = size else { continue }
                    for rate in enumerateRates(
                        device, pixelFormat: format.pixelFormat, width: width, height: height)
                    {
                        modes.insert(
                            CameraFacts.mode(
                                width: Int(width), height: Int(height), framesPerSecond: rate))
                    }
                }
                facts.formatModes[format.fourcc] = CameraFacts.sortedModes(modes)
            }
        }
        facts.formats = formats.sorted()
        // Sides out of range are unknown, as when the facts are read back from a snapshot.
        facts.stillWidth = CheckedNumber.dimension(largest?.width)
        facts.stillHeight = CheckedNumber.dimension(largest?.height)
        if let controls = enumerateControls(device) {
            let ids = Set(controls.map(\.id))
            facts.controls = Set(controls.map(\.name)).sorted()
            facts.autofocus =
                ids.contains(V4L2.controlFocusAuto) || ids.contains(V4L2.controlAutoFocusStart)
            facts.flash = ids.contains(V4L2.controlFlashLEDMode)
            if let orientation = controls.first(where: { $0.id == V4L2.controlCameraOrientation }) {
                facts.orientation = CameraFacts.orientationName(orientation.defaultValue)
            }
        }
        return .value(facts)
    }

    private func enumerateFormats(_ device: any IoctlDevice, bufferType: UInt32)
        -> [V4L2FormatDescription]
    {
        var result: [V4L2FormatDescription] = []
        for index in 0..<Self.maximumIndex {
            var buffer = V4L2FormatDescription.request(index: index, bufferType: bufferType)
            guard
                (try? device.ioctl(V4L2.enumerateFormat, name: "VIDIOC_ENUM_FMT", buffer: &buffer))
                    != nil,
                let format = V4L2FormatDescription(bytes: buffer)
            else { break }
            result.append(format)
        }
        return result
    }

    private func enumerateSizes(_ device: any IoctlDevice, pixelFormat: UInt32) -> [V4L2FrameSize] {
        var result: [V4L2FrameSize] = []
        for index in 0..<Self.maximumIndex {
            var buffer = V4L2FrameSize.request(index: index, pixelFormat: pixelFormat)
            guard
                (try? device.ioctl(
                    V4L2.enumerateFrameSizes, name: "VIDIOC_ENUM_FRAMESIZES", buffer: &buffer))
                    != nil,
                let size = V4L2FrameSize(bytes: buffer)
            else { break }
            result.append(size)
            if case .stepwise = size { break }
        }
        return result
    }

    private func enumerateRates(
        _ device: any IoctlDevice, pixelFormat: UInt32, width: UInt32, height: UInt32
    ) -> [Double] {
        var result: [Double] = []
        for index in 0..<Self.maximumIndex {
            var buffer = V4L2FrameInterval.request(
                index: index, pixelFormat: pixelFormat, width: width, height: height)
            guard
                (try? device.ioctl(
                    V4L2.enumerateFrameIntervals, name: "VIDIOC_ENUM_FRAMEINTERVALS",
                    buffer: &buffer)) != nil,
                let interval = V4L2FrameInterval(bytes: buffer)
            else { break }
            result.append(interval.framesPerSecond)
            // Stepwise and continuous ranges are one entry: its fastest rate was taken.
            if ByteLayout.uint32(buffer, at: 16) != 1 { break }
        }
        return result
    }

    /// Enabled controls via `V4L2_CTRL_FLAG_NEXT_CTRL`; drivers without it are asked for
    /// the four interesting ids directly. `nil` when the node refuses control queries.
    func enumerateControls(_ device: any IoctlDevice) -> [V4L2Control]? {
        var result: [V4L2Control] = []
        var id: UInt32 = 0
        var refused = false
        for _ in 0..<1024 {
            var buffer = V4L2Control.request(id: id | V4L2.controlFlagNext)
            do {
                try device.ioctl(V4L2.queryControl, name: "VIDIOC_QUERYCTRL", buffer: &buffer)
            } catch {
                refused = result.isEmpty && error.errno != EINVAL && error.errno != ENOTTY
                break
            }
            guard let control = V4L2Control(bytes: buffer), control.id > id else { break }
            if !control.isDisabled { result.append(control) }
            id = control.id
        }
        if !result.isEmpty { return result }
        if refused { return nil }
        let wanted = [
            V4L2.controlFocusAuto, V4L2.controlAutoFocusStart, V4L2.controlCameraOrientation,
            V4L2.controlFlashLEDMode,
        ]
        for wantedID in wanted {
            var buffer = V4L2Control.request(id: wantedID)
            if (try? device.ioctl(V4L2.queryControl, name: "VIDIOC_QUERYCTRL", buffer: &buffer))
                != nil,
                let control = V4L2Control(bytes: buffer), !control.isDisabled
            {
                result.append(control)
            }
        }
        return result
    }
}

extension V4L2Probe {
    /// Probes a sub-device node for its controls (sub-devices answer `VIDIOC_QUERYCTRL`
    /// but not `VIDIOC_QUERYCAP`).
    /// - Parameter node: The node, e.g. `/dev/v4l-subdev3`.
    /// - Returns: The facts, or `unknown` with a reason when the node cannot be opened or
    ///   refuses control queries.
    func probeSubdevice(node: String) -> KernelProbeResult<V4L2SubdeviceFacts> {
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
