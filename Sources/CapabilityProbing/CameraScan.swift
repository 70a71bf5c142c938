import CapabilityModel
import CapabilitySupport

/// Sorts video4linux nodes into capture nodes, undecided nodes and ignored nodes for
/// ``CameraProber``.
package struct CameraScan: Sendable {
    /// A capture node with its function key and the rule that matched.
    package struct Capture: Sendable {
        package var node: Device
        package var key: String
        package var reason: String
    }

    /// Nodes that capture frames for a camera.
    private(set) var captures: [Capture] = []
    /// Function keys whose nodes could not be decided, with the reason.
    private(set) var unknown: [String: String] = [:]
    /// Nodes seen and excluded, with the reason.
    private(set) var ignored: [Evidence] = []
    /// Undecided function keys whose V4L2 probe was refused, with the probe's reason.
    private(set) var access: [String: String] = [:]

    /// Notes a PTP/MTP USB device (still camera, phone): it has no video node and is not a
    /// camera of this machine.
    mutating func notePictureTransfer(_ device: Device) {
        guard BusFacts.isUSBDevice(device),
            device.property("ID_GPHOTO2") == "1" || device.property("ID_MTP_DEVICE") == "1"
        else { return }
        ignored.append(
            Evidence(
                device: device.id,
                reason:
                    "PTP/MTP device (still camera or phone on USB): not a camera of this machine"))
    }

    /// Classifies one `videoN` node: by its V4L2 facts when recorded, else by udev's
    /// `ID_V4L_CAPABILITIES`; a refused probe with no udev answer leaves it undecided.
    package mutating func add(_ node: Device, in context: ProbeContext) {
        let probe = node.facts.v4l2
        let facts = probe?.value
        let ancestors = context.ancestors(of: node)
        let name = facts?.card ?? node.property("ID_V4L_PRODUCT") ?? node.attribute("name")
        let driver = facts?.driver ?? BusFacts.nearestDriver(node, in: context)
        if let reason = Self.processingReason(
            name: name, probedDriver: facts?.driver, node: node, ancestors: ancestors)
        {
            ignored.append(Evidence(device: node.id, reason: reason))
            return
        }
        let key = Self.functionKey(node)
        let uvc = driver == "uvcvideo" || node.property("ID_USB_DRIVER") == "uvcvideo"
        let relay = name.map { $0.lowercased().contains("mipi camera") } ?? false
        if let facts {
            if facts.isTouch || Self.isMemoryToMemory(facts) {
                ignored.append(Evidence(device: node.id, reason: Self.nonCaptureReason(facts)))
            } else if facts.capturesVideo {
                captures.append(
                    Capture(node: node, key: key, reason: "video capture node (VIDIOC_QUERYCAP)"))
            } else if relay, facts.capabilities & V4L2.capVideoOutput != 0 {
                captures.append(Capture(node: node, key: key, reason: Self.relayReason))
            } else {
                ignored.append(Evidence(device: node.id, reason: Self.nonCaptureReason(facts)))
            }
            return
        }
        if let capabilities = node.propertyList["ID_V4L_CAPABILITIES"] {
            let tokens = Set(capabilities.split(separator: ":").map(String.init))
            if tokens.contains("capture") {
                if uvc, let index = Self.index(node), index > 0 {
                    ignored.append(Evidence(device: node.id, reason: Self.metadataReason(index)))
                } else {
                    captures.append(
                        Capture(node: node, key: key, reason: "ID_V4L_CAPABILITIES has :capture:"))
                }
            } else if relay, tokens.contains("video_output") {
                captures.append(Capture(node: node, key: key, reason: Self.relayReason))
            } else {
                ignored.append(
                    Evidence(
                        device: node.id,
                        reason:
                            "no capture capability (ID_V4L_CAPABILITIES=\(capabilities)): metadata, output or m2m node"
                    ))
            }
            return
        }
        if uvc, let index = Self.index(node), index > 0 {
            ignored.append(Evidence(device: node.id, reason: Self.metadataReason(index)))
            return
        }
        if let reason = probe?.reason {
            unknown[key] = "video node \(node.sysname): V4L2 probe failed: \(reason)"
            access[key] = reason
            return
        }
        unknown[key] =
            "video node \(node.sysname): capabilities not read (no ID_V4L_CAPABILITIES without udevd, no V4L2 probe)"
    }

    /// Groups capture nodes into functions.
    func functions(in context: ProbeContext) -> [CameraFunction] {
        var order: [String] = []
        var groups: [String: [Capture]] = [:]
        for capture in captures {
            if groups[capture.key] == nil { order.append(capture.key) }
            groups[capture.key, default: []].append(capture)
        }
        return order.sorted().compactMap { key in
            guard let group = groups[key], let first = group.first else { return nil }
            return function(key: key, group: group, first: first, in: context)
        }
    }

    private func function(key: String, group: [Capture], first: Capture, in context: ProbeContext)
        -> CameraFunction
    {
        let node = first.node
        let probes = group.compactMap(\.node.facts.v4l2)
        let facts = probes.lazy.compactMap(\.value).first
        let name = facts?.card ?? node.property("ID_V4L_PRODUCT") ?? node.attribute("name")
        let onUSB = BusFacts.isUSBInterfaceName(
            key.split(separator: "/").last.map(String.init) ?? "")
        let usbDevice =
            onUSB ? context.device(BusFacts.physicalFunction(of: key, wholeUSBDevice: true)) : nil
        var function = CameraFunction(
            id: key, nodes: group.map(\.node.id), name: name,
            driver: facts?.driver ?? BusFacts.nearestDriver(node, in: context),
            usbID: onUSB ? (BusFacts.usbID(node) ?? usbDevice.flatMap(BusFacts.usbID)) : nil,
            facts: facts, reason: first.reason)
        if facts == nil { function.access = probes.compactMap(\.reason).first }
        if let facts, !facts.formats.isEmpty {
            function.infrared = facts.isInfrared
            function.infraredBasis =
                facts.isInfrared ? "only greyscale/depth formats or an IR name" : nil
        } else if let name, CameraFacts.namesInfrared(name) {
            function.infrared = true
            function.infraredBasis = "name '\(name)'"
        }
        let removable = onUSB ? usbDevice?.attribute("removable") : nil
        if let facing = CameraFacts.facing(orientation: facts?.orientation, removable: removable) {
            function.facing = facing
            function.facingBasis =
                facts?.orientation != nil
                ? "CAMERA_ORIENTATION control"
                : "UVC on a \(removable == "fixed" ? "fixed" : "removable") USB port (removable=\(removable ?? ""))"
        }
        return function
    }

    /// The node's key: its USB interface, the device it hangs off, or itself when virtual.
    static func functionKey(_ node: Device) -> String {
        if node.id.hasPrefix("/devices/virtual/") { return node.id }
        return BusFacts.physicalFunction(of: node.id, wholeUSBDevice: false)
    }

    /// The node's index on its device: sysfs `index`, else the `-video-indexN` link.
    package static func index(_ node: Device) -> Int? {
        if let value = node.attribute("index"), let index = Int(value) { return index }
        for link in node.links {
            guard let range = link.lastLiteralRange(of: "-video-index") else { continue }
            if let index = Int(link[range.upperBound...]) { return index }
        }
        return nil
    }

    /// Why a node is a codec, ISP or raw IPU node, if it is one.
    static func processingReason(
        name: String?, probedDriver: String?, node: Device, ancestors: [Device]
    ) -> String? {
        let names =
            [name, probedDriver, node.driver] + ancestors.map(\.driver)
            + ancestors.map { .some($0.sysname) }
        for candidate in names.compactMap({ $0?.lowercased() }) {
            for prefix in ["bcm2835-codec", "bcm2835-isp", "mtk-vcodec", "mtk-jpeg", "mtk-mdp"]
            where candidate.hasPrefix(prefix) {
                return "memory-to-memory codec/ISP node (\(candidate)), not a camera"
            }
            for prefix in ["intel-ipu", "intel_ipu"] where candidate.hasPrefix(prefix) {
                let rest = candidate.dropFirst(prefix.count)
                if rest.first?.isNumber == true {
                    return "Intel IPU raw ISYS/PSYS node (\(candidate)), not a usable camera"
                }
            }
        }
        return nil
    }

    /// Whether a probed node is a memory-to-memory device (codec, scaler).
    package static func isMemoryToMemory(_ facts: CameraFacts) -> Bool {
        facts.capabilities & (V4L2.capVideoMemoryToMemory | V4L2.capVideoMemoryToMemoryMultiplanar)
            != 0
    }

    /// Why a probed node is not a capture node.
    static func nonCaptureReason(_ facts: CameraFacts) -> String {
        if facts.isTouch {
            return "V4L2 touch sensor node (V4L2_CAP_TOUCH), not a camera"
        }
        if isMemoryToMemory(facts) {
            return "memory-to-memory node (V4L2_CAP_VIDEO_M2M)"
        }
        if facts.isMetadataOnly {
            return "metadata capture node (V4L2_CAP_META_CAPTURE)"
        }
        return "no video capture capability (VIDIOC_QUERYCAP)"
    }

    static func metadataReason(_ index: Int) -> String {
        "metadata node of a UVC interface (index \(index)); the interface's index-0 node streams video"
    }

    static let relayReason =
        "Intel IPU MIPI camera relay ('Intel MIPI Camera', :video_output: until a producer runs)"
}

