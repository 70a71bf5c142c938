/// One physical camera function (a UVC streaming interface, a sensor pipeline, a MIPI relay),
/// built from its video nodes by ``CameraProber``.
struct CameraFunction: Sendable {
    /// The function's id: the USB interface, or the device the nodes hang off.
    var id: String
    /// The video nodes that capture for it (metadata nodes excluded).
    var nodes: [String]
    /// The product name.
    var name: String?
    /// The driver (`uvcvideo`, `v4l2loopback`, …).
    var driver: String?
    /// The USB `vendor:product`, if on USB.
    var usbID: String?
    /// The facts of its first capture node, if a V4L2 probe answered.
    var facts: CameraFacts?
    /// Why the V4L2 probe could not answer (refused open, failed ioctl), if it ran and failed.
    var access: String?
    /// Whether it is an infrared (face-login) camera; nil when undecided.
    var infrared: Bool?
    /// What decided ``infrared``.
    var infraredBasis: String?
    /// Facing (`front`, `back`, `external`); nil when unknown.
    var facing: String?
    /// What decided ``facing``.
    var facingBasis: String?
    /// The rule that made it a camera, in words.
    var reason: String

    /// The entry for `details["devices"]`.
    var detail: JSONValue {
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
