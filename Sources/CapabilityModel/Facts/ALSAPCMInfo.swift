import CapabilitySupport
import FoundationEssentials

/// What ALSA says about one PCM in `/proc/asound/cardN/pcmD{p,c}/info`: its id and name
/// (`HDMI 0`, `ALC269VC Analog`), which sysfs does not carry.
public struct ALSAPCMInfo: Sendable, Hashable {
    /// The PCM id (`id:` line).
    public var id: String?
    /// The PCM name (`name:` line).
    public var name: String?
    /// The stream direction (`stream:` line: `PLAYBACK` or `CAPTURE`).
    public var stream: String?

    /// Parses the `info` text.
    /// - Parameter text: The file's content.
    /// - Returns: The fields found; `nil` when none is there.
    package static func parse(_ text: String) -> ALSAPCMInfo? {
        var info = ALSAPCMInfo()
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimming(.whitespaces)
            let value = line[line.index(after: colon)...].trimming(.whitespaces)
            guard !value.isEmpty else { continue }
            switch key {
            case "id": info.id = value
            case "name": info.name = value
            case "stream": info.stream = value
            default: break
            }
        }
        return info.id == nil && info.name == nil ? nil : info
    }

    /// The card, device and direction of a PCM node name (`pcmC0D3p`).
    /// - Parameter sysname: The sysfs name.
    /// - Returns: Card number, device number and `p` or `c`.
    package static func numbers(ofPCMNamed sysname: String) -> (
        card: Int, device: Int, direction: Character
    )? {
        guard sysname.hasPrefix("pcmC"), let last = sysname.last, last == "p" || last == "c" else {
            return nil
        }
        let body = sysname.dropFirst(4).dropLast()
        let parts = body.split(separator: "D")
        guard parts.count == 2, let card = Int(parts[0]), let device = Int(parts[1]) else {
            return nil
        }
        return (card, device, last)
    }

    /// Creates info.
    package init(id: String? = nil, name: String? = nil, stream: String? = nil) {
        self.id = id
        self.name = name
        self.stream = stream
    }

    /// Whether the PCM's name says HDMI or DisplayPort.
    package var isDigitalDisplayOutput: Bool {
        [id, name].contains { $0.map(Self.namesDisplayAudio) ?? false }
    }

    /// The one name rule for display-only audio, shared by PCM names, card names, card ids
    /// and the devices a card belongs to: the name holds `hdmi` or `displayport`, or `dp` as a
    /// word of its own (`DP 0`, `xilinx-dp-snd-card`, `fd4a0000.dp`).
    /// - Parameter name: A PCM, card, device or driver name.
    /// - Returns: `true` when it names HDMI or DisplayPort audio.
    package static func namesDisplayAudio(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.contains("hdmi") || lower.contains("displayport") { return true }
        return lower.split { !$0.isLetter && !$0.isNumber }.contains("dp")
    }
}

extension ALSAPCMInfo: Codable {
    /// The JSON keys under `alsa` in a snapshot record's `facts`: `id`, `name` and `stream`,
    /// each when known.
    package enum CodingKeys: String, CodingKey {
        case id, name, stream
    }

    /// Reads a recorded fact leniently (fields of the wrong type read as missing).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the value is not an object.
    public init(from decoder: any Decoder) throws {
        let fields = try FactFields(decoder, keys: CodingKeys.self)
        self.init(
            id: fields.string(.id), name: fields.string(.name), stream: fields.string(.stream))
    }
}
