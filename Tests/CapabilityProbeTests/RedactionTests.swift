import Foundation
import Testing

@testable import CapabilityProbe

/// `list --redact` and `report` remove what identifies a machine and keep what classifies it.
@Suite struct RedactionTests {
    /// Every recording in Fixtures/ (dumps, umockdev recordings, snapshots).
    static let recordings: [String] = {
        let folders = ["udevadm", "umockdev", "snapshots"]
        return folders.flatMap { folder -> [String] in
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path(folder))) ?? []
            return names.filter {
                $0.hasSuffix(".txt") || $0.hasSuffix(".umockdev") || $0.hasSuffix(".json")
            }
            .sorted().map { "\(folder)/\($0)" }
        }
    }()

    static func verdicts(_ report: CapabilityReport) -> [String] {
        report.capabilities.map { "\($0.id) \($0.status) \($0.count)" }
    }

    @Test(arguments: recordings)
    func redactedRecordingClassifiesTheSame(path: String) throws {
        guard let inventory = try? Fixtures.inventory(path) else { return }  // not a recording
        let redacted = Redaction.redact(inventory)
        let classifier = CapabilityClassifier()
        #expect(
            Self.verdicts(classifier.classify(redacted))
                == Self.verdicts(classifier.classify(inventory)))
        // Values only: device ids are paths, and WMI GUIDs in them name interfaces, not machines.
        let values = redacted.devices.flatMap { device in
            device.properties.filter { $0.key != "DEVPATH" }.map(\.value)
                + Array(device.attributes.values)
                + device.links
        }
        let text = values.joined(separator: "\n")
        let mac = try NSRegularExpression(pattern: #"\b[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}\b"#)
        let uuid = try NSRegularExpression(
            pattern:
                #"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b"#)
        for pattern in [mac, uuid] {
            let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            #expect(
                match == nil,
                "\(match.flatMap { Range($0.range, in: text).map { String(text[$0]) } } ?? "")")
        }
        for device in redacted.devices {
            for key in ["ID_SERIAL", "ID_SERIAL_SHORT", "UNIQ", "ID_FS_UUID"] {
                #expect(device.properties[key].map { $0 == Redaction.marker } ?? true)
            }
        }
    }

    @Test func hostNameIsRemoved() {
        let inventory = DeviceInventory(
            source: SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true),
            machine: MachineIdentity(hostname: "alice-laptop"), devices: [])
        let redacted = Redaction.redact(inventory)
        #expect(redacted.machine.hostname == Redaction.marker)
        #expect(redacted.source.notes.last?.hasPrefix("redacted:") == true)
    }

    @Test func addressesAndUUIDsInsideValuesAreReplaced() {
        #expect(Redaction.scrub("bt 00:1A:7D:DA:71:13 here") == "bt [REMOVED] here")
        #expect(Redaction.scrub("uuid=0f8a3a9e-2b1c-4d5e-8f90-123456789abc") == "uuid=[REMOVED]")
        #expect(Redaction.scrub("pci-0000:00:14.0-usb-0:1:1.0") == "pci-0000:00:14.0-usb-0:1:1.0")
    }

    @Test func edidSerialIsBlankedAndTheEDIDStillDecodes() throws {
        let hex = try Fixtures.text("edid/SHP144A-87F8147E2B7B.txt")
        let bytes = try EDIDHexText.bytes(from: hex)
        let original = try EDID(bytes: bytes)
        let redacted = Redaction.redactEDID(Data(bytes))
        let decoded = try EDID(bytes: [UInt8](redacted))
        #expect(Array(redacted[12..<16]) == [0, 0, 0, 0])
        #expect(decoded.widthCM == original.widthCM)
        #expect(decoded.nativeMode?.mode == original.nativeMode?.mode)
        #expect(decoded.checksumsValid == original.checksumsValid)
    }
}
