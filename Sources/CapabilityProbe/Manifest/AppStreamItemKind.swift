/// The item elements the AppStream specification allows in `<requires>`, `<recommends>` and
/// `<supports>` (the Relations chapter), and the values of the enumerated ones.
public enum AppStreamItemKind: String, Sendable, Hashable, CaseIterable {
    /// Another component: a package-manager question, not a hardware one.
    case id
    /// A device by modalias glob.
    case modalias
    /// The running kernel (name and version).
    case kernel
    /// Physical memory in MiB.
    case memory
    /// A device firmware and its version.
    case firmware
    /// A Computer Hardware ID (CHID) of the system.
    case hardware
    /// A way to control the software (input method).
    case control
    /// A display side length in logical pixels.
    case displayLength = "display_length"
    /// Internet connectivity.
    case internet

    /// The old named display sizes and their pixel values, as libappstream 0.16 converts them.
    public static let namedDisplayLengths: [String: Int] = [
        "xsmall": 360, "small": 420, "medium": 760, "large": 900, "xlarge": 1200,
    ]

    /// The values of `<internet>`.
    public static let internetKinds = ["always", "offline-only", "first-run"]
}

/// The values of `<control>` and the capability that shows each on Linux.
public enum AppStreamControl: String, Sendable, Hashable, CaseIterable {
    /// Mouse, touchpad, trackpoint.
    case pointing
    /// A keyboard.
    case keyboard
    /// A text console (always there).
    case console
    /// A graphics tablet (pen).
    case tablet
    /// A touchscreen.
    case touch
    /// A game controller.
    case gamepad
    /// A TV remote: an IR receiver (`rc`, `lirc`) or HDMI-CEC adapter.
    case tvRemote = "tv-remote"
    /// Voice control: a microphone.
    case voice
    /// Computer vision: a camera.
    case vision

    /// The capability id that decides the control, or nil for `console`.
    public var capability: String? {
        switch self {
        case .pointing: return "input.pointer"
        case .keyboard: return "input.keyboard"
        case .console: return nil
        case .tablet: return "input.tablet"
        case .touch: return "input.touchscreen"
        case .gamepad: return "input.gamepad"
        case .tvRemote: return "input.remote"
        case .voice: return "audio.input"
        case .vision: return "camera.any"
        }
    }

    /// Whether libappstream 0.16 can decide the control itself (from udev `ID_INPUT_*`
    /// properties; console is always true). Voice, vision and tv-remote stay unknown to it.
    public var decidedByLibAppStream: Bool {
        switch self {
        case .tvRemote, .voice, .vision: return false
        default: return true
        }
    }
}
