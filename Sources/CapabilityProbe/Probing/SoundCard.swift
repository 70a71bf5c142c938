/// One ALSA sound card and its PCM devices, as ``AudioProber`` sees it.
struct SoundCard: Sendable {
    /// The card record (`…/sound/cardN`).
    var card: Device
    /// Capture PCM names (`pcmC0D0c`).
    var capture: [String]
    /// Playback PCMs that reach the machine's own outputs (analog, S/PDIF, USB, ASoC).
    var playback: [String]
    /// Playback PCMs that are HDMI/DisplayPort.
    var hdmi: [String]
    /// The card's name.
    var name: String?
    /// The driver of the device the card belongs to.
    var driver: String?
    /// `SOUND_FORM_FACTOR` (internal, webcam, headset, …).
    var formFactor: String?
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
        let pcms = context.children(of: card).filter { Self.pcmNumbers($0.sysname) != nil }
        name =
            card.property("ID_MODEL_FROM_DATABASE") ?? card.property("ID_MODEL")
            ?? parent.flatMap(BusFacts.name) ?? card.attribute("id") ?? parent?.sysname
        driver = parent?.driver ?? BusFacts.nearestDriver(card, in: context)
        formFactor = card.property("SOUND_FORM_FACTOR")
        modem =
            card.property("SOUND_CLASS") == "modem"
            || pcms.contains { $0.attribute("pcm_class") == "modem" }
        let pci = context.nearest(from: card) { $0.subsystem == "pci" }
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

    /// The entry for `details["devices"]`.
    var detail: JSONValue {
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
