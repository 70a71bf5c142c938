import CapabilitySupport
import CapabilityModel
import FoundationEssentials

/// What an Android device said about itself: the outputs of `getprop`, `pm list features`,
/// `pm list libraries`, `wm size`, `wm density` and `dumpsys battery`, kept in one text file
/// of sections (`capcheck capture android` writes one; `adb shell` gives the same outputs).
///
/// ```
/// ## capcheck android capture v1
/// ### getprop
/// [ro.product.model]: [Pixel 7]
/// ### pm list features
/// feature:android.hardware.camera
/// feature:reqGlEsVersion=0x30002
/// ```
///
/// A section that is missing leaves its facts nil (a filter that needs them is undecided);
/// an odd line is a warning with its line number. Only a file that does not open with the
/// header line is rejected.
public struct AndroidCapture: Sendable, Hashable {
    /// The header line a capture opens with.
    public static let header = "## capcheck android capture v1"

    /// The sections, in the order a capture writes them, with the shell command of each.
    public static let sections: [(name: String, command: [String])] = [
        ("getprop", ["getprop"]),
        ("pm list features", ["pm", "list", "features"]),
        ("pm list libraries", ["pm", "list", "libraries"]),
        ("wm size", ["wm", "size"]),
        ("wm density", ["wm", "density"]),
        ("dumpsys battery", ["dumpsys", "battery"]),
    ]

