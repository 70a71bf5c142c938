import CapabilityModel

/// Microphones and speakers: `audio.input` and `audio.output` (detection.md §2–3).
///
/// `count` counts sound cards. A capture PCM (`pcmC*D*c`) on a non-modem card is an audio
/// input. A card's PCMs are found anywhere below it: directly under `cardN`, or under its
/// HDA codec (`cardN/hdaudioC0D0/pcmC0D0p`) as older kernels put them. A playback PCM is an audio output only when it is not HDMI/DisplayPort.
///
/// Choice for HDMI/DP-only cards (GPU audio functions, Intel HDA device numbers 3, 7, 8, 9,
/// 10…, cards named HDMI): they play on an external monitor or TV, not on the machine's own
/// speaker or jack, which is what iOS and Android mean by audio output. So they never make
/// `audio.output` present; they are listed in `details["hdmi"]` of `audio.output` (and in
/// `details["devices"]` with `hdmiOnly`) so a reader sees them. Modem cards are excluded.
/// Cards without any PCM: platform mixer-only cards (`thinkpad_acpi`) are ignored; a PCI or
/// USB card without PCMs makes the status `unknown` when no other card decides it, and its
/// evidence says what was seen (``SoundCard/silentReason(in:)``): a control device but no PCM
/// (DSP firmware or topology not loaded), or only jack inputs below the card (a recording
/// that holds the card as their parent, not its devices). A USB audio function bound to `snd-usb-audio` whose card
/// is missing from the recording still counts where its direction is known
/// (``cardlessUSBAudio(_:)``), with that fact in the evidence and in `details["cardless"]`.
package struct AudioProber: CapabilityProber {
    /// Creates the prober.
    init() {}

    /// The ids this prober decides.
    package var ids: [CapabilityID] { [.audioInput, .audioOutput] }

    /// Classifies the sound cards.
    /// - Parameter context: The records.
    /// - Returns: The `audio.input` and `audio.output` findings.
    package func evaluate(_ context: ProbeContext) -> [CapabilityFinding] {
        let cards = context.devices(in: .sound)
            .filter { Self.isCard($0.sysname) }
            .map { SoundCard($0, in: context) }
        let usable = cards.filter { !$0.modem }
        let silent = usable.filter { card in
            card.hasNoPCM
                && context.nearest(from: card.card) {
                    $0.is(.pci) || $0.is(.usb)
                } != nil
        }
        var details: [String: JSONValue] = ["devices": .array(cards.map(\.detail))]
        let ignored = cards.filter { $0.modem || $0.hasNoPCM }.map { card -> JSONValue in
            .object([
                "device": .string(card.card.id),
                "reason": .string(
                    card.modem ? "modem sound card" : card.silentReason(in: context)),
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
                    Evidence(device: $0.card.id, reason: $0.silentReason(in: context))
                } + undecided.map { Evidence(device: $0.id, reason: $0.reason) },
                details: details)
        }
        return CapabilityFinding(id: id, status: context.noCandidateStatus, details: details)
    }

    /// A USB audio function bound to `snd-usb-audio` whose sound card is not recorded.
    package struct CardlessUSBAudio {
        /// The USB device.
        package var id: String
        /// Its product name.
        package var name: String?
        /// Whether it captures: `true`, `false`, or `nil` when the recording cannot say.
        package var input: Bool?
        /// Whether it plays.
        package var output: Bool?
        /// The rule in words.
        package var reason: String
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
            if below.contains(where: { $0.is(.sound) && isCard($0.sysname) }) {
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

/// One ALSA sound card and its PCM devices, as ``AudioProber`` sees it.
package struct SoundCard: Sendable {
    /// The card record (`…/sound/cardN`).
    package var card: Device
    /// Capture PCM names (`pcmC0D0c`).
    package var capture: [String]
    /// Playback PCMs that reach the machine's own outputs (analog, S/PDIF, USB, ASoC).
    package var playback: [String]
    /// Playback PCMs that are HDMI/DisplayPort.
    var hdmi: [String]
    /// The card's name.
    package var name: String?
    /// The driver of the device the card belongs to.
    package var driver: String?
    /// `SOUND_FORM_FACTOR` (internal, webcam, headset, …).
    package var formFactor: String?
    /// Whether it is a modem card.
    var modem: Bool
    /// ALSA's PCM names by node (`pcmC0D3p` → `HDMI 0`), when procfs was read.
    var pcmNames: [String: String]
    /// Why the card counts as HDMI/DP-only, if it does.
    var hdmiReason: String?

    /// Reads a card and its PCMs.
    init(_ card: Device, in context: ProbeContext) {
        self.card = card
        let parent = context.parent(of: card)
        // Newer kernels put PCMs right under the card; older ones under its codec
        // (`…/card0/hdaudioC0D0/pcmC0D0p`): take them wherever they sit below the card.
        let pcms = context.descendants(of: card).filter { Self.pcmNumbers($0.sysname) != nil }
        name =
            card.property("ID_MODEL_FROM_DATABASE") ?? card.property("ID_MODEL")
            ?? parent.flatMap(BusFacts.name) ?? card.attribute("id") ?? parent?.sysname
        driver = parent?.driver ?? BusFacts.nearestDriver(card, in: context)
        formFactor = card.property("SOUND_FORM_FACTOR")
        modem =
            card.property("SOUND_CLASS") == "modem"
            || pcms.contains { $0.attribute("pcm_class") == "modem" }
        let pci = context.nearest(from: card) { $0.is(.pci) }
        let pciClass = pci.flatMap(BusFacts.pciClass)
        // Intel HDA numbering: 0 analog, 1 S/PDIF, 2 alternate analog, 3 and up HDMI/DP.
        let highDefinitionAudio = pciClass.map { $0 >> 8 == 0x0403 } ?? false
        let playbackNumbers = pcms.compactMap { Self.pcmNumbers($0.sysname) }.filter { !$0.capture }
        let captureNumbers = pcms.compactMap { Self.pcmNumbers($0.sysname) }.filter(\.capture)
        let words = [
            name, card.attribute("id"), card.property("ID_ID"), parent?.sysname, parent?.driver,
            pci.flatMap(BusFacts.name),
        ].compactMap { $0 }
        if let word = words.first(where: ALSAPCMInfo.namesDisplayAudio) {
            hdmiReason = "HDMI/DisplayPort audio device (name '\(word)')"
        } else if captureNumbers.isEmpty, let codecs = Self.displayCodecs(card, in: context) {
            hdmiReason = "HDA card whose codecs are all HDMI/DP (\(codecs))"
        } else if let pci, captureNumbers.isEmpty, Self.isGraphicsAudioFunction(pci, in: context) {
            hdmiReason =
                "audio function of a graphics card (PCI class 0x0403 next to a display controller)"
        } else if highDefinitionAudio, captureNumbers.isEmpty, !playbackNumbers.isEmpty,
            playbackNumbers.allSatisfy({ $0.device >= 3 })
        {
            hdmiReason = "HDA card with only HDMI/DP PCM device numbers (3 and up)"
        }
        var capture: [String] = []
        var playback: [String] = []
        var hdmi: [String] = []
        var pcmNames: [String: String] = [:]
        for pcm in pcms.sorted(by: { $0.sysname < $1.sysname }) {
            guard let numbers = Self.pcmNumbers(pcm.sysname) else { continue }
            // Live, ALSA names each PCM: that beats guessing from HDA device numbers.
            let alsa = pcm.facts.alsa
            if let name = alsa?.name { pcmNames[pcm.sysname] = name }
            if numbers.capture {
                capture.append(pcm.sysname)
            } else if let alsa, alsa.name != nil {
                if alsa.isDigitalDisplayOutput {
                    hdmi.append(pcm.sysname)
                } else {
                    playback.append(pcm.sysname)
                }
            } else if hdmiReason != nil || (highDefinitionAudio && numbers.device >= 3) {
                hdmi.append(pcm.sysname)
            } else {
                playback.append(pcm.sysname)
            }
        }
        self.capture = capture
        self.playback = playback
        self.hdmi = hdmi
        self.pcmNames = pcmNames
        if !pcmNames.isEmpty {
            // ALSA's names decide over the card-level guesses.
            hdmiReason =
                capture.isEmpty && playback.isEmpty && !hdmi.isEmpty
                ? "ALSA names every PCM HDMI/DisplayPort" : nil
        }
    }

    /// Whether the card has no PCM at all (mixer only, or DSP firmware not loaded).
    var hasNoPCM: Bool { capture.isEmpty && playback.isEmpty && hdmi.isEmpty }

    /// What was seen of a card without PCMs, in words. A loaded card always has its control
    /// device (`controlCN`), so a card with one but no PCM has not loaded its DSP firmware or
    /// topology; without one, the card's own devices are not in the recording at all, and the
    /// card is known only as the parent of what was recorded below it: its jack inputs
    /// (`HDA Intel PCH Headphone`), or nothing.
    /// - Parameter context: The records.
    /// - Returns: The reason shown in the evidence and in `details["ignored"]`.
    func silentReason(in context: ProbeContext) -> String {
        let below = context.descendants(of: card)
        if below.contains(where: { $0.is(.sound) && $0.sysname.hasPrefix("controlC") }) {
            // A platform card (`thinkpad_acpi`) is a mixer by design; a PCI or USB one has a
            // DSP whose firmware would add the PCMs.
            let onBus = context.nearest(from: card) { $0.is(.pci) || $0.is(.usb) } != nil
            return "sound card with a control device but no PCM devices"
                + (onBus ? " (DSP firmware or topology not loaded?)" : " (a mixer only)")
        }
        let jacks = below.filter(\.isInputDevice).map { $0.inputName ?? $0.sysname }.sorted()
        if jacks.isEmpty {
            return "sound card recorded without its control or PCM devices (a partial recording)"
        }
        let names = jacks.prefix(3).joined(separator: ", ") + (jacks.count > 3 ? ", …" : "")
        return "sound card seen only as the parent of \(jacks.count) jack input"
            + (jacks.count == 1 ? "" : "s") + " (\(names)): no control or PCM device recorded"
    }

    /// The entry for `details["devices"]`.
    package var detail: JSONValue {
        var object: [String: JSONValue] = [
            "device": .string(card.id), "capture": .array(capture.map(JSONValue.string)),
            "playback": .array(playback.map(JSONValue.string)),
            "hdmi": .array(hdmi.map(JSONValue.string)),
        ]
        if let name { object["name"] = .string(name) }
        if let driver { object["driver"] = .string(driver) }
        if let formFactor { object["formFactor"] = .string(formFactor) }
        if let hdmiReason { object["hdmiOnly"] = .string(hdmiReason) }
        if !pcmNames.isEmpty { object["pcmNames"] = .object(pcmNames.mapValues(JSONValue.string)) }
        if modem { object["modem"] = .bool(true) }
        return .object(object)
    }

    /// `pcmC0D3p` → (device 3, playback).
    static func pcmNumbers(_ name: String) -> (device: Int, capture: Bool)? {
        guard name.hasPrefix("pcmC"), let last = name.last, last == "p" || last == "c",
            let d = name.firstIndex(of: "D")
        else { return nil }
        let card = name[name.index(name.startIndex, offsetBy: 4)..<d]
        let device = name[name.index(after: d)..<name.index(before: name.endIndex)]
        guard !card.isEmpty, card.allSatisfy(\.isNumber), let number = Int(device) else {
            return nil
        }
        return (number, last == "c")
    }

    /// HDA codec vendors whose codecs are all HDMI/DP: ATI/AMD, NVIDIA and Intel (GPU codecs).
    static let displayCodecVendors: Set<Int> = [0x1002, 0x10de, 0x8086]

    /// The card's codecs (`hwCxDy` with `chip_name` or `vendor_id` recorded) when every one
    /// is an HDMI/DP codec, in words; `nil` when none is recorded or one is not.
    static func displayCodecs(_ card: Device, in context: ProbeContext) -> String? {
        let codecs = context.children(of: card).filter { $0.sysname.hasPrefix("hwC") }
        var names: [String] = []
        for codec in codecs {
            let chip = codec.attribute("chip_name")
            let vendor = codec.attribute("vendor_id").flatMap(BusFacts.hexNumber).map { $0 >> 16 }
            guard chip != nil || vendor != nil else { continue }
            let display =
                chip.map(ALSAPCMInfo.namesDisplayAudio) == true
                || vendor.map(displayCodecVendors.contains) == true
            guard display else { return nil }
            names.append(chip ?? codec.attribute("vendor_id") ?? codec.sysname)
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// A PCI audio function (class 0x0403) whose function 0 in the same slot is a display
    /// controller (class 0x03xxxx) of the same vendor: the HDMI/DP audio of a GPU. The vendor
    /// check keeps an APU's own analog HDA function (AMD 1022:15e3 beside ATI 1002:15bf in
    /// HP_ELITEBOOK_835) out.
    static func isGraphicsAudioFunction(_ pci: Device, in context: ProbeContext) -> Bool {
        guard let klass = BusFacts.pciClass(pci), klass >> 8 == 0x0403,
            let dot = pci.id.lastIndex(of: "."), !pci.id.hasSuffix(".0")
        else { return false }
        let functionZero = String(pci.id[..<dot]) + ".0"
        guard let sibling = context.device(functionZero),
            let siblingClass = BusFacts.pciClass(sibling)
        else {
            return false
        }
        guard siblingClass >> 16 == 0x03, let vendor = BusFacts.pciID(pci)?.prefix(4),
            let siblingVendor = BusFacts.pciID(sibling)?.prefix(4)
        else { return false }
        return vendor == siblingVendor
    }
}
