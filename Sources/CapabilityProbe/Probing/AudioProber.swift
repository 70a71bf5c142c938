/// Microphones and speakers: `audio.input` and `audio.output` (detection.md §2–3).
///
/// `count` counts sound cards. A capture PCM (`pcmC*D*c`) on a non-modem card is an audio
/// input. A playback PCM is an audio output only when it is not HDMI/DisplayPort.
///
/// Choice for HDMI/DP-only cards (GPU audio functions, Intel HDA device numbers 3, 7, 8, 9,
/// 10…, cards named HDMI): they play on an external monitor or TV, not on the machine's own
/// speaker or jack, which is what iOS and Android mean by audio output. So they never make
/// `audio.output` present; they are listed in `details["hdmi"]` of `audio.output` (and in
/// `details["devices"]` with `hdmiOnly`) so a reader sees them. Modem cards are excluded.
/// Cards without any PCM: platform mixer-only cards (`thinkpad_acpi`) are ignored; a PCI or
/// USB card without PCMs (DSP firmware or topology not loaded) makes the status `unknown`
/// when no other card decides it.
public struct AudioProber: CapabilityProber {
    /// Creates the prober.
    public init() {}

    /// The ids this prober decides.
    public var ids: [String] { ["audio.input", "audio.output"] }

    /// Classifies the sound cards.
    /// - Parameter context: The records.
    /// - Returns: The `audio.input` and `audio.output` findings.
    public func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let cards = context.devices(in: "sound")
            .filter { Self.isCard($0.sysname) }
            .map { SoundCard($0, in: context) }
        let usable = cards.filter { !$0.modem }
        let silent = usable.filter { card in
            card.hasNoPCM
                && context.nearest(from: card.card) {
                    $0.subsystem == "pci" || $0.subsystem == "usb"
                } != nil
        }
        var details: [String: JSONValue] = ["devices": .array(cards.map(\.detail))]
        let ignored = cards.filter { $0.modem || $0.hasNoPCM }.map { card -> JSONValue in
            .object([
                "device": .string(card.card.id),
                "reason": .string(
                    card.modem ? "modem sound card" : "sound card without PCM devices"),
            ])
        }
        if !ignored.isEmpty { details["ignored"] = .array(ignored) }

        let inputs = usable.filter { !$0.capture.isEmpty }
        let input = finding(
            "audio.input", providers: inputs, silent: silent, details: details, context: context,
            reason: { card in
                "capture PCM \(card.capture.joined(separator: ", "))" + Self.formFactor(card)
            })

        let outputs = usable.filter { !$0.playback.isEmpty }
        var outputDetails = details
        let hdmi = usable.filter { !$0.hdmi.isEmpty }.map { card -> JSONValue in
            var object: [String: JSONValue] = [
                "device": .string(card.card.id), "pcms": .array(card.hdmi.map(JSONValue.string)),
            ]
            if let name = card.name { object["name"] = .string(name) }
            if let reason = card.hdmiReason { object["reason"] = .string(reason) }
            return .object(object)
        }
        if !hdmi.isEmpty { outputDetails["hdmi"] = .array(hdmi) }
        var output = finding(
            "audio.output", providers: outputs, silent: silent, details: outputDetails,
            context: context,
            reason: { card in
                "playback PCM \(card.playback.joined(separator: ", "))" + Self.formFactor(card)
            })
        if output.status != .present {
            for card in usable where !card.hdmi.isEmpty && card.playback.isEmpty {
                output.evidence.append(
                    Evidence(
                        device: card.card.id,
                        reason:
                            "HDMI/DP playback only (\(card.hdmi.joined(separator: ", "))): not a speaker of the machine"
                    ))
            }
            output.evidence.sort()
        }
        return [input, output]
    }

    private func finding(
        _ id: String, providers: [SoundCard], silent: [SoundCard], details: [String: JSONValue],
        context: ProbeContext, reason: (SoundCard) -> String
    ) -> CapabilityFinding {
        if !providers.isEmpty {
            return CapabilityFinding(
                id: id, status: .present, count: providers.count,
                evidence: providers.map { Evidence(device: $0.card.id, reason: reason($0)) },
                details: details)
        }
        if !silent.isEmpty {
            return CapabilityFinding(
                id: id, status: .unknown,
                evidence: silent.map {
                    Evidence(
                        device: $0.card.id,
                        reason:
                            "sound card without PCM devices (DSP firmware or topology not loaded?)")
                }, details: details)
        }
        return CapabilityFinding(id: id, status: context.noCandidateStatus, details: details)
    }

    private static func formFactor(_ card: SoundCard) -> String {
        card.formFactor.map { " (form factor \($0))" } ?? ""
    }

    /// `card0`, `card29`.
    static func isCard(_ name: String) -> Bool {
        name.hasPrefix("card") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isNumber)
    }
}
