import Foundation
import Testing

@testable import CapabilityProbe
@testable import CapabilityModel
@testable import CapabilityProbing

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

    /// `report` classifies records as read and removes only the host name: its feature table
    /// (statuses, counts' rows, numbers, column names) must be the one redacted records give,
    /// names from this machine's databases included as `report` adds them.
    @Test(arguments: recordings)
    func featureTableOfRecordsAsReadIsTheRedactedOnes(path: String) throws {
        guard let read = try? Fixtures.inventory(path) else { return }  // not a recording
        var inventory = RecordedDeviceNames.enrich(read)
        inventory.machine.hostname = inventory.machine.hostname ?? "alice-laptop"
        let classifier = CapabilityClassifier()
        let redacted = classifier.classify(Redaction.redact(inventory))
        let asRead = classifier.classify(Redaction.redactHostName(inventory))
        // The column name comes from the machine, which the two share.
        #expect(asRead.machine == redacted.machine)
        #expect(asRead.machine.hostname == Redaction.marker)
        #expect(
            FeatureTable(machines: [(path, asRead)]) == FeatureTable(machines: [(path, redacted)]))
    }

    @Test func hostNameOnlyLeavesTheRecordsAsTheyAre() {
        let device = Device(
            id: "/devices/usb1/1-1", subsystem: "usb", properties: ["ID_SERIAL": "S1234"],
            attributes: ["serial": "S1234"])
        let inventory = DeviceInventory(
            source: SourceInfo(kind: .live, udevDatabase: false, attributes: true, complete: true),
            machine: MachineIdentity(hostname: "alice-laptop"), devices: [device])
        let redacted = Redaction.redactHostName(inventory)
        #expect(redacted.machine.hostname == Redaction.marker)
        #expect(redacted.devices == inventory.devices)
        #expect(redacted.source == inventory.source)
        #expect(
            Redaction.redactHostName(
                DeviceInventory(source: inventory.source, machine: MachineIdentity(), devices: [])
            ).machine.hostname == nil)
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

    /// systemd's MAC-based interface names keep their prefix and lose the address, wherever
    /// they stand; a longer word or fewer hex digits is left alone.
    @Test func macInsideInterfaceNamesIsReplaced() {
        #expect(Redaction.scrubInterfaceNames("enx001a2b3c4d5e") == "enx[REMOVED]")
        #expect(
            Redaction.scrubInterfaceNames("/sys/subsystem/net/devices/wlx001A2B3C4D5E")
                == "/sys/subsystem/net/devices/wlx[REMOVED]")
        #expect(Redaction.scrubInterfaceNames("enx001a2b3c4d5") == "enx001a2b3c4d5")
        #expect(Redaction.scrubInterfaceNames("aenx001a2b3c4d5e") == "aenx001a2b3c4d5e")
        #expect(Redaction.scrubInterfaceNames("enx001a2b3c4d5e0") == "enx001a2b3c4d5e0")
        let device = Device(
            id: "/devices/usb1/1-1/1-1:1.0/net/enx001a2b3c4d5e", subsystem: "net",
            properties: ["INTERFACE": "enx001a2b3c4d5e", "ID_NET_NAME": "enx001a2b3c4d5e"])
        let redacted = Redaction.redact(device)
        #expect(redacted.id == "/devices/usb1/1-1/1-1:1.0/net/enx[REMOVED]")
        #expect(redacted.properties["INTERFACE"] == "enx[REMOVED]")
        #expect(redacted.properties["ID_NET_NAME"] == "enx[REMOVED]")
    }

    /// The regular expressions `scrub` was written from, applied as it used to apply them.
    static func scrubbedByRegularExpressions(_ value: String) -> String {
        guard value.count >= 17, value.contains(where: { $0 == ":" || $0 == "-" }) else {
            return value
        }
        let patterns = [
            #"\b[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\b"#,
            #"\b[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}\b"#,
        ].compactMap { try? NSRegularExpression(pattern: $0) }
        var result = value
        for pattern in patterns {
            result = pattern.stringByReplacingMatches(
                in: result, range: NSRange(result.startIndex..., in: result),
                withTemplate: Redaction.marker)
        }
        return result
    }

    @Test func scrubbingAgreesWithTheRegularExpressionsItReplaced() {
        let crafted = [
            "00:1a:2b:3c:4d:5e", "00-1A-2B-3C-4D-5E", "00:1a-2b:3c:4d:5e", "x00:1a:2b:3c:4d:5e",
            "_00:1a:2b:3c:4d:5e", "00:1a:2b:3c:4d:5e:6f", "é00:1a:2b:3c:4d:5e",
            "[00:1a:2b:3c:4d:5e]",
            "00:1a:2b:3c:4d:5e\u{0301}", "\u{0301}00:1a:2b:3c:4d:5e", "é\u{0301}00:1a:2b:3c:4d:5e",
            "00:1a:2b:3c:4d:5e\u{00AD}x", "٣00:1a:2b:3c:4d:5e",
            "mac=00:1a:2b:3c:4d:5e,00:1a:2b:3c:4d:5f",
            "123e4567-e89b-12d3-a456-426614174000", "g123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-42661417400012", "uuid 123e4567-e89b-12d3-a456-426614174000.",
            "123e4567-e89b-12d3-a456-426614174000\u{200D}", "00:11:22:33:44:55:66:77:88:99:aa:bb",
        ]
        // A fixed pseudo-random sequence (xorshift) over an alphabet that exercises every rule.
        let alphabet: [String] = [
            "0", "a", "F", "9", ":", "-", "g", "_", " ", "é", "\u{0301}", "\u{200D}", "\u{00AD}",
            "٣", "[", "Ω",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(alphabet.count))
        }
        func hex(_ count: Int) -> String {
            (0..<count).map { _ in ["0", "a", "F", "9", "c", "7", "E", "1"][next() % 8] }.joined()
        }
        // Addresses and UUIDs, each possibly with one symbol changed, between random symbols.
        var generated: [String] = []
        for _ in 0..<3000 {
            let separator = next() % 2 == 0 ? ":" : "-"
            var body: [String] =
                next() % 2 == 0
                ? [hex(8), "-", hex(4), "-", hex(4), "-", hex(4), "-", hex(12)]
                : (0..<6).map { hex(2) + ($0 < 5 ? separator : "") }
            body = Array(body.joined().map(String.init))
            if next() % 3 == 0 { body[next() * body.count / alphabet.count] = alphabet[next()] }
            let prefix = (0..<(next() % 3)).map { _ in alphabet[next()] }
            let suffix = (0..<(next() % 3)).map { _ in alphabet[next()] }
            let tail = next() % 4 == 0 ? separator + hex(2) : ""
            generated.append((prefix + body + suffix).joined() + tail)
        }
        var replaced = 0
        for value in crafted + generated {
            let expected = Self.scrubbedByRegularExpressions(value)
            #expect(Redaction.scrub(value) == expected, "\(value.debugDescription)")
            if expected != value { replaced += 1 }
        }
        // The sample is only worth something if it holds both kinds of value.
        #expect(replaced > 100 && replaced < crafted.count + generated.count - 100)
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