    /// A screen's size in pixels.
    public struct ScreenSize: Sendable, Hashable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int
    }

    /// The battery as `dumpsys battery` reports it.
    public struct Battery: Sendable, Hashable {
        /// `BatteryManager.BATTERY_STATUS_*`: the state of charge.
        public enum Status: Int, Sendable, Hashable {
            /// 1: the battery service does not know.
            case unknown = 1
            /// 2: charging.
            case charging = 2
            /// 3: discharging.
            case discharging = 3
            /// 4: plugged in but not charging.
            case notCharging = 4
            /// 5: full.
            case full = 5
        }

        /// The charge level (0 to `scale`), if given.
        public var level: Int?
        /// The level's full scale (100 unless the service says otherwise).
        public var scale: Int?
        /// The status, if given and known.
        public var status: Status?
        /// Whether a battery is present (`present: true`), if given.
        public var present: Bool?
        /// The power sources that are connected (`AC`, `USB`, `Wireless`, `Dock`).
        public var poweredBy: [String] = []

        /// The level in percent, if the level is given.
        public var percent: Int? {
            guard let level else { return nil }
            let full = scale ?? 100
            guard full > 0 else { return nil }
            return level * 100 / full
        }
    }

    /// The system properties (`getprop`), nil without that section.
    public var properties: [String: String]?
    /// The system features with their versions (`pm list features`; 0 when none is given),
    /// nil without that section. `reqGlEsVersion` is not a feature: see ``glEsVersion``.
    public var features: [String: Int]?
    /// The OpenGL ES version `pm list features` reports (`reqGlEsVersion=0x30002`), if any.
    public var reportedGlEsVersion: Int?
    /// The shared libraries (`pm list libraries`), nil without that section.
    public var libraries: [String]?
    /// The screen in pixels (`wm size`: the override when there is one, else the physical).
    public var screenSize: ScreenSize?
    /// The screen density in dpi (`wm density`: the override when there is one).
    public var density: Int?
    /// The battery (`dumpsys battery`), nil without that section.
    public var battery: Battery?
    /// The odd lines that were tolerated, with their line numbers.
    public var warnings: [SourceWarning] = []
    /// How many more warnings there were than ``warnings`` keeps.
    public var omittedWarnings = 0

    /// An empty capture (every fact unknown).
    public init() {}

    // MARK: - Derived facts

    /// One property, if the capture holds it and it is not empty.
    /// - Parameter name: The property (`ro.product.model`).
    /// - Returns: Its value.
    public func property(_ name: String) -> String? {
        guard let value = properties?[name], !value.isEmpty else { return nil }
        return value
    }

    /// `ro.product.model` (`Pixel 7`).
    public var model: String? { property("ro.product.model") }
    /// `ro.product.brand` (`google`).
    public var brand: String? { property("ro.product.brand") }
    /// `ro.product.device` (`panther`).
    public var device: String? { property("ro.product.device") }
    /// `ro.product.manufacturer` (`Google`).
    public var manufacturer: String? { property("ro.product.manufacturer") }
    /// `ro.build.version.sdk` (`34`).
    public var sdk: Int? { property("ro.build.version.sdk").flatMap { Int($0) } }
    /// `ro.build.version.release` (`14`).
    public var release: String? { property("ro.build.version.release") }
    /// `ro.product.cpu.abilist`, else `ro.product.cpu.abi` and `abi2`.
    public var abis: [String]? {
        if let list = property("ro.product.cpu.abilist") {
            return list.split(separator: ",").map(String.init)
        }
        let old = [property("ro.product.cpu.abi"), property("ro.product.cpu.abi2")].compactMap {
            $0
        }
        return old.isEmpty ? nil : old
    }
    /// The OpenGL ES version: `pm list features`' `reqGlEsVersion`, else `ro.opengles.version`
    /// (`196610` is 0x30002, 3.2).
    public var glEsVersion: Int? {
        reportedGlEsVersion ?? property("ro.opengles.version").flatMap { Int($0) }
    }

    // MARK: - Reading

    /// Why a file is not a capture: an ``InputProblem`` at the 1-based line where that shows,
    /// if any.
    static func notACapture(line: Int?, _ reason: String) -> InputProblem {
        InputProblem(place: line.map { .line($0) }, reason: reason)
    }

    /// Checks a capture's first line: `## capcheck KIND capture` at the version read.
    /// - Parameters:
    ///   - line: The first line that is not blank.
    ///   - kind: `android` or `ios`.
    ///   - header: The whole header this capcheck reads.
    ///   - number: Its line number.
    /// - Throws: ``InputProblem`` for another file or another version.
    static func checkHeader(_ line: Substring, kind: String, header: String, number: Int)
        throws(InputProblem)
    {
        guard line.hasPrefix("## capcheck \(kind) capture") else {
            throw Self.notACapture(
                line: number, "not a capcheck \(kind) capture (it opens with '\(header)')")
        }
        guard line == header else {
            throw Self.notACapture(
                line: number, "unknown capture version '\(line)' (this capcheck reads v1)")
        }
    }

    /// Whether a text opens with the capture header (after blank lines).
    /// - Parameter text: The first bytes of a file.
    /// - Returns: True for a capture.
    public static func looksLikeCapture(_ text: Substring) -> Bool {
        let first = text.split(whereSeparator: \.isNewline).first { !trimmed($0).isEmpty }
        return first.map { trimmed($0).hasPrefix("## capcheck android capture") } ?? false
    }

    /// Reads a capture.
    /// - Parameter text: The whole file.
    /// - Throws: ``InputProblem`` when the file does not open with the header, or names
    ///   another version.
    public init(parsing text: String) throws(InputProblem) {
        var log = WarningLog()
        var section: String?
        var sawHeader = false
        var lineNumber = 0
        var properties: [String: String] = [:]
        var features: [String: Int] = [:]
        var libraries: [String] = []
        var battery = Battery()
        var seen: Set<String> = []
        var physicalSize: [Int]?
        var overrideSize: [Int]?
        var physicalDensity: Int?
        var overrideDensity: Int?
        var glES: Int?
        let known = Set(Self.sections.map(\.name))
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = Self.trimmed(raw)
            if line.isEmpty { continue }
            if !sawHeader {
                try Self.checkHeader(
                    line, kind: "android", header: Self.header, number: lineNumber)
                sawHeader = true
                continue
            }
            if line.hasPrefix("### ") {
                let name = String(line.dropFirst(4))
                if known.contains(name) {
                    section = name
                    if !seen.insert(name).inserted {
                        log.add(line: lineNumber, "section '\(name)' again: its lines are added")
                    }
                } else {
                    section = nil
                    log.add(line: lineNumber, "unknown section '\(name)': skipped")
                }
                continue
            }
            switch section {
            case "getprop":
                if let (name, value) = Self.property(line) {
                    properties[name] = value
                } else {
                    log.add(line: lineNumber, "not a '[name]: [value]' property line: skipped")
                }
            case "pm list features":
                guard line.hasPrefix("feature:") else {
                    log.add(line: lineNumber, "not a 'feature:NAME' line: skipped")
                    continue
                }
                let body = line.dropFirst("feature:".count)
                let parts = body.split(separator: "=", maxSplits: 1)
                guard let name = parts.first.map(String.init), !name.isEmpty else {
                    log.add(line: lineNumber, "a feature line without a name: skipped")
                    continue
                }
                let version = parts.count == 2 ? Self.integer(parts[1]) : 0
                if parts.count == 2, version == nil {
                    log.add(
                        line: lineNumber, "feature \(name): version '\(parts[1])' is not a number")
                }
                if name == "reqGlEsVersion" {
                    if let version { glES = version }
                } else {
                    features[name] = version ?? 0
                }
            case "pm list libraries":
                if line.hasPrefix("library:"), line.count > "library:".count {
                    libraries.append(String(line.dropFirst("library:".count)))
                } else {
                    log.add(line: lineNumber, "not a 'library:NAME' line: skipped")
                }
            case "wm size":
                if let size = Self.labelled(line, "Physical size:").flatMap(Self.size) {
                    physicalSize = size
                } else if let size = Self.labelled(line, "Override size:").flatMap(Self.size) {
                    overrideSize = size
                } else {
                    log.add(line: lineNumber, "not a 'Physical size: WxH' line: skipped")
                }
            case "wm density":
                if let value = Self.labelled(line, "Physical density:").flatMap(Self.integer) {
                    physicalDensity = value
                } else if let value = Self.labelled(line, "Override density:").flatMap(
                    Self.integer)
                {
                    overrideDensity = value
                } else {
                    log.add(line: lineNumber, "not a 'Physical density: N' line: skipped")
                }
            case "dumpsys battery":
                if line.hasPrefix("status:"),
                    Int(Self.trimmed(line.dropFirst(7))).flatMap(
                        Battery.Status.init(rawValue:)) == nil
                {
                    log.add(
                        line: lineNumber,
                        "battery status '\(line.dropFirst(7))' is not 1 to 5: unknown")
                }
                Self.battery(line, into: &battery)
            default:
                log.add(line: lineNumber, "a line outside any known section: skipped")
            }
        }
        guard sawHeader else {
            throw Self.notACapture(
                line: nil, "empty: not a capcheck android capture ('\(Self.header)')")
        }
        self.properties = seen.contains("getprop") ? properties : nil
        self.features = seen.contains("pm list features") ? features : nil
        self.libraries = seen.contains("pm list libraries") ? libraries.sorted() : nil
        self.reportedGlEsVersion = glES
        self.screenSize = (overrideSize ?? physicalSize).map {
            ScreenSize(width: $0[0], height: $0[1])
        }
        self.density = overrideDensity ?? physicalDensity
        self.battery = seen.contains("dumpsys battery") ? battery : nil
        self.warnings = log.inLineOrder
        self.omittedWarnings = log.omitted
    }

    /// Writes a capture from the commands' outputs, by section name, in ``sections`` order.
    /// - Parameter outputs: Each section's output; a section without one is left out.
    /// - Returns: The capture text.
    public static func text(outputs: [String: String]) -> String {
        var text = header + "\n"
        for (name, _) in sections {
            guard let output = outputs[name] else { continue }
            text += "### \(name)\n"
            text += output
            if !output.isEmpty, !output.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    // MARK: - Line readers

    static func trimmed(_ line: Substring) -> Substring {
        var line = line
        while let last = line.last, last.isWhitespace { line = line.dropLast() }
        while let first = line.first, first.isWhitespace { line = line.dropFirst() }
        return line
    }

    /// `[name]: [value]`.
    static func property(_ line: Substring) -> (String, String)? {
        guard line.hasPrefix("["), line.hasSuffix("]"),
            let close = line.firstIndex(of: "]")
        else { return nil }
        let name = line[line.index(after: line.startIndex)..<close]
        let rest = line[line.index(after: close)...]
        guard rest.hasPrefix(": ["), !name.isEmpty else { return nil }
        let value = rest.dropFirst(3).dropLast()
        return (String(name), String(value))
    }

    /// The text after a label, trimmed.
    static func labelled(_ line: Substring, _ label: String) -> Substring? {
        guard line.hasPrefix(label) else { return nil }
        return trimmed(line.dropFirst(label.count))
    }

    /// A decimal or `0x` hexadecimal number.
    static func integer(_ text: Substring) -> Int? {
        let text = trimmed(text)
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int(text.dropFirst(2), radix: 16) }
        return Int(text)
    }

    /// `1080x2400`.
    static func size(_ text: Substring) -> [Int]? {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            width > 0, height > 0
        else { return nil }
        return [width, height]
    }

    /// One `dumpsys battery` line (`level: 85`, `AC powered: true`); others are ignored, as
    /// the service prints many that say nothing capcheck reads.
    static func battery(_ line: Substring, into battery: inout Battery) {
        guard let colon = line.firstIndex(of: ":") else { return }
        let key = String(line[..<colon])
        let value = trimmed(line[line.index(after: colon)...])
        switch key {
        case "level": battery.level = Int(value)
        case "scale": battery.scale = Int(value)
        case "status": battery.status = Int(value).flatMap(Battery.Status.init(rawValue:))
        case "present": battery.present = value == "true"
        case "AC powered", "USB powered", "Wireless powered", "Dock powered":
            if value == "true" { battery.poweredBy.append(String(key.dropLast(" powered".count))) }
        default: break
        }
    }
}
