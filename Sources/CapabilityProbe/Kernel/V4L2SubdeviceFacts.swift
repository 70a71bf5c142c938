/// Controls of a V4L2 sub-device (`/dev/v4l-subdevN`: a MIPI camera sensor, lens or
/// flash driver), stored in `Device.facts["v4l2_subdev"]`.
///
/// On MIPI cameras the sensor sub-device, not the capture node, carries
/// `CAMERA_ORIENTATION` (libcamera reads it there); flash drivers carry `FLASH_LED_MODE`
/// and lens (VCM) drivers the focus controls.
public struct V4L2SubdeviceFacts: Sendable, Equatable {
    /// `front`, `back` or `external` from `CAMERA_ORIENTATION`, `nil` without the control.
    public var orientation: String?
    /// Whether an autofocus control exists.
    public var autofocus: Bool
    /// Whether `FLASH_LED_MODE` exists.
    public var flash: Bool
    /// Names of the enabled controls, sorted.
    public var controls: [String]

    /// Creates facts.
    /// - Parameters:
    ///   - orientation: Facing.
    ///   - autofocus: Autofocus control present.
    ///   - flash: Flash control present.
    ///   - controls: Control names.
    public init(orientation: String?, autofocus: Bool, flash: Bool, controls: [String]) {
        self.orientation = orientation
        self.autofocus = autofocus
        self.flash = flash
        self.controls = controls
    }

    /// Facts from the enabled controls of a node.
    /// - Parameter controls: `VIDIOC_QUERYCTRL` replies.
    public init(controls: [V4L2Control]) {
        let ids = Set(controls.map(\.id))
        let orientation = controls.first { $0.id == V4L2.controlCameraOrientation }
        self.init(
            orientation: orientation.map { CameraFacts.orientationName($0.defaultValue) },
            autofocus: ids.contains(V4L2.controlFocusAuto)
                || ids.contains(V4L2.controlAutoFocusStart),
            flash: ids.contains(V4L2.controlFlashLEDMode),
            controls: Set(controls.map(\.name)).sorted())
    }

    /// The JSON object: `orientation` (when known), `autofocus`, `flash`, `controls`.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "autofocus": .bool(autofocus), "flash": .bool(flash),
            "controls": .array(controls.map(JSONValue.string)),
        ]
        if let orientation { object["orientation"] = .string(orientation) }
        return .object(object)
    }

    /// Reads facts back from ``json``; `nil` for an `error` object.
    /// - Parameter json: The stored object.
    public init?(json: JSONValue) {
        guard let object = json.objectValue, object["error"] == nil,
            let autofocus = object["autofocus"]?.boolValue, let flash = object["flash"]?.boolValue
        else { return nil }
        self.init(
            orientation: object["orientation"]?.stringValue, autofocus: autofocus, flash: flash,
            controls: object["controls"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }
}
