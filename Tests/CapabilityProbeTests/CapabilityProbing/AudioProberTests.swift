import Foundation
import Testing

@testable import CapabilityProbe

/// `audio.input`/`audio.output`: PCMs under an HDA codec count for their card; a sound card
/// without PCMs has evidence that says what was recorded of it, not a guess about firmware
/// (`Fixtures/excerpts/README.md`, `Fixtures/udevadm/README.md`).
@Suite struct AudioProberTests {
    @Test func aCardSeenOnlyAsTheParentOfJackInputsSaysSo() throws {
        let report = try Fixtures.report("excerpts/dell-latitude-e4310-jack-inputs.txt")
        for id in ["audio.input", "audio.output"] {
            let finding = try #require(report.finding(id))
            #expect(finding.status == .unknown, "\(id)")
            let reason = try #require(finding.evidence.first?.reason)
            #expect(
                reason.hasPrefix("sound card seen only as the parent of 6 jack inputs (HDA Intel"),
                "\(reason)")
            #expect(reason.hasSuffix(", …): no control or PCM device recorded"))
            #expect(!reason.contains("DSP firmware"))
        }
    }

    @Test func theWholeDumpOfTheSameCardHasItsPCMs() throws {
        let report = try Fixtures.report("udevadm/DELL_LATITUDEE4310.txt")
        #expect(report.finding("audio.input")?.status == .present)
        #expect(report.finding("audio.output")?.status == .present)
    }

    @Test func aMixerOnlyPlatformCardIsIgnoredAsAMixerNotAsMissingFirmware() throws {
        // LENOVO_T430S: thinkpad_acpi's card29 has a control device and no PCM.
        let report = try Fixtures.report("udevadm/LENOVO_T430S.txt")
        let ignored = report.finding("audio.input")?.details["ignored"]?.arrayValue ?? []
        let card29 = ignored.compactMap(\.objectValue).first {
            $0["device"]?.stringValue?.hasSuffix("/card29") == true
        }
        #expect(
            card29?["reason"]?.stringValue
                == "sound card with a control device but no PCM devices (a mixer only)")
    }

    @Test func findsPCMsThatSitUnderTheCodecOfTheCard() throws {
        let report = try Fixtures.report("umockdev/hda-codec-pcms.umockdev")
        let input = try #require(report.finding("audio.input"))
        #expect(input.status == .present)
        #expect(input.count == 1)
        let output = try #require(report.finding("audio.output"))
        #expect(output.status == .present)
        #expect(output.count == 1)
        let card = try #require(output.details["devices"]?.arrayValue?.first?.objectValue)
        #expect(card["capture"] == .array(["pcmC0D0c"]))
        #expect(card["playback"] == .array(["pcmC0D0p"]))
        #expect(output.details["ignored"] == nil)
    }
}
