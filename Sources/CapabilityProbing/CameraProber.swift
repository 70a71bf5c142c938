import FoundationEssentials
import CapabilityModel

/// Cameras: `camera.any`, `camera.video`, facing (`camera.front|back|external`),
/// `camera.autofocus` and `camera.flash` (detection.md §1).
///
/// A camera is a video4linux `videoN` node that captures frames (`ID_V4L_CAPABILITIES`
/// has `:capture:`, or the V4L2 facts (``CameraFacts``, `facts.v4l2`) say VIDEO_CAPTURE
/// without M2M or TOUCH), is not a codec/ISP (`bcm2835-codec|isp`, `mtk-vcodec|jpeg|mdp`, driver
/// `intel[-_]ipu[0-9]…`: IPU ISYS raw nodes), and is not the metadata node of a UVC
/// interface (index ≥ 1; old udev marks those `:capture:` too). The Intel IPU6/IPU7
/// "Intel MIPI Camera" relay (`:video_output:` until a producer runs) is a camera.
/// Nodes are grouped into physical functions (USB interface, or the device the nodes hang
/// off); IR functions are listed with `ir: true` and not counted. Without udevd a node whose
/// capabilities were not read makes the status `unknown`; a refused V4L2 probe is named in
/// `details["access"]`. Facing, autofocus and flash come from the facts, the sensor, lens
/// and flash sub-devices (``V4L2SubdeviceFacts``) and `*:flash`/`*:torch` LEDs
/// (``CameraFlashLEDs``).
package struct CameraProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] {
        [
            .cameraAny, .cameraVideo, .cameraFront, .cameraBack, .cameraExternal,
            .cameraAutofocus, .cameraFlash,
        ]
    }

    /// The cameras found: physical functions, split into counted and infrared ones, and the
    /// nodes whose capabilities could not be read.
    private struct Cameras {
        /// What the node scan gathered (ignored nodes, refused probes, undecided nodes).
        var scan: CameraScan
        /// Every function, in id order.
        var functions: [CameraFunction]
        /// Counted cameras (not infrared).
        var visible: [CameraFunction]
        /// Infrared functions: listed, not counted.
        var infrared: [CameraFunction]
        /// Undecided nodes outside every function, by id, with the reason.
        var unknown: [String: String]
    }

    /// Classifies the video4linux nodes.
    /// - Parameter context: The records.
    /// - Returns: One finding per id.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let cameras = Self.cameras(context)
        let any = Self.anyCamera(cameras, context: context)
        var findings = [any, Self.video(cameras, any: any)]
        let sensors = Self.subdevices(context)
        for (id, facing) in [
            (CapabilityID.cameraFront, "front"), (.cameraBack, "back"),
            (.cameraExternal, "external"),
        ] {
            findings.append(facingFinding(id, facing, cameras, any: any, sensors: sensors))
        }
        findings.append(autofocus(cameras, any: any, sensors: sensors))
        findings.append(flash(cameras, any: any, sensors: sensors, context: context))
        return findings
    }

    /// Step 1: video nodes (and USB picture-transfer devices) grouped into physical functions.
    private static func cameras(_ context: ProbeContext) -> Cameras {
        var scan = CameraScan()
        for node in context.devices(in: .video4linux) where Self.isVideoNode(node) {
            scan.add(node, in: context)
        }
        for device in context.devices(in: .usb) { scan.notePictureTransfer(device) }
        var functions = scan.functions(in: context)
        Self.markSecondaryFunctions(&functions)
        let unknown = scan.unknown.filter { candidate in
            !functions.contains { $0.id == candidate.key }
        }
        return Cameras(
            scan: scan, functions: functions, visible: functions.filter { $0.infrared != true },
            infrared: functions.filter { $0.infrared == true }, unknown: unknown)
    }

    /// `camera.any`: present with a counted camera; unknown with only infrared or undecided
    /// ones, or a Raspberry Pi VideoCore whose legacy camera module has no node.
    private static func anyCamera(_ cameras: Cameras, context: ProbeContext) -> CapabilityFinding {
        var evidence: [Evidence] = []
        for function in cameras.visible {
            evidence.append(Evidence(device: function.id, reason: function.reason))
        }
        for function in cameras.infrared {
            evidence.append(
                Evidence(
                    device: function.id,
                    reason: "IR camera (\(function.infraredBasis ?? "ir")), not counted"))
        }
        for (key, reason) in cameras.unknown.sorted(by: { $0.key < $1.key }) {
            evidence.append(Evidence(device: key, reason: reason))
        }
        let mmal =
            context.devices(in: .vchiq).first
            ?? context.devices.first { $0.driver == "bcm2835_vchiq" }
        let status: CapabilityStatus
        if !cameras.visible.isEmpty {
            status = .present
        } else if !cameras.unknown.isEmpty || !cameras.infrared.isEmpty {
            status = .unknown
        } else if let mmal {
            status = .unknown
            evidence.append(
                Evidence(
                    device: mmal.id,
                    reason:
                        "Raspberry Pi VideoCore (vchiq/MMAL): a legacy camera module has no V4L node; whether one is connected is not visible"
                ))
        } else {
            status = context.noCandidateStatus
        }
        return CapabilityFinding(
            id: .cameraAny, status: status,
            count: status == .present ? cameras.visible.count : 0, evidence: evidence,
            details: anyDetails(cameras))
    }

    /// `camera.any` details: `devices`, `ignored` nodes, the largest `megapixels`, and the
    /// refused V4L2 probes in `access`.
    private static func anyDetails(_ cameras: Cameras) -> [String: JSONValue] {
        var details: [String: JSONValue] = ["devices": .array(cameras.functions.map(\.detail))]
        if !cameras.scan.ignored.isEmpty {
            details["ignored"] = .array(
                cameras.scan.ignored.sorted { $0.device < $1.device }.map {
                    .object(["device": .string($0.device), "reason": .string($0.reason)])
                })
        }
        if let megapixels = cameras.visible.compactMap({ $0.facts?.megapixels }).max() {
            details["megapixels"] = .double(megapixels)
        }
        var access = cameras.functions.compactMap { function in
            function.access.map { Evidence(device: function.id, reason: $0) }
        }
        access += cameras.scan.access.sorted { $0.key < $1.key }.map {
            Evidence(device: $0.key, reason: $0.value)
        }
        if !access.isEmpty {
            details["access"] = .array(
                access.map {
                    .object(["device": .string($0.device), "reason": .string($0.reason)])
                })
        }
        return details
    }

    /// `camera.video`: as `camera.any` (every camera streams video), with the modes.
    private static func video(_ cameras: Cameras, any: CapabilityFinding) -> CapabilityFinding {
        var details: [String: JSONValue] = [:]
        let modes = Set(cameras.visible.flatMap { $0.facts?.modes ?? [] })
        if !modes.isEmpty {
            details["modes"] = .array(CameraFacts.sortedModes(modes).map(JSONValue.string))
        }
        return CapabilityFinding(
            id: .cameraVideo, status: any.status, count: any.count,
            evidence: cameras.visible.map {
                Evidence(device: $0.id, reason: "camera streams video: \($0.reason)")
            }
                + (any.status == .present ? [] : any.evidence),
            details: details)
    }

    /// `camera.front|back|external`: a camera's facing, or a sensor sub-device's
    /// `CAMERA_ORIENTATION`.
    private func facingFinding(
        _ id: CapabilityID, _ facing: String, _ cameras: Cameras, any: CapabilityFinding,
        sensors: [(device: Device, facts: V4L2SubdeviceFacts)]
    ) -> CapabilityFinding {
        trait(
            id, anyStatus: any.status, functions: cameras.visible,
            extra: sensors.filter { $0.facts.orientation == facing }.map {
                Evidence(
                    device: $0.device.id,
                    reason: "camera sensor faces \(facing) (CAMERA_ORIENTATION on the sub-device)"
                )
            },
            value: { $0.facing.map { $0 == facing } },
            reason: { "faces \(facing) (\($0.facingBasis ?? "facing"))" },
            unknownReason:
                "facing not readable: needs CAMERA_ORIENTATION or the USB 'removable' attribute")
    }

    /// `camera.autofocus`: an autofocus control on a camera or a lens sub-device.
    private func autofocus(
        _ cameras: Cameras, any: CapabilityFinding,
        sensors: [(device: Device, facts: V4L2SubdeviceFacts)]
    ) -> CapabilityFinding {
        trait(
            .cameraAutofocus, anyStatus: any.status, functions: cameras.visible,
            extra: sensors.filter(\.facts.autofocus).map {
                Evidence(device: $0.device.id, reason: "lens sub-device with an autofocus control")
            },
            value: { $0.facts?.autofocus }, reason: { _ in "autofocus control (V4L2)" },
            unknownReason: "autofocus needs the V4L2 controls (not read)")
    }

    /// `camera.flash`: a `*:flash`/`*:torch` LED, a flash sub-device, or a camera's
    /// `FLASH_LED_MODE` control.
    private func flash(
        _ cameras: Cameras, any: CapabilityFinding,
        sensors: [(device: Device, facts: V4L2SubdeviceFacts)], context: ProbeContext
    ) -> CapabilityFinding {
        let flashLEDs = CameraFlashLEDs.names(in: context.devices)
        let flashDevices = context.devices(in: .leds).filter { flashLEDs.contains($0.sysname) }
        return trait(
            .cameraFlash, anyStatus: any.status, functions: cameras.visible,
            extra: flashDevices.map {
                Evidence(device: $0.id, reason: "flash LED class device '\($0.sysname)'")
            }
                + sensors.filter(\.facts.flash).map {
                    Evidence(device: $0.device.id, reason: "flash sub-device (FLASH_LED_MODE)")
                },
            value: { $0.facts?.flash }, reason: { _ in "flash control (V4L2)" },
            unknownReason: "flash needs the V4L2 flash controls (not read)")
    }

    /// The probed V4L2 sub-devices (sensors, lenses, flash drivers), sorted by id.
    static func subdevices(_ context: ProbeContext) -> [(device: Device, facts: V4L2SubdeviceFacts)]
    {
        context.devices(in: .video4linux).compactMap { device in
            guard device.sysname.hasPrefix("v4l-subdev"),
                let facts = device.facts.v4l2Subdevice?.value
            else { return nil }
            return (device, facts)
        }
    }

    /// A per-camera trait (facing, autofocus, flash): present when one camera (or a
    /// sub-device, LED in `extra`) has it, unknown while any camera is undecided (with the
    /// refused probe's reason in `details["access"]`), absent when all say no.
    private func trait(
        _ id: CapabilityID, anyStatus: CapabilityStatus, functions: [CameraFunction],
        extra: [Evidence],
        value: (CameraFunction) -> Bool?, reason: (CameraFunction) -> String, unknownReason: String
    ) -> CapabilityFinding {
        let having = functions.filter { value($0) == true }
        let undecided = functions.filter { value($0) == nil }
        var evidence = having.map { Evidence(device: $0.id, reason: reason($0)) } + extra
        var details: [String: JSONValue] = [:]
        let status: CapabilityStatus
        if !evidence.isEmpty {
            status = .present
        } else if anyStatus == .present {
            status = undecided.isEmpty ? .absent : .unknown
            evidence = undecided.map {
                Evidence(
                    device: $0.id,
                    reason: $0.access.map { "V4L2 probe failed: " + $0 } ?? unknownReason)
            }
            let refused = undecided.compactMap { function in
                function.access.map {
                    JSONValue.object(["device": .string(function.id), "reason": .string($0)])
                }
            }
            if !refused.isEmpty { details["access"] = .array(refused) }
        } else {
            status = anyStatus
        }
        let count = status == .present ? having.count + extra.count : 0
        return CapabilityFinding(
            id: id, status: status, count: count, evidence: evidence, details: details)
    }

    /// `videoN` nodes only: not `v4l-subdev`, `v4l-touch`, `radio`, `vbi`, `swradio`.
    static func isVideoNode(_ device: Device) -> Bool {
        let name = device.sysname
        return name.hasPrefix("video") && name.dropFirst(5).allSatisfy(\.isNumber)
    }

    /// Marks later functions of one USB camera that share the first function's name and
    /// whose formats were not read as the IR function of an RGB+IR module (CAPTURE_METADATA:
    /// the Dell "Integrated_Webcam_HD" has two streaming functions with the same truncated
    /// name; the HP one names its second function "HP IR Camera").
    static func markSecondaryFunctions(_ functions: inout [CameraFunction]) {
        var firstByDevice: [String: Int] = [:]
        for index in functions.indices {
            guard functions[index].usbID != nil else { continue }
            let device = BusFacts.physicalFunction(of: functions[index].id, wholeUSBDevice: true)
            guard let first = firstByDevice[device] else {
                firstByDevice[device] = index
                continue
            }
            if functions[index].infrared == nil, functions[first].infrared != true,
                functions[index].name == functions[first].name
            {
                functions[index].infrared = true
                functions[index].infraredBasis =
                    "second streaming function of one USB camera with the same name (RGB+IR module); formats not read"
            }
        }
    }
}
