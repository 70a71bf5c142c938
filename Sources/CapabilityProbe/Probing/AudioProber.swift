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
/// when no other card decides it. A USB audio function bound to `snd-usb-audio` whose card
/// is missing from the recording still counts where its direction is known
/// (``cardlessUSBAudio(_:)``), with that fact in the evidence and in `details["cardless"]`.
struct AudioProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    var ids: [CapabilityID] { [.audioInput, .audioOutput] }

    /// Classifies the sound cards.
    /// - Parameter context: The records.
    /// - Returns: The `audio.input` and `audio.output` findings.
    func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
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

        let cardless = Self.cardlessUSBAudio(context)
        if !cardless.isEmpty {
            details["cardless"] = .array(
                cardless.map { function in
                    var object: [String: JSONValue] = [
                        "device": .string(function.id), "reason": .string(function.reason),
                    ]
                    if let name = function.name { object["name"] = .string(name) }
                    return .object(object)
                })
        }

        let inputs = usable.filter { !$0.capture.isEmpty }
        let input = finding(
            .audioInput, providers: inputs, silent: silent,
            cardless: cardless.map { ($0, $0.input) }, details: details, context: context,
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
            .audioOutput, providers: outputs, silent: silent,
            cardless: cardless.map { ($0, $0.output) }, details: outputDetails, context: context,
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
        _ id: CapabilityID, providers: [SoundCard], silent: [SoundCard],
        cardless: [(CardlessUSBAudio, Bool?)], details: [String: JSONValue],
        context: ProbeContext, reason: (SoundCard) -> String
    ) -> CapabilityFinding {
        let counted = cardless.filter { $0.1 == true }.map(\.0)
        if !providers.isEmpty || !counted.isEmpty {
            return CapabilityFinding(
                id: id, status: .present, count: providers.count + counted.count,
                evidence: providers.map { Evidence(device: $0.card.id, reason: reason($0)) }
                    + counted.map { Evidence(device: $0.id, reason: $0.reason) },
                details: details)
        }
        let undecided = cardless.filter { $0.1 == nil }.map(\.0)
        if !silent.isEmpty || !undecided.isEmpty {
            return CapabilityFinding(
                id: id, status: .unknown,
                evidence: silent.map {
                    Evidence(
                        device: $0.card.id,
                        reason:
                            "sound card without PCM devices (DSP firmware or topology not loaded?)")
                } + undecided.map { Evidence(device: $0.id, reason: $0.reason) },
                details: details)
        }
        return CapabilityFinding(id: id, status: context.noCandidateStatus, details: details)
    }

    /// A USB audio function bound to `snd-usb-audio` whose sound card is not recorded.
    struct CardlessUSBAudio {
        /// The USB device.
        var id: String
        /// Its product name.
        var name: String?
        /// Whether it captures: `true`, `false`, or `nil` when the recording cannot say.
        var input: Bool?
        /// Whether it plays.
        var output: Bool?
        /// The rule in words.
        var reason: String
    }

    /// USB devices with an interface bound to `snd-usb-audio` and no `cardN` below them (a
    /// partial recording, or a card not yet created). The card's PCMs would say which way the
    /// sound goes; without them the recorded USB descriptors do (an IN streaming endpoint
    /// captures, an OUT one plays, ``USBAudioDescriptors``); without those a webcam's audio
    /// function is a microphone (UVC cameras carry no speaker), a device that calls itself a
    /// headset has both, and any other is undecided: it makes the directions no other card
    /// decides `unknown`, never `present`.
    static func cardlessUSBAudio(_ context: ProbeContext) -> [CardlessUSBAudio] {
        var byDevice: [String: [Device]] = [:]
        for device in context.devices
        where device.driver == "snd-usb-audio" && BusFacts.isUSBInterface(device) {
            byDevice[BusFacts.physicalFunction(of: device.id, wholeUSBDevice: true), default: []]
                .append(device)
        }
        return byDevice.keys.sorted().compactMap { id -> CardlessUSBAudio? in
            let below = context.descendants(ofID: id)
            if below.contains(where: { $0.subsystem == "sound" && isCard($0.sysname) }) {
                return nil
            }
            let record = context.device(id) ?? byDevice[id]?.first
            let name = record.flatMap { BusFacts.nearestName($0, in: context) }
            let webcam = below.contains { BusFacts.usbInterfaceClass($0)?.0 == 0x0e }
            let headset = name.map { $0.lowercased().contains("headset") } ?? false
            let base = "USB audio function bound to snd-usb-audio, no sound card recorded"
            if let bytes = record?.binaryAttributes["descriptors"],
                let streams = USBAudioDescriptors([UInt8](bytes))
            {
                let ways = [
                    streams.capture ? "capture (IN)" : nil,
                    streams.playback ? "playback (OUT)" : nil,
                ]
                .compactMap { $0 }.joined(separator: " and ")
                return CardlessUSBAudio(
                    id: id, name: name, input: streams.capture, output: streams.playback,
                    reason: base + ": its USB descriptors stream \(ways)")
            }
            if webcam {
                return CardlessUSBAudio(
                    id: id, name: name, input: true, output: false,
                    reason: base + ": a webcam's microphone (the device has a video interface)")
            }
            if headset {
                return CardlessUSBAudio(
                    id: id, name: name, input: true, output: true,
                    reason: base + ": a headset (microphone and earphones) by its name")
            }
            return CardlessUSBAudio(
                id: id, name: name, input: nil, output: nil,
                reason: base + ": capture or playback not recorded")
        }
    }

    private static func formFactor(_ card: SoundCard) -> String {
        card.formFactor.map { " (form factor \($0))" } ?? ""
    }

    /// `card0`, `card29`.
    static func isCard(_ name: String) -> Bool {
        name.hasPrefix("card") && name.count > 4 && name.dropFirst(4).allSatisfy(\.isNumber)
    }
}
