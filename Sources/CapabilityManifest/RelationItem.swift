import CapabilityModel

/// An AppStream relation item that is checked by reading the machine's records rather than
/// one capability's status (``RelationItemChecker`` decides it).
public enum RelationItem: Sendable, Hashable {
    /// The `<control>` items of one block: any one of them is enough (the specification's
    /// rule); `console` always holds (a text console is always there, as libappstream says);
    /// values capcheck does not know are kept so that they can make the result unknown.
    case controls([AppStreamControl], unrecognized: [String])
    /// `<display_length>`: logical pixels of a connected display's side.
    case displayLength(compare: AppStreamCompare, pixels: Int, side: DisplaySide)
    /// `<kernel>`: the kernel name (`uname -s`) and optionally its version.
    case kernel(name: String, compare: AppStreamCompare, version: String?)
    /// `<modalias>`: a glob matched against every device's modalias.
    case modalias(String)
    /// `<hardware>`: a Computer Hardware ID (CHID), lower case, without braces.
    case hardware(String)
    /// `<internet>`: connectivity need (`always`, `offline-only`, `first-run`) and bandwidth.
    case internet(kind: String, bandwidthMbitps: Int?)
    /// `<firmware>`: a device firmware (`runtime`, `bootloader` or a GUID) and its version.
    case firmware(value: String, compare: AppStreamCompare, version: String?)
    /// An item kind or value capcheck does not know; the text says what was written.
    case unrecognized(String)

    /// Which side of a display a length applies to.
    public enum DisplaySide: String, Sendable, Hashable, CaseIterable {
        /// The shorter side (the default).
        case shortest
        /// The longer side.
        case longest
    }

    /// The capability ids the item reads (for assumed facts and matrix columns).
    public var capabilityIDs: [CapabilityID] {
        switch self {
        case .displayLength: return [.display]
        case .controls(let controls, _): return controls.compactMap(\.capability)
        default: return []
        }
    }

    /// How the item is shown (`display_length shortest >= 360`, `kernel Linux >= 5.10`).
    public var label: String {
        switch self {
        case .controls(let controls, let unrecognized):
            return (controls.map { $0.capability?.rawValue ?? "console" } + unrecognized)
                .joined(separator: "|")
        case .displayLength(let compare, let pixels, let side):
            return "display_length \(side.rawValue) \(compare.symbol) \(pixels) px"
        case .kernel(let name, let compare, let version):
            return "kernel \(name)" + (version.map { " \(compare.symbol) \($0)" } ?? "")
        case .modalias(let glob): return "modalias \(glob)"
        case .hardware(let chid): return "hardware \(chid)"
        case .internet(let kind, let bandwidth):
            return "internet \(kind)" + (bandwidth.map { " ≥ \($0) Mbit/s" } ?? "")
        case .firmware(let value, let compare, let version):
            return "firmware \(value)" + (version.map { " \(compare.symbol) \($0)" } ?? "")
        case .unrecognized(let text): return text
        }
    }
}

/// The three AppStream relation blocks of a component.
package enum AppStreamRelationKind: String, Sendable, Hashable, CaseIterable {
    /// Must hold: unmet → the app cannot run here.
    case requires
    /// Should hold: unmet is a warning (a failure only when strict).
    case recommends
    /// Works with it when there: listed, never failing.
    case supports

    /// What a requirement from this block wants.
    package var wanted: Wanted {
        switch self {
        case .requires: return .present
        case .recommends: return .recommended
        case .supports: return .optional
        }
    }
}

/// The item elements the AppStream specification allows in `<requires>`, `<recommends>` and
/// `<supports>` (the Relations chapter), and the values of the enumerated ones.
package enum AppStreamItemKind: String, Sendable, Hashable, CaseIterable {
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

    /// The attributes the item kind reads; any other is named in a note and ignored.
    var attributes: Set<String> {
        switch self {
        case .displayLength: return ["side", "compare"]
        case .kernel, .firmware, .id: return ["compare", "version"]
        case .memory: return ["compare"]
        case .internet: return ["bandwidth_mbitps"]
        case .modalias, .hardware, .control: return []
        }
    }

    /// The old named display sizes and their pixel values, as libappstream 0.16 converts them.
    static let namedDisplayLengths: [String: Int] = [
        "xsmall": 360, "small": 420, "medium": 760, "large": 900, "xlarge": 1200,
    ]

    /// The values of `<internet>`.
    static let internetKinds = ["always", "offline-only", "first-run"]
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
    public var capability: CapabilityID? {
        switch self {
        case .pointing: return .inputPointer
        case .keyboard: return .inputKeyboard
        case .console: return nil
        case .tablet: return .inputTablet
        case .touch: return .inputTouchscreen
        case .gamepad: return .inputGamepad
        case .tvRemote: return .inputRemote
        case .voice: return .audioInput
        case .vision: return .cameraAny
        }
    }
}