/// One physical camera function (a UVC streaming interface, a sensor pipeline, a MIPI relay),
/// built from its video nodes by ``CameraProber``.
package struct CameraFunction: Sendable {
    /// The function's id: the USB interface, or the device the nodes hang off.
    package var id: String
    /// The video nodes that capture for it (metadata nodes excluded).
    package var nodes: [String]
    /// The product name.
    package var name: String?
    /// The driver (`uvcvideo`, `v4l2loopback`, …).
    package var driver: String?
    /// The USB `vendor:product`, if on USB.
    var usbID: String?
    /// The facts of its first capture node, if a V4L2 probe answered.
    package var facts: CameraFacts?
    /// Why the V4L2 probe could not answer (refused open, failed ioctl), if it ran and failed.
    package var access: String?
    /// Whether it is an infrared (face-login) camera; nil when undecided.
    package var infrared: Bool?
    /// What decided ``infrared``.
    var infraredBasis: String?
    /// Facing (`front`, `back`, `external`); nil when unknown.
    package var facing: String?
    /// What decided ``facing``.
    var facingBasis: String?
    /// The rule that made it a camera, in words.
    package var reason: String

    /// The entry for `details["devices"]`.
    package var detail: JSONValue {
        var object: [String: JSONValue] = [
            "device": .string(id), "nodes": .array(nodes.map(JSONValue.string)),
            "ir": .bool(infrared ?? false),
        ]
        if let name { object["name"] = .string(name) }
        if let driver { object["driver"] = .string(driver) }
        if let usbID { object["usb"] = .string(usbID) }
        if let infraredBasis { object["irBasis"] = .string(infraredBasis) }
        if let facing { object["facing"] = .string(facing) }
        if let facingBasis { object["facingBasis"] = .string(facingBasis) }
        if let access { object["access"] = .string(access) }
        guard let facts else { return .object(object) }
        object["card"] = .string(facts.card)
        object["bus"] = .string(facts.busInfo)
        object["formats"] = .array(facts.formats.map(JSONValue.string))
        object["modes"] = .array(facts.modes.map(JSONValue.string))
        if let megapixels = facts.megapixels { object["megapixels"] = .double(megapixels) }
        if let autofocus = facts.autofocus { object["autofocus"] = .bool(autofocus) }
        if let flash = facts.flash { object["flash"] = .bool(flash) }
        return .object(object)
    }
}
