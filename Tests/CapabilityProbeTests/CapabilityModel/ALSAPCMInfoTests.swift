import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityMatrix
@testable import CapabilityModel
@testable import CapabilityProbing

@Suite struct ALSAPCMInfoTests {
    @Test func parsesTheProcInfoFile() throws {
        let text = """
            card: 0
            device: 3
            subdevice: 0
            stream: PLAYBACK
            id: HDMI 0
            name: HDMI 0
            subname: subdevice #0
            class: 0
            """
        let info = try #require(ALSAPCMInfo.parse(text))
        #expect(info.name == "HDMI 0")
        #expect(info.stream == "PLAYBACK")
        #expect(info.isDigitalDisplayOutput)
        #expect(ALSAPCMInfo.parse("garbage without fields") == nil)
        #expect(try ALSAPCMInfo.decoded(from: .of(info)) == info)
    }

    @Test(arguments: [("pcmC0D3p", 0, 3, "p"), ("pcmC12D0c", 12, 0, "c")])
    func readsPCMNumbers(name: String, card: Int, device: Int, direction: String) throws {
        let numbers = try #require(ALSAPCMInfo.numbers(ofPCMNamed: name))
        #expect(
            numbers.card == card && numbers.device == device
                && String(numbers.direction) == direction)
    }

    static func card(_ pcms: [(String, String?)], pciClass: String = "0x040300") -> [Device] {
        let pci = "/devices/pci0000:00/0000:00:1b.0"
        var devices = [
            Device(
                id: pci, subsystem: "pci", driver: "snd_hda_intel",
                properties: ["PCI_CLASS": "40300", "PCI_ID": "8086:1C20"]),
            Device(id: pci + "/sound/card0", subsystem: "sound", attributes: ["id": "PCH"]),
        ]
        for (name, alsa) in pcms {
            var facts = KernelFacts()
            if let alsa { facts.alsa = ALSAPCMInfo(id: alsa, name: alsa) }
            devices.append(
                Device(
                    id: pci + "/sound/card0/" + name, subsystem: "sound",
                    devnode: "/dev/snd/" + name, facts: facts))
        }
        return DeviceTree.linkParents(devices)
    }

    static func output(_ pcms: [(String, String?)]) -> CapabilityFinding? {
        let devices = card(pcms)
        let inventory = DeviceInventory(
            source: SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true),
            machine: MachineIdentity(), devices: devices)
        return CapabilityClassifier().classify(inventory).finding("audio.output")
    }

    @Test func alsaNamesDecideWhichPlaybackIsHDMI() {
        // An HDA card whose analog output is device 3 (guessing by number would call it HDMI).
        let finding = Self.output([("pcmC0D3p", "ALC3246 Analog"), ("pcmC0D7p", "HDMI 1")])
        #expect(finding?.status == .present)
        let card = finding?.details["devices"]?.arrayValue?.first?.objectValue
        #expect(card?["playback"] == .array(["pcmC0D3p"]))
        #expect(card?["hdmi"] == .array(["pcmC0D7p"]))
        #expect(card?["pcmNames"]?.objectValue?["pcmC0D7p"] == "HDMI 1")
    }

    @Test func aCardALSANamesAllHDMIIsNoSpeaker() {
        let finding = Self.output([("pcmC0D3p", "HDMI 0"), ("pcmC0D7p", "HDMI 1")])
        #expect(finding?.status == .absent)
    }

    @Test func withoutALSANamesHDANumbersStillDecide() {
        let finding = Self.output([("pcmC0D0p", nil), ("pcmC0D3p", nil)])
        let card = finding?.details["devices"]?.arrayValue?.first?.objectValue
        #expect(card?["playback"] == .array(["pcmC0D0p"]))
        #expect(card?["hdmi"] == .array(["pcmC0D3p"]))
    }
}