/// The two-letter comparison of an AppStream relation (`compare="ge"`), with `ge` the default.
public enum AppStreamCompare: String, Sendable, Hashable, CaseIterable {
    /// Equal to.
    case eq
    /// Not equal to.
    case ne
    /// Less than.
    case lt
    /// Greater than.
    case gt
    /// Less than or equal to.
    case le
    /// Greater than or equal to.
    case ge

    /// Reads the attribute: the two-letter codes and the YAML symbols libappstream accepts.
    /// - Parameter text: The attribute value.
    /// - Returns: The comparison, or nil for an unknown code.
    package static func parse(_ text: String) -> AppStreamCompare? {
        if let code = AppStreamCompare(rawValue: text) { return code }
        return allCases.first { $0.symbol == text || $0.yamlSymbol == text }
    }

    /// The symbol shown to people (`>=`).
    public var symbol: String {
        switch self {
        case .eq: return "=="
        case .ne: return "!="
        case .lt: return "<"
        case .gt: return ">"
        case .le: return "<="
        case .ge: return ">="
        }
    }

    /// The DEP-11 YAML spelling (`>>` for greater than).
    var yamlSymbol: String {
        switch self {
        case .lt: return "<<"
        case .gt: return ">>"
        default: return symbol
        }
    }

    /// Whether an ordering result (-1, 0, 1 for actual versus wanted) satisfies the comparison.
    /// - Parameter order: The sign of actual − wanted.
    /// - Returns: Whether it holds.
    func holds(order: Int) -> Bool {
        switch self {
        case .eq: return order == 0
        case .ne: return order != 0
        case .lt: return order < 0
        case .gt: return order > 0
        case .le: return order <= 0
        case .ge: return order >= 0
        }
    }

    /// Compares two integers.
    /// - Parameters:
    ///   - actual: The machine's value.
    ///   - wanted: The manifest's value.
    /// - Returns: Whether `actual op wanted` holds.
    func holds(_ actual: Int, _ wanted: Int) -> Bool {
        holds(order: actual < wanted ? -1 : (actual == wanted ? 0 : 1))
    }
}

/// Version ordering as libappstream's `as_vercmp` does it (Debian's rules): an optional
/// `epoch:`, the upstream part and a `-revision` after the last hyphen, each compared by
/// alternating non-digit runs (letters before other characters, `~` before everything, even
/// the end) and digit runs (numerically).
package enum AppStreamVersion {
    /// Compares two versions.
    /// - Parameters:
    ///   - a: The installed version (left side).
    ///   - b: The wanted version.
    /// - Returns: -1, 0 or 1.
    package static func compare(_ a: String, _ b: String) -> Int {
        if a == b { return 0 }
        let left = split(a)
        let right = split(b)
        if left.epoch != right.epoch { return left.epoch < right.epoch ? -1 : 1 }
        let upstream = compareParts(Array(left.upstream.utf8), Array(right.upstream.utf8))
        if upstream != 0 { return upstream }
        return compareParts(Array(left.revision.utf8), Array(right.revision.utf8))
    }

    private static func split(_ text: String) -> (epoch: Int, upstream: String, revision: String) {
        var rest = Substring(text)
        var epoch = 0
        if let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) {
            epoch = number
            rest = rest[rest.index(after: colon)...]
        }
        if let hyphen = rest.lastIndex(of: "-") {
            return (epoch, String(rest[..<hyphen]), String(rest[rest.index(after: hyphen)...]))
        }
        return (epoch, String(rest), "")
    }

    /// The weight of one non-digit character: `~` lowest, end next, letters, then the rest.
    private static func order(_ byte: UInt8?) -> Int {
        guard let byte else { return 0 }
        if byte == UInt8(ascii: "~") { return -1 }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { return Int(byte) }
        return Int(byte) + 256
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func compareParts(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            while (i < a.count && !isDigit(a[i])) || (j < b.count && !isDigit(b[j])) {
                let left = order(i < a.count && !isDigit(a[i]) ? a[i] : nil)
                let right = order(j < b.count && !isDigit(b[j]) ? b[j] : nil)
                if left != right { return left < right ? -1 : 1 }
                if i < a.count, !isDigit(a[i]) { i += 1 }
                if j < b.count, !isDigit(b[j]) { j += 1 }
            }
            while i < a.count, a[i] == UInt8(ascii: "0") { i += 1 }
            while j < b.count, b[j] == UInt8(ascii: "0") { j += 1 }
            var first = 0
            while i < a.count, isDigit(a[i]), j < b.count, isDigit(b[j]) {
                if first == 0, a[i] != b[j] { first = a[i] < b[j] ? -1 : 1 }
                i += 1
                j += 1
            }
            if i < a.count, isDigit(a[i]) { return 1 }
            if j < b.count, isDigit(b[j]) { return -1 }
            if first != 0 { return first }
        }
        return 0
    }
}
